import { Link } from "react-router";
import { accountStatusTone, shortOrderId } from "../../../domain/account";
import { formatLongDate } from "../../../domain/dates";
import { formatGBP } from "../../../domain/money";
import { EmptyState, Pagination, Panel, StatusBadge } from "../../../components/dashboard";
import type { LoaderData } from "./types";

export function Orders({ data }: { data: LoaderData }) {
  if (!("orders" in data) || !data.orders) return null;
  const { orders, hasNext } = data.orders;
  if (orders.length === 0 && data.page === 1) return <EmptyState>You haven&apos;t placed any orders yet</EmptyState>;
  return (
    <Panel title="My Orders">
      <div className="overflow-x-auto">
        <table className="w-full text-left text-sm">
          <thead className="border-b border-stone-200 text-stone-600">
            <tr>
              <th scope="col" className="py-2 pr-4 font-medium">Order ID</th>
              <th scope="col" className="py-2 pr-4 font-medium">Date</th>
              <th scope="col" className="py-2 pr-4 font-medium">Status</th>
              <th scope="col" className="py-2 text-right font-medium">Total paid</th>
            </tr>
          </thead>
          <tbody>
            {orders.map((order) => (
              <tr key={order.id} className="border-b border-stone-100">
                <td className="py-2 pr-4 font-mono">
                  <Link to={`/account/orders/${order.id}`} className="text-brand underline">
                    {shortOrderId(order.id)}
                    <span className="sr-only">{` (order ${order.id})`}</span>
                  </Link>
                </td>
                <td className="py-2 pr-4">{formatLongDate(order.createdAt)}</td>
                <td className="py-2 pr-4"><StatusBadge status={order.status} tone={accountStatusTone(order.status)} /></td>
                <td className="py-2 text-right">{formatGBP(order.totalPaid)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Pagination page={"page" in data ? (data.page ?? 1) : 1} hasNext={hasNext} href={(p) => `/account?tab=orders&page=${p}`} />
    </Panel>
  );
}
