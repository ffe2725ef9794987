import { Link } from "react-router";
import { accountStatusVariant } from "../../../domain/account";
import { showReference } from "../../../domain/order-reference";
import { formatLongDate } from "../../../domain/dates";
import { formatGBP } from "../../../domain/money";
import { returnOrBuyBy } from "../../../domain/order-lifecycle";
import { EmptyState, Panel } from "../../../components/kit/panel";
import { DataTable } from "../../../components/kit/data-table";
import { listHref } from "../../../components/kit/paging";
import { StatusBadge } from "../../../components/kit/badge";
import type { LoaderData } from "./types";

export function Orders({ data }: { data: LoaderData }) {
  if (!("orders" in data) || !data.orders) return null;
  const { orders, hasNext } = data.orders;
  if (orders.length === 0 && data.page === 1) return <EmptyState>You haven&apos;t placed any orders yet</EmptyState>;
  return (
    <Panel title="My Orders">
      <DataTable
        caption="Your orders, newest first"
        rows={orders}
        empty="You haven't placed any orders yet"
        paging={{
          page: "page" in data ? (data.page ?? 1) : 1,
          hasNext,
          href: (p) => listHref("/account?tab=orders", {}, p),
        }}
        columns={[
          {
            header: "Order ID",
            className: "font-mono",
            cell: (order) => (
              <Link to={`/account/orders/${order.id}`} className="text-brand underline">
                {showReference(order.reference)}
              </Link>
            ),
          },
          { header: "Date", cell: (order) => formatLongDate(order.createdAt, data.zone) },
          {
            header: "Status",
            cell: (order) => (
              <>
                <StatusBadge status={order.status} variant={accountStatusVariant(order.status)} />
                {order.rentalEndsAt ? (
                  <span className="mt-1 block text-xs text-stone-700">{returnOrBuyBy(order.rentalEndsAt)}</span>
                ) : null}
              </>
            ),
          },
          { header: "Total", numeric: true, cell: (order) => formatGBP(order.total) },
        ]}
      />
    </Panel>
  );
}
