import { Form } from "react-router";
import type { Route } from "./+types/order";
import type { OrderDetail } from "../../data/account.server";
import { formatLongDate, timeFor } from "../../domain/dates";
import { label, type ItemStatus } from "../../domain/order-lifecycle";
import { ConfirmItems, ReceivedForm } from "../../components/order/trade";
import { FormAlert } from "../../components/forms";
import { addressLines } from "../../domain/postal-address";
import { NOT_POSTED, type OrderActionData } from "../../components/order/item-line";

// The parts of an order's page (seller-store-admin.md §5 My Orders; decisions 0021, 0041, 0042,
// 0055): the order-wide parts, the addresses and the history; each item is
// app/components/order/item-line.tsx. Split from order.tsx (issue 28: files of one purpose).

export function AwaitingPayment({
  awaiting,
}: {
  awaiting: { url: string | null; placed: boolean; until: number | null; zone?: string | null };
}) {
  const until = awaiting.until ? ` until ${timeFor(awaiting.until, awaiting.zone)}` : "";
  return (
    <section
      aria-labelledby="awaiting-title"
      className="rounded-lg border border-amber-300 bg-amber-50 p-4"
      data-testid="awaiting-payment"
    >
      {awaiting.placed ? <meta httpEquiv="refresh" content="3" /> : null}
      {/* Only the page the payment page returns to after paying refreshes itself (every 3 s). Reached
          otherwise (from My Orders, or by leaving the payment page), nothing says a payment was made (decision 0068). */}
      <h2 id="awaiting-title" className="text-lg font-semibold">
        {awaiting.placed ? "Waiting for payment confirmation" : "Waiting for your payment"}
      </h2>
      <p className="mt-1 text-sm text-stone-700">
        {awaiting.placed
          ? `Your items are reserved${until} while we wait for the payment provider to confirm your payment. This page updates by itself; you will also get an e-mail once the order is confirmed.`
          : `Your items are reserved${until}, waiting for your payment. If you have just paid, it is being confirmed: reload this page to see it, and you will get an e-mail once the order is confirmed.`}
      </p>
      {awaiting.url ? (
        <div className="mt-2 space-y-2 text-sm">
          <p>
            Not paid yet?{" "}
            <a href={awaiting.url} className="font-semibold text-brand underline">
              Go to the payment page
            </a>
          </p>
          {/* Changed your mind: the items go back on sale now, not when the reservation runs out (decision 0067). */}
          <details>
            <summary className="cursor-pointer font-medium text-red-700 underline">Cancel this order</summary>
            <Form method="post" className="mt-2 flex flex-wrap items-center gap-3" aria-label="Cancel this order">
              <p>Nothing has been charged, and its items go back on sale.</p>
              <button
                type="submit"
                name="intent"
                value="cancel_order"
                className="rounded-md bg-red-700 px-3 py-1.5 font-medium text-white"
              >
                Cancel order
              </button>
            </Form>
          </details>
        </div>
      ) : null}
    </section>
  );
}

/** The order-wide actions: 'I have received it' for what was posted, 'Cancel order' while nothing was. */
export function ShopperActions({
  order,
  result,
}: {
  order: Route.ComponentProps["loaderData"]["order"];
  result?: OrderActionData;
}) {
  const live = order.items.filter((i) => i.status !== "cancelled");
  const shipped = live.filter((i) => i.status === "shipped").map((i) => i.id);
  const cancellable = live.length > 0 && live.every((i) => NOT_POSTED.has(i.status));
  if (shipped.length === 0 && !cancellable) return null;
  return (
    <div className="space-y-3">
      {result?.alert && (result.intent === "cancel_order" || result.intent === "confirm_delivery") ? (
        <FormAlert title={result.alert.title} message={result.alert.message} />
      ) : null}
      <ReceivedForm itemIds={shipped} />
      {cancellable ? (
        <ConfirmItems
          label="Cancel order"
          intent="cancel_order"
          itemIds={live.map((i) => i.id)}
          question="Cancel this order? Nothing has been posted yet: the items go back on sale, nothing is taken for them, and what was held on your card is given back."
        />
      ) : null}
    </div>
  );
}

export function Address({ title, address }: { title: string; address: unknown }) {
  const a = (address ?? {}) as Record<string, string | undefined>;
  const lines = addressLines(a);
  return (
    <section aria-label={title} className="rounded-lg border border-stone-200 bg-white p-4 text-sm">
      <h2 className="mb-2 text-lg font-semibold">{title}</h2>
      <address className="not-italic">
        {lines.map((line, i) => (
          <span key={i} className="block">
            {line}
          </span>
        ))}
        {a.email ? <span className="mt-1 block text-stone-600">{a.email}</span> : null}
        {a.phone ? <span className="block text-stone-600">{a.phone}</span> : null}
      </address>
    </section>
  );
}

export function History({
  order,
  isShopper,
  zone = null,
}: {
  order: OrderDetail;
  isShopper: boolean;
  zone?: string | null;
}) {
  const who: Record<string, string> = {
    shopper: isShopper ? " (by you)" : " (by the shopper)",
    staff: " (by Closetloop)",
    store: " (by the store)",
    seller: " (by the seller)",
    system: " (automatically)",
  };
  const names = new Map(order.items.map((i) => [i.id, i.name]));
  return (
    <section aria-labelledby="history-title" className="rounded-lg border border-stone-200 bg-white p-4">
      <h2 id="history-title" className="mb-3 text-lg font-semibold">
        Status history
      </h2>
      <ol className="space-y-2 text-sm">
        {order.history.map((h) => (
          <li key={h.id} className="flex flex-wrap gap-x-2">
            <time dateTime={new Date(h.createdAt).toISOString()} className="text-stone-600">
              {formatLongDate(h.createdAt, zone)}
            </time>
            <span>
              {h.orderItemId ? `${names.get(h.orderItemId) ?? "An item"}: ` : "Order: "}
              {h.fromStatus ? `${label(h.fromStatus as ItemStatus)} → ` : ""}
              <strong>{label(h.toStatus as ItemStatus)}</strong>
              {who[h.actorRole] ?? ""}
            </span>
            {h.note ? <span className="text-stone-600">{h.note}</span> : null}
          </li>
        ))}
      </ol>
    </section>
  );
}
