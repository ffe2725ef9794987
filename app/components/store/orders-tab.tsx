import type { ComponentProps } from "react";
import { showReference } from "../../domain/order-reference";
import { timeAgo } from "../../domain/dates";
import { formatGBP } from "../../domain/money";
import type { MoneyLine } from "../../domain/order-money";
import type { InspectFormResult } from "../../domain/returns";
import { HandlerMoney } from "../order/money";
import { HandlerOrdersTab, type HandlerOrdersTabData, type OrdersTabProps } from "../order/handler-orders-tab";
import { InspectForm, type ReturnSent } from "../order/inspect";
import { StatusBadge } from "../kit/badge";

// The store dashboard's Orders tab (seller-store-admin.md §2 Store dashboard), apart from the other
// tabs so that the tab loads only its own code (decision 0127).

export interface StoreOrder {
  id: string;
  reference: string | null;
  status: string;
  placedAt: number;
  items: {
    id: string;
    name: string;
    type: string;
    price: number;
    status: string;
    inspection: string | null;
    awaitsInspection: boolean;
    sent: ReturnSent;
  }[];
  money: { lines: MoneyLine[]; total: number };
}

/** Orders with the store's products; a returned concierge rental gets the inspection forms. */
export function StoreOrders({
  orders,
  now,
  action,
  result,
}: {
  orders: StoreOrder[];
  now: number;
  action: string;
  result?: InspectFormResult;
}) {
  return (
    <ul className="divide-y divide-stone-100">
      {orders.map((order) => (
        <li key={order.id} className="py-3">
          <p className="flex flex-wrap items-center gap-2 text-sm">
            <span className="font-medium">{`Order ${showReference(order.reference)}`}</span>
            <StatusBadge status={order.status} />
            <span className="text-stone-600">{timeAgo(order.placedAt, now)}</span>
          </p>
          <ul className="mt-2 space-y-2">
            {order.items.map((item) => (
              <li key={item.id} className="flex flex-wrap items-center gap-2 text-sm">
                <span>{item.name}</span>
                <span className="text-stone-600">
                  {item.type === "rental" ? "Rental" : "Purchase"} · {formatGBP(item.price)}
                </span>
                <StatusBadge status={item.status} />
                {item.inspection ? (
                  <span className="text-stone-600">
                    {item.inspection === "good"
                      ? "Received in good condition"
                      : item.inspection === "damaged"
                        ? "Damaged"
                        : "Not returnable"}
                  </span>
                ) : null}
                {item.awaitsInspection ? (
                  <InspectForm itemId={item.id} name={item.name} sent={item.sent} action={action} result={result} />
                ) : null}
              </li>
            ))}
          </ul>
          <HandlerMoney money={order.money} />
        </li>
      ))}
    </ul>
  );
}

/** The store dashboard's Orders tab: the handlers' tab (decision 0100) with its orders, their inspections within. */
export function StoreOrdersTab({
  tab,
  ...shared
}: OrdersTabProps & { tab: HandlerOrdersTabData & { orders: ComponentProps<typeof StoreOrders>["orders"] } }) {
  return (
    <HandlerOrdersTab
      tab={tab}
      {...shared}
      empty="No orders yet. Orders for your store's products will appear here."
      list={
        <StoreOrders
          orders={tab.orders}
          now={shared.now}
          action={shared.action}
          result={shared.result as InspectFormResult | undefined}
        />
      }
    />
  );
}
