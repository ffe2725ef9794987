import { data, redirect, type RouterContextProvider } from "react-router";
import { appContext, requestState } from "../context";
import { cartLines } from "../data/cart.server";
import { CheckoutError, orderPayment, placeOrder } from "../data/orders.server";
import { checkoutEcho, parseCheckoutForm, type CheckoutEcho } from "../domain/checkout";
import { reservationEnded } from "../domain/payment-timing";
import { readRentalChoices, typedShipTo } from "../domain/rental-checkout";
import { releaseUnstartedOrder, startPayment } from "./checkout-payment.server";
import { publicPagesChanged } from "./freshness.server";
import { rememberTimeZone } from "./time-zone.server";
import { dataWithToast } from "./toast.server";

// The basket's checkout (/cart, intent 'checkout'; app/routes/shop/cart.tsx): the addresses and
// the rentals' choices checked, the order placed and the shopper sent to the provider's hosted
// payment page (decision 0055). Split from the route (issue 48).

export interface CartActionData {
  ok: boolean;
  errors?: Record<string, string>;
  alert?: { title: string; message: string };
  /** A refused checkout's fields as typed, so the page (reloaded without JavaScript) shows them again. */
  values?: CheckoutEcho;
  /** The rentals' need-by dates and protection as chosen (decision 0080). */
  rentalValues?: Record<string, string>;
  /** A refused 'Add to basket' without JavaScript lands here: the way back to the item. */
  back?: string;
}

export async function checkout(request: Request, context: Readonly<RouterContextProvider>, form: FormData) {
  const app = context.get(appContext);
  const user = context.get(requestState).user!;
  const parsed = parseCheckoutForm(form);
  const values = checkoutEcho(form);
  // A need-by date is checked against the ship-to country's transit days (decision 0099).
  const shipTo = parsed.ok ? parsed.shipping.country : typedShipTo(form);
  const rentals = readRentalChoices(form, await cartLines(app.db, user.id), Date.now(), shipTo);
  // The page reloads at its top without JavaScript: the alert there says to look below.
  if (!parsed.ok || !rentals.ok) {
    const errors = { ...(parsed.ok ? {} : parsed.errors), ...(rentals.ok ? {} : rentals.errors) };
    const message = rentals.ok ? "Please correct the fields marked below." : rentals.message;
    return data<CartActionData>(
      { ok: false, errors, values, rentalValues: rentals.values, alert: { title: "Checkout failed", message } },
      { status: 400 },
    );
  }
  const idempotencyKey = String(form.get("idempotencyKey") ?? "");
  if (!/^[0-9a-f-]{36}$/.test(idempotencyKey))
    return data<CartActionData>(
      {
        ok: false,
        values,
        alert: { title: "Checkout failed", message: "There was an error processing your order. Please try again." },
      },
      { status: 400 },
    );
  const now = Date.now();
  try {
    const order = await placeOrder(
      app.db,
      user,
      { billing: parsed.billing, shipping: parsed.shipping, idempotencyKey, rentals: rentals.choices },
      now,
    );
    if (order.duplicate) {
      // A repeated submit: back to the same hosted page while it is open, else to the order's page.
      const placed = await orderPayment(app.db, order.orderId);
      if (placed?.status === "awaiting_payment" && placed.url && !reservationEnded(placed.expiresAt, now))
        return redirect(placed.url, 303);
      return redirect(`/account/orders/${encodeURIComponent(order.orderId)}?placed=1`, 303);
    }
    // The items are reserved: listings and product pages must stop offering them at once.
    await publicPagesChanged(app.env.CACHE, now);
    // The shopper's zone, for e-mails and reminders that have no request (issue 45 item 6).
    await rememberTimeZone(app.db, user.id, context.get(requestState).timeZone).catch((error) =>
      console.error("checkout: could not remember the time zone", error),
    );
    // The shopper pays on the provider's hosted page (decision 0055); the provider's signed event
    // confirms the order and announces it. No card data comes here.
    let session;
    try {
      session = await startPayment(app, order, user, new URL(request.url).origin, now);
    } catch (error) {
      console.error(`checkout: the payment session for ${order.orderId} could not be started`, error);
      await releaseUnstartedOrder(app, order, user.id, Date.now());
      const message = "We could not start the payment. Your basket is as it was: please try again in a moment.";
      return dataWithToast(
        app.config,
        { ok: false, values, alert: { title: "Checkout failed", message } } as CartActionData,
        { type: "error", title: "Checkout failed", description: message },
        { status: 503 },
      );
    }
    return redirect(session.url, 303);
  } catch (error) {
    if (error instanceof CheckoutError) {
      return dataWithToast(
        app.config,
        { ok: false, values, alert: { title: "Checkout failed", message: error.message } } as CartActionData,
        { type: "error", title: "Checkout failed", description: error.message },
        { status: 409 },
      );
    }
    console.error("checkout failed", error);
    return dataWithToast(
      app.config,
      {
        ok: false,
        values,
        alert: { title: "Checkout failed", message: "There was an error processing your order. Please try again." },
      } as CartActionData,
      {
        type: "error",
        title: "Checkout failed",
        description: "There was an error processing your order. Please try again.",
      },
      { status: 500 },
    );
  }
}
