import { data, Form, redirect } from "react-router";
import type { Route } from "./+types/onboarding";
import { appContext } from "../../context";
import { accountStatus, PAYEE_STATUS_LABELS } from "../../domain/payouts";
import { readIntent } from "../../domain/intents";
import { payoutEventHandlers } from "../../services/payouts-provider.server";
import { readLocalAccount, writeLocalAccount, type LocalAccount } from "../../services/payouts-local.server";

// Local development only (docs/decisions/0056-connect-payouts.md): the local payout provider's
// hosted onboarding page, standing in for Stripe's. 'Complete' makes the connected account active;
// 'Leave unfinished' leaves it pending verification. Either way the account's change goes through
// the same handler as Stripe's account.updated event, and the payee is sent back to the return URL
// their dashboard gave (their dashboard then shows the status). Its layout (routes/areas/dev.tsx)
// answers 404 outside development or to any address but this machine.

export const meta: Route.MetaFunction = () => [
  { title: "Local payout onboarding | Closetloop" },
  { name: "robots", content: "noindex" },
];

async function account(context: Route.LoaderArgs["context"], accountId: string) {
  const app = context.get(appContext);
  if (!app.config.isDev) throw data("Not found", { status: 404 });
  const found = await readLocalAccount(app, accountId);
  if (!found) throw data("No such local account", { status: 404 });
  return { app, found };
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const { found } = await account(context, params.accountId);
  return { id: found.id, payee: found.payee, status: accountStatus(found) };
}

export const intents = ["complete", "leave"] as const;

export async function action({ request, params, context }: Route.ActionArgs) {
  const { app, found } = await account(context, params.accountId);
  const form = await request.formData().catch(() => null);
  const intent = form ? readIntent(form, intents) : null;
  if (!intent) return data({ error: "Choose Complete or Leave unfinished." }, { status: 400 });
  const now = Date.now();
  const updated: LocalAccount =
    intent === "complete"
      ? { ...found, details_submitted: true, payouts_enabled: true, capabilities: { transfers: "active" } }
      : { ...found, details_submitted: true, payouts_enabled: false, capabilities: { transfers: "pending" } };
  await writeLocalAccount(app, updated);
  // As Stripe would tell us (the lead may route this through signed events later).
  const { payee: _payee, returnUrl: _return, refreshUrl: _refresh, ...event } = updated;
  await payoutEventHandlers["account.updated"]!(app, event, now);
  // Back to the dashboard that sent them (a path on this site only).
  let back = updated.payee.type === "store" ? "/store?payouts=return" : "/vendor?payouts=return";
  if (updated.returnUrl) {
    const url = new URL(updated.returnUrl);
    if (url.origin === new URL(request.url).origin) back = `${url.pathname}${url.search}`;
  }
  return redirect(back, 303);
}

export default function LocalOnboarding({ loaderData, actionData }: Route.ComponentProps) {
  const { id, payee, status } = loaderData;
  return (
    <section className="mx-auto max-w-lg space-y-4">
      <h1 className="text-2xl font-bold">Local payout onboarding</h1>
      <p className="text-stone-700">
        This page stands in for the payment provider's hosted onboarding, where a{" "}
        {payee.type === "store" ? "store" : "seller"} gives their identity and bank details. Nothing leaves this
        machine. It exists only in local development.
      </p>
      <dl className="grid grid-cols-[10rem_1fr] gap-2 text-sm">
        <dt className="font-medium">Account</dt>
        <dd className="font-mono">{id}</dd>
        <dt className="font-medium">Status</dt>
        <dd>{PAYEE_STATUS_LABELS[status]}</dd>
      </dl>
      {actionData && "error" in actionData ? (
        <p className="text-sm text-red-700" role="alert">
          {actionData.error}
        </p>
      ) : null}
      <div className="flex gap-3">
        <Form method="post" reloadDocument>
          <input type="hidden" name="intent" value="complete" />
          <button type="submit" className="rounded-md bg-brand px-4 py-2 font-medium text-white">
            Complete
          </button>
        </Form>
        <Form method="post" reloadDocument>
          <input type="hidden" name="intent" value="leave" />
          <button type="submit" className="rounded-md border border-stone-300 px-4 py-2 font-medium">
            Leave unfinished
          </button>
        </Form>
      </div>
    </section>
  );
}
