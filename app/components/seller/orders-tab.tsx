import type { ComponentProps } from "react";
import { formatShortDate } from "../../domain/dates";
import type { InspectFormResult } from "../../domain/returns";
import type { ShipFormResult } from "../../domain/shipping";
import { EmptyState, Panel } from "../kit/panel";
import { SvgBarChart } from "../kit/svg-bar-chart";
import { BeingPrepared } from "../order/being-prepared";
import { HandlerClaims } from "../order/handler-claims";
import { ToSend } from "../order/to-send";
import { SellerOrders } from "./lists";
import { ReturnsToCheck, type ReturnToCheck } from "./returns-to-check";

/**
 * The seller dashboard's Orders tab: claims about their items, the items to post, returned rentals
 * being prepared (decision 0080), returns to check, their earnings per week and their orders.
 */
export function SellerOrdersTab({
  claims,
  toSend,
  labels,
  preparing,
  preparingError,
  returns,
  weeks,
  orders,
  now,
  zone,
  action,
  result,
}: {
  claims: ComponentProps<typeof HandlerClaims>["claims"];
  toSend: ComponentProps<typeof ToSend>["orders"];
  labels: boolean;
  preparing: Omit<ComponentProps<typeof BeingPrepared>, "action" | "error"> | null;
  preparingError?: string;
  returns: ReturnToCheck[];
  weeks: { weekStart: number; amount: number }[];
  orders: ComponentProps<typeof SellerOrders>["orders"];
  now: number;
  zone: string | null;
  action: string;
  result?: object;
}) {
  return (
    <>
      <HandlerClaims claims={claims} zone={zone} />
      <ToSend
        orders={toSend}
        action={action}
        result={result as ShipFormResult | undefined}
        now={now}
        labels={labels}
        zone={zone}
      />
      {preparing ? <BeingPrepared {...preparing} zone={zone} action={action} error={preparingError} /> : null}
      {returns.length > 0 ? (
        <ReturnsToCheck returns={returns} action={action} result={result as InspectFormResult | undefined} />
      ) : null}
      <SvgBarChart
        title="Your earnings per week (last 12 weeks)"
        points={weeks.map((w) => ({ label: formatShortDate(w.weekStart), value: w.amount }))}
      />
      <Panel title="Orders">
        {orders.length === 0 ? (
          <EmptyState>No orders yet. Orders for your products will appear here.</EmptyState>
        ) : (
          <SellerOrders orders={orders} now={now} />
        )}
      </Panel>
    </>
  );
}
