import type { ComponentProps } from "react";
import { formatShortDate } from "../../domain/dates";
import type { InspectFormResult } from "../../domain/returns";
import type { ShipFormResult } from "../../domain/shipping";
import { EmptyState, Panel } from "../kit/panel";
import { SvgBarChart } from "../kit/svg-bar-chart";
import { SellerOrders } from "../seller/lists";
import { ReturnsToCheck, type ReturnToCheck } from "../seller/returns-to-check";
import { StoreOrders } from "../store/lists";
import { BeingPrepared } from "./being-prepared";
import { HandlerClaims } from "./handler-claims";
import { ToSend } from "./to-send";

// The handler's Orders tab, one for the seller dashboard and the store dashboard (decision 0100):
// claims about their items, the items to post, returned rentals being prepared (decision 0080)
// and their orders. The seller's tab also lists the returns to check and their earnings per week;
// the store's orders carry their inspection forms within. Its data: handler-orders-tab.server.ts.

interface Common {
  claims: ComponentProps<typeof HandlerClaims>["claims"];
  toSend: ComponentProps<typeof ToSend>["orders"];
  preparing: { items: ComponentProps<typeof BeingPrepared>["items"]; turnaroundDays: number };
}
export type HandlerOrdersTabData =
  | (Common & {
      handler: "seller";
      returns: ReturnToCheck[];
      weeks: { weekStart: number; amount: number }[];
      orders: ComponentProps<typeof SellerOrders>["orders"];
    })
  | (Common & { handler: "store"; orders: ComponentProps<typeof StoreOrders>["orders"] });

const NO_ORDERS = {
  seller: "No orders yet. Orders for your products will appear here.",
  store: "No orders yet. Orders for your store's products will appear here.",
};

/** The Orders tab; `result` is what the tab's last form (ship, inspect, turnaround) answered. */
export function HandlerOrdersTab({
  tab,
  labels,
  now,
  zone,
  action,
  result,
}: {
  tab: HandlerOrdersTabData;
  labels: boolean;
  now: number;
  zone: string | null;
  action: string;
  result?: object;
}) {
  const preparingError = (result as { errors?: { turnaroundDays?: string } } | undefined)?.errors?.turnaroundDays;
  return (
    <>
      <HandlerClaims claims={tab.claims} zone={zone} />
      <ToSend
        orders={tab.toSend}
        action={action}
        result={result as ShipFormResult | undefined}
        now={now}
        labels={labels}
        zone={zone}
      />
      <BeingPrepared {...tab.preparing} zone={zone} action={action} error={preparingError} />
      {tab.handler === "seller" && tab.returns.length > 0 ? (
        <ReturnsToCheck returns={tab.returns} action={action} result={result as InspectFormResult | undefined} />
      ) : null}
      {tab.handler === "seller" ? (
        <SvgBarChart
          title="Your earnings per week (last 12 weeks)"
          points={tab.weeks.map((w) => ({ label: formatShortDate(w.weekStart), value: w.amount }))}
        />
      ) : null}
      <Panel title="Orders">
        {tab.orders.length === 0 ? (
          <EmptyState>{NO_ORDERS[tab.handler]}</EmptyState>
        ) : tab.handler === "seller" ? (
          <SellerOrders orders={tab.orders} now={now} />
        ) : (
          <StoreOrders orders={tab.orders} now={now} action={action} result={result as InspectFormResult | undefined} />
        )}
      </Panel>
    </>
  );
}
