import { desc } from "drizzle-orm";
import { data } from "react-router";
import type { Route } from "./+types/payments";
import { payments } from "../../../db/schema";
import { appContext } from "../../context";
import { formatGBP } from "../../domain/money";

// Local development only (docs/decisions/0035-payments.md): every call the app made to the
// payment provider, newest first — authorizations at checkout, captures at delivery (each sale
// and the order's delivery fee, key capture:delivery:{orderId}), Buy it now and conversion,
// refunds of cancelled orders, failed attempts and their retries. Its layout
// (routes/areas/dev.tsx) answers 404 outside development or to any address but this machine.
export const meta: Route.MetaFunction = () => [{ title: "Local payments | Closetloop" }, { name: "robots", content: "noindex" }];

export async function loader({ context }: Route.LoaderArgs) {
  const app = context.get(appContext);
  if (!app.config.isDev) throw data("Not found", { status: 404 });
  const calls = await app.db
    .select({
      id: payments.id,
      orderId: payments.orderId,
      transactionId: payments.transactionId,
      operation: payments.operation,
      amount: payments.amount,
      key: payments.idempotencyKey,
      provider: payments.provider,
      status: payments.status,
      ref: payments.providerRef,
      error: payments.error,
      createdAt: payments.createdAt,
    })
    .from(payments)
    .orderBy(desc(payments.createdAt), desc(payments.id))
    .limit(200);
  return { calls };
}

export default function Payments({ loaderData }: Route.ComponentProps) {
  return (
    <section className="space-y-4">
      <h1 className="text-2xl font-bold">Local payments</h1>
      <p className="text-stone-700">
        Every call to the payment provider, newest first. Nothing is charged locally. To see a failed capture and its retry, make the local provider fail:{" "}
        <code>npm run jobs -- payments fail capture</code>, then <code>npm run jobs -- payments ok</code> and <code>npm run jobs -- daily</code>. This page exists only in local development.
      </p>
      {loaderData.calls.length === 0 ? <p>No payment calls yet.</p> : null}
      {loaderData.calls.length > 0 ? (
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <thead>
              <tr className="border-b border-stone-300">
                <th scope="col" className="p-2">When (UTC)</th>
                <th scope="col" className="p-2">Operation</th>
                <th scope="col" className="p-2">Amount</th>
                <th scope="col" className="p-2">Status</th>
                <th scope="col" className="p-2">Order</th>
                <th scope="col" className="p-2">Idempotency key</th>
                <th scope="col" className="p-2">Provider reference or error</th>
              </tr>
            </thead>
            <tbody>
              {loaderData.calls.map((c) => (
                <tr key={c.id} className="border-b border-stone-200 align-top">
                  <td className="p-2 whitespace-nowrap">
                    <time dateTime={new Date(c.createdAt).toISOString()}>{new Date(c.createdAt).toISOString().replace("T", " ").slice(0, 19)}</time>
                  </td>
                  <td className="p-2">{c.operation}</td>
                  <td className="p-2">{formatGBP(c.amount)}</td>
                  <td className="p-2">{c.status}</td>
                  <td className="p-2">{c.orderId}</td>
                  <td className="p-2 break-all">{c.key}</td>
                  <td className="p-2 break-all">{c.status === "failed" ? c.error : `${c.provider}: ${c.ref}`}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </section>
  );
}
