import type { ComponentProps } from "react";
import { formatShortDate } from "../../domain/dates";
import type { InspectFormResult } from "../../domain/returns";
import { SvgBarChart } from "../kit/svg-bar-chart";
import { HandlerOrdersTab, type HandlerOrdersTabData, type OrdersTabProps } from "../order/handler-orders-tab";
import { SellerOrders } from "./orders-list";
import { ReturnsToCheck, type ReturnToCheck } from "./returns-to-check";

/**
 * The seller dashboard's Orders tab: the handlers' tab (decision 0100) with their returns to check,
 * their earnings per week and their orders.
 */
export function SellerOrdersTab({
  tab,
  ...shared
}: OrdersTabProps & {
  tab: HandlerOrdersTabData & {
    returns: ReturnToCheck[];
    weeks: { weekStart: number; amount: number }[];
    orders: ComponentProps<typeof SellerOrders>["orders"];
  };
}) {
  return (
    <HandlerOrdersTab
      tab={tab}
      {...shared}
      empty="No orders yet. Orders for your products will appear here."
      list={<SellerOrders orders={tab.orders} now={shared.now} />}
    >
      {tab.returns.length > 0 ? (
        <ReturnsToCheck
          returns={tab.returns}
          action={shared.action}
          result={shared.result as InspectFormResult | undefined}
        />
      ) : null}
      <SvgBarChart
        title="Your earnings per week (last 12 weeks)"
        points={tab.weeks.map((w) => ({ label: formatShortDate(w.weekStart), value: w.amount }))}
      />
    </HandlerOrdersTab>
  );
}
