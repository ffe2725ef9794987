import type { ComponentProps, ReactNode } from "react";
import { Link } from "react-router";
import type { ShipFormResult } from "../../domain/shipping";
import { EmptyState, Panel } from "../kit/panel";
import { BeingPrepared } from "./being-prepared";
import { HandlerClaims } from "./handler-claims";
import { ToSend } from "./to-send";

// The handler's Orders tab, one for the seller dashboard and the store dashboard (decision 0100):
// claims about their items, the items to post, returned rentals being prepared (decision 0080)
// and their orders. Each dashboard gives its own list of orders and its own panels (the seller's
// returns to check and earnings; the store's orders carry their inspection forms), so neither
// page loads the other's list (components/seller/orders-tab.tsx, components/store/tabs.tsx).
// Its data: app/data/handler-orders-tab.server.ts.

export interface HandlerOrdersTabData {
  claims: ComponentProps<typeof HandlerClaims>["claims"];
  toSend: ComponentProps<typeof ToSend>["orders"];
  preparing: { items: ComponentProps<typeof BeingPrepared>["items"]; turnaroundDays: number };
  orders: unknown[];
  /** The cursor of the page of older orders, when there are (decision 0108). */
  older: string | null;
  /** Whether this page is not the newest. */
  newer: boolean;
}

/** What both dashboards pass on to their Orders tab; `result` is what the tab's last form answered. */
export interface OrdersTabProps {
  labels: boolean;
  now: number;
  zone: string | null;
  action: string;
  /** The address of a page of orders: the newest (null), or those older than an order. */
  pageHref: (before: string | null) => string;
  result?: object;
}

export function HandlerOrdersTab({
  tab,
  labels,
  now,
  zone,
  action,
  pageHref,
  result,
  empty,
  list,
  children,
}: OrdersTabProps & {
  tab: HandlerOrdersTabData;
  /** What the Orders panel says while there is none. */
  empty: string;
  /** The handler's own list of its orders. */
  list: ReactNode;
  /** The handler's own panels, between 'Being prepared' and the orders. */
  children?: ReactNode;
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
      {children}
      <Panel title="Orders">
        {tab.orders.length === 0 ? <EmptyState>{tab.newer ? "No older orders." : empty}</EmptyState> : list}
        {tab.newer || tab.older ? (
          <nav aria-label="Pages of orders" className="mt-4 flex items-center justify-between text-sm">
            {tab.newer ? (
              <Link to={pageHref(null)} className="text-brand underline">
                Newest orders
              </Link>
            ) : (
              <span />
            )}
            {tab.older ? (
              <Link to={pageHref(tab.older)} className="text-brand underline">
                Older orders
              </Link>
            ) : null}
          </nav>
        ) : null}
      </Panel>
    </>
  );
}
