import { Link } from "react-router";
import { timeAgo } from "../../domain/dates";

/** The staff alert for checkout payments that did not match their order (decision 0072). */
export function PaymentIssues({
  orders,
  now,
}: {
  orders: { id: string; issue: string | null; at: number | null; shopperEmail: string; refunded: number }[];
  now: number;
}) {
  return (
    <section
      role="alert"
      aria-labelledby="panel-payment-issues"
      className="mb-6 rounded-lg border border-red-300 bg-red-50 p-4"
    >
      <h2 id="panel-payment-issues" className="text-lg font-semibold text-red-900">
        Payments that did not match their order
      </h2>
      <p className="mt-1 text-sm text-red-900">
        These orders were held, not confirmed: their items went back on sale and what was paid is refunded. Check each
        one with the shopper and in the payment provider.
      </p>
      <ul className="mt-3 divide-y divide-red-200">
        {orders.map((order) => (
          <li key={order.id} className="py-2 text-sm break-words">
            Order{" "}
            <Link to={`/account/orders/${order.id}`} className="font-mono underline">
              {order.id}
            </Link>{" "}
            · {order.shopperEmail} · {order.issue}
            {" · "}
            {order.refunded ? "Refunded" : "Refund pending: the daily job retries it"}
            {order.at ? ` · ${timeAgo(order.at, now)}` : ""}
          </li>
        ))}
      </ul>
    </section>
  );
}
