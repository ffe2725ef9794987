import { data, Form, Link, redirect } from "react-router";
import { notFoundBoundary } from "../../components/not-found";
import type { Route } from "./+types/order-card";
import { appContext } from "../../context";
import { orderPayment } from "../../data/orders.server";
import { formatGBP } from "../../domain/money";
import { startCardUpdate } from "../../services/checkout-payment.server";
import { requireUser } from "../../services/guards.server";
import { laterChargesOwed } from "../../services/payments.server";

// Update your card (issue 27; docs/decisions/0055-stripe-payments.md): when a later charge of an
// order (Buy it now, a conversion, a repair fee) was refused, the shopper saves a new card on the
// provider's hosted setup page (no card data comes here); a plain form answered with a 303 to it.
// The new card is charged what the order still owes as soon as the provider confirms it.

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData ? "Update your card | Closetloop" : "Order not found | Closetloop" },
  { name: "robots", content: "noindex" },
];

async function ownOrder(context: Route.LoaderArgs["context"], request: Request, orderId: string) {
  const app = context.get(appContext);
  const user = requireUser(context, request);
  const order = await orderPayment(app.db, orderId);
  // Someone else's order, or one that does not exist: not found alike.
  if (!order || order.userId !== user.id) throw data("Order not found", { status: 404 });
  return { app, user, order };
}

export async function loader({ context, request, params }: Route.LoaderArgs) {
  const { app, order } = await ownOrder(context, request, params.orderId);
  return { orderId: order.id, owed: await laterChargesOwed(app.db, order.id), paid: order.paidAt !== null };
}

export async function action({ context, request, params }: Route.ActionArgs) {
  const { app, user, order } = await ownOrder(context, request, params.orderId);
  if (order.paidAt === null)
    return data(
      { error: "This order was not paid by card at checkout, so there is no card to update." },
      { status: 409 },
    );
  try {
    const session = await startCardUpdate(app, order, user, new URL(request.url).origin, Date.now());
    return redirect(session.url, 303);
  } catch (error) {
    console.error(`card update for ${order.id} could not be started`, error);
    return data({ error: "We could not open the payment page. Please try again in a moment." }, { status: 503 });
  }
}

export default function UpdateCardPage({ loaderData, actionData }: Route.ComponentProps) {
  const error = (actionData as { error?: string } | undefined)?.error;
  return (
    <section className="max-w-xl space-y-4">
      <p>
        <Link to={`/account/orders/${encodeURIComponent(loaderData.orderId)}`} className="text-sm text-brand underline">
          Back to the order
        </Link>
      </p>
      <h1 className="text-2xl font-bold">Update your card</h1>
      <p className="text-stone-700">
        The card you saved at checkout pays this order&apos;s later charges: buying a rental you keep, a rental kept
        past its 7 days, or a repair fee for a damaged return.
        {loaderData.owed > 0
          ? ` We could not take ${formatGBP(loaderData.owed)} with it; a new card is charged that at once.`
          : " Nothing is owed right now."}
      </p>
      {error ? (
        <p role="alert" className="rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-800">
          {error}
        </p>
      ) : null}
      <Form method="post" reloadDocument>
        <button
          type="submit"
          disabled={!loaderData.paid}
          className="rounded-md bg-brand px-4 py-2 font-semibold text-white disabled:opacity-50"
        >
          Update your card
        </button>
      </Form>
      <p className="text-xs text-stone-600">
        You enter the card on our payment provider&apos;s secure page; Closetloop never sees its number.
      </p>
    </section>
  );
}

export const ErrorBoundary = notFoundBoundary({
  title: "Order not found",
  message: "This order does not exist, or it is not one of yours.",
  back: { to: "/account?tab=orders", label: "Back to My Orders" },
});
