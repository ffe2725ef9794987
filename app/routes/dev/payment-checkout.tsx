import { data, Form, redirect } from "react-router";
import { showReference } from "../../domain/order-reference";
import type { Route } from "./+types/payment-checkout";
import { appContext } from "../../context";
import { orderPayment } from "../../data/orders.server";
import { formatGBP } from "../../domain/money";
import { readIntent } from "../../domain/intents";
import { reservationEnded } from "../../domain/payment-timing";
import { receiveWebhook } from "../../services/payment-events.server";
import {
  LOCAL_FAIL_KEY,
  localFailKey,
  localSession,
  localSessionKey,
  type LocalSession,
} from "../../services/payments-local.server";
import { redirectWithToast } from "../../services/toast.server";
import { signStripeEvent } from "../../services/stripe-signature.server";

// The local provider's hosted page (issue 27 item 5; docs/decisions/0055-stripe-payments.md):
// the shape of Stripe Checkout on this machine. 'Pay' delivers the events Stripe would send,
// signed with the local webhook secret in Stripe's scheme, to the same webhook code path
// (/webhooks/stripe), then returns to the session's success page. 'Decline' shows a refused card
// and sends nothing, as Stripe keeps the shopper on its page. A setup session (Update your card)
// saves a new card the same way. Like every page under routes/areas/dev.tsx it answers 404
// outside development or to any address but this machine (decision 0018).

export const meta: Route.MetaFunction = () => [
  { title: "Local payment page | Closetloop" },
  { name: "robots", content: "noindex" },
];

async function openSession(context: Route.LoaderArgs["context"], sessionId: string) {
  const app = context.get(appContext);
  const session = await localSession(app, sessionId);
  if (!session) throw data("Not found", { status: 404 });
  const order = await orderPayment(app.db, session.orderId);
  const now = Date.now();
  const open =
    session.status === "open" &&
    !reservationEnded(session.expiresAt, now) &&
    (session.mode === "setup" || (order?.status === "awaiting_payment" && order.sessionId === session.id));
  return { app, session, open };
}

export async function loader({ context, params }: Route.LoaderArgs) {
  const { session, open } = await openSession(context, params.sessionId);
  return {
    session: {
      id: session.id,
      mode: session.mode,
      orderId: session.orderId,
      amount: session.amount,
      lines: session.lines,
      email: session.customerEmail,
      cancelUrl: session.cancelUrl,
    },
    open,
  };
}

export const intents = ["pay", "decline", "cancel"] as const;

const random = () => crypto.randomUUID().replaceAll("-", "").slice(0, 24);

/** The events Stripe sends for this session, in the order they are delivered here (the card's first: the webhook takes any order). */
function eventsFor(session: LocalSession, created: number) {
  const card = `pm_local_${random()}`;
  const customer = session.customerId ?? `cus_local_${random()}`;
  const metadata = { order_id: session.orderId };
  const event = (type: string, object: Record<string, unknown>) => ({
    id: `evt_local_${random()}`,
    object: "event",
    api_version: "local",
    created,
    livemode: false,
    type,
    data: { object },
  });
  if (session.mode === "setup") {
    return [
      event("setup_intent.succeeded", {
        id: `seti_local_${random()}`,
        object: "setup_intent",
        status: "succeeded",
        customer,
        payment_method: card,
        metadata,
      }),
      event("checkout.session.completed", {
        id: session.id,
        object: "checkout.session",
        mode: "setup",
        status: "complete",
        customer,
        client_reference_id: session.orderId,
        metadata,
      }),
    ];
  }
  const intent = `pi_local_${random()}`;
  return [
    event("payment_intent.succeeded", {
      id: intent,
      object: "payment_intent",
      status: "succeeded",
      amount: session.amount,
      amount_received: session.amount,
      currency: "gbp",
      capture_method: "automatic",
      customer,
      payment_method: card,
      setup_future_usage: "off_session",
      metadata,
    }),
    event("checkout.session.completed", {
      id: session.id,
      object: "checkout.session",
      mode: "payment",
      status: "complete",
      payment_status: "paid",
      amount_total: session.amount,
      currency: "gbp",
      customer,
      payment_intent: intent,
      client_reference_id: session.orderId,
      metadata,
    }),
  ];
}

const fails = (setting: string | null) =>
  setting !== null &&
  (setting === "all" ||
    setting
      .split(",")
      .map((s) => s.trim())
      .includes("authorize"));

export async function action({ request, context, params }: Route.ActionArgs) {
  const { app, session, open } = await openSession(context, params.sessionId);
  const form = await request.formData();
  const intent = readIntent(form, intents);
  if (intent === "cancel") {
    const back = new URL(session.cancelUrl, request.url);
    return redirect(back.pathname + back.search, { status: 303 });
  }
  if (!open) return data({ error: "This payment page has expired. Start again from your basket." }, { status: 410 });
  if (!intent) return data({ error: "Choose Pay, Decline or Cancel." }, { status: 400 });
  // `npm run jobs -- payments fail authorize` (or a test's per-order setting) makes the card decline, as 'Decline' does.
  const [all, one] = await Promise.all([
    app.env.CACHE.get(LOCAL_FAIL_KEY),
    app.env.CACHE.get(localFailKey(session.orderId)),
  ]);
  if (intent === "decline" || (session.mode === "payment" && (fails(all) || fails(one)))) {
    return data({ error: "Your card was declined. Try another card, or cancel." }, { status: 402 });
  }
  const now = Date.now();
  // A new card works: the per-order failure a test or a developer set for later charges ends with it.
  if (session.mode === "setup") await app.env.CACHE.delete(localFailKey(session.orderId));
  for (const event of eventsFor(session, Math.floor(now / 1000))) {
    const payload = JSON.stringify(event);
    const signature = await signStripeEvent(payload, app.config.webhookSecret);
    const answer = await receiveWebhook(
      app,
      new Request(new URL("/webhooks/stripe", request.url), {
        method: "POST",
        headers: { "stripe-signature": signature, "content-type": "application/json" },
        body: payload,
      }),
      now,
    );
    if (!answer.ok)
      return data({ error: `The webhook answered ${answer.status}: ${await answer.text()}` }, { status: 502 });
  }
  await app.env.CACHE.put(
    localSessionKey(session.id),
    JSON.stringify({ ...session, status: "complete" } satisfies LocalSession),
    { expirationTtl: 3600 },
  );
  // Back to this site's success page (the session names it absolutely, as Stripe needs).
  const back = new URL(session.successUrl, request.url);
  const to = back.pathname + back.search;
  if (session.mode === "setup")
    return redirectWithToast(
      app.config,
      to,
      { type: "success", title: "Card updated", description: "Your new card is saved for this order." },
      { status: 303 },
    );
  // The order by the reference people see (decision 0076), never its internal id.
  const reference = showReference((await orderPayment(app.db, session.orderId))?.reference ?? null);
  return redirectWithToast(
    app.config,
    to,
    {
      type: "success",
      title: "Order placed successfully!",
      description: `Order ${reference} has been placed and you'll receive a confirmation email.`,
    },
    { status: 303 },
  );
}

export default function LocalPaymentPage({ loaderData, actionData }: Route.ComponentProps) {
  const { session, open } = loaderData;
  const error = (actionData as { error?: string } | undefined)?.error;
  return (
    <section className="mx-auto max-w-md space-y-4 rounded-lg border border-stone-200 bg-white p-6">
      <p className="text-xs tracking-wide text-stone-500 uppercase">Local payment provider — nothing is charged</p>
      <h1 className="text-2xl font-bold">{session.mode === "setup" ? "Update your card" : "Pay for your order"}</h1>
      <p className="text-sm text-stone-700">
        Order {session.orderId} · {session.email}
      </p>
      {session.mode === "payment" ? (
        <dl className="space-y-1 text-sm">
          {session.lines.map((line, i) => (
            <div key={i} className="flex justify-between gap-4">
              <dt>{line.name}</dt>
              <dd>{formatGBP(line.amount)}</dd>
            </div>
          ))}
          <div className="flex justify-between border-t border-stone-200 pt-2 text-base font-semibold">
            <dt>Total</dt>
            <dd>{formatGBP(session.amount)}</dd>
          </div>
        </dl>
      ) : (
        <p className="text-sm">
          The new card is saved for this order&apos;s later charges; what the order still owes is charged with it at
          once.
        </p>
      )}
      {error ? (
        <p role="alert" className="rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-800">
          {error}
        </p>
      ) : null}
      {open ? (
        <Form method="post" className="flex flex-wrap gap-3">
          <button
            type="submit"
            name="intent"
            value="pay"
            className="rounded-md bg-brand px-4 py-2 font-semibold text-white"
          >
            {session.mode === "setup" ? "Save card" : `Pay ${formatGBP(session.amount)}`}
          </button>
          <button type="submit" name="intent" value="decline" className="rounded-md border border-stone-300 px-4 py-2">
            Decline (simulate a refused card)
          </button>
          <button type="submit" name="intent" value="cancel" className="rounded-md border border-stone-300 px-4 py-2">
            Cancel
          </button>
        </Form>
      ) : (
        <p role="alert" className="text-sm">
          This payment page has expired or was already used.
        </p>
      )}
    </section>
  );
}
