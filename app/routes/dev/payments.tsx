import { data } from "react-router";
import type { Route } from "./+types/payments";
import { appContext } from "../../context";
import { localPaymentCalls } from "../../data/local-dev.server";
import { formatGBP } from "../../domain/money";
import { DataTable } from "../../components/kit/data-table";

// Local development only (docs/decisions/0035-payments.md): every call the app made to the
// payment provider, newest first — authorizations at checkout, captures at delivery (each sale
// and the order's delivery fee, key capture:delivery:{orderId}), Buy it now and conversion,
// refunds of cancelled orders, failed attempts and their retries. Its layout
// (routes/areas/dev.tsx) answers 404 outside development or to any address but this machine.
export const meta: Route.MetaFunction = () => [
  { title: "Local payments | Closetloop" },
  { name: "robots", content: "noindex" },
];

export async function loader({ context }: Route.LoaderArgs) {
  const app = context.get(appContext);
  if (!app.config.isDev) throw data("Not found", { status: 404 });
  const calls = await localPaymentCalls(app.db);
  return { calls };
}

export default function Payments({ loaderData }: Route.ComponentProps) {
  return (
    <section className="space-y-4">
      <h1 className="text-2xl font-bold">Local payments</h1>
      <p className="text-stone-700">
        Every call to the payment provider, newest first. Nothing is charged locally. To see a failed capture and its
        retry, make the local provider fail: <code>npm run jobs -- payments fail capture</code>, then{" "}
        <code>npm run jobs -- payments ok</code> and <code>npm run jobs -- daily</code>. This page exists only in local
        development.
      </p>
      <DataTable
        caption="Payment calls, newest first"
        rows={loaderData.calls}
        empty="No payment calls yet."
        columns={[
          {
            header: "When (UTC)",
            className: "whitespace-nowrap",
            cell: (c) => (
              <time dateTime={new Date(c.createdAt).toISOString()}>
                {new Date(c.createdAt).toISOString().replace("T", " ").slice(0, 19)}
              </time>
            ),
          },
          { header: "Operation", cell: (c) => c.operation },
          { header: "Amount", cell: (c) => formatGBP(c.amount) },
          { header: "Status", cell: (c) => c.status },
          { header: "Order", cell: (c) => c.orderId },
          { header: "Idempotency key", className: "break-all", cell: (c) => c.key },
          {
            header: "Provider reference or error",
            className: "break-all",
            cell: (c) => (c.status === "failed" ? c.error : `${c.provider}: ${c.ref}`),
          },
        ]}
      />
    </section>
  );
}
