import { BuyerProtectionLine } from "../../components/buyer-protection-line";
import { useRef } from "react";
import { data, Form, Link, redirect, useNavigation, type ShouldRevalidateFunctionArgs } from "react-router";
import type { Route } from "./+types/cart";
import { appContext, requestState } from "../../context";
import { priceCart } from "../../data/basket-pricing.server";
import { addToCart, CartError, cartLines, clearCart, removeFromCart, switchOption, type CartOption } from "../../data/cart.server";
import { CheckoutError, latestOrderAddresses, orderPayment, placeOrder } from "../../data/orders.server";
import { checkoutEcho, lastAddresses, parseCheckoutForm, type CheckoutEcho } from "../../domain/checkout";
import type { CartView } from "../../domain/basket";
import { deliveryToSaved } from "../../data/shipping.server";
import { rememberTimeZone } from "../../services/time-zone.server";
import { KB, type BodyLimit } from "../../domain/body-limit";
import { ChargedInPounds, usePrice } from "../../components/money/price";
import { readIntent } from "../../domain/intents";
import { safeRedirect } from "../../domain/safe-redirect";
import type { Toast } from "../../domain/toast";
import { reservationEnded } from "../../domain/payment-timing";
import { releaseUnstartedOrder, startPayment } from "../../services/checkout-payment.server";
import { publicPagesChanged } from "../../services/freshness.server";
import { dataWithToast, redirectWithToast } from "../../services/toast.server";
import { FormAlert, busyProps } from "../../components/forms";
import { AddressFields } from "../../components/address-fields";
import { CartGroups } from "../../components/cart/cart-groups";
import { RentalChoicesFields } from "../../components/cart/rental-choices";
import { readRentalChoices } from "../../domain/rental-checkout";
import { earliestNeedBy, latestNeedBy } from "../../domain/rental-dates";

export const meta: Route.MetaFunction = () => [{ title: "Shopping Cart | Closetloop" }, { name: "robots", content: "noindex" }];

/**
 * A refused checkout (an item sold to someone else meanwhile: 409) changes what the basket shows,
 * so the basket is read again after every form, refused ones too: the lost item is flagged and
 * left out of the totals at once, as a reload would show it (decision 0067).
 */
export const shouldRevalidate = ({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) => (formMethod === "POST" ? true : defaultShouldRevalidate);

export async function loader({ context }: Route.LoaderArgs): Promise<CartView> {
  const app = context.get(appContext);
  const user = context.get(requestState).user;
  if (!user) return { signedIn: false as const };
  let lines: Awaited<ReturnType<typeof cartLines>> = [];
  let loadError: string | null = null;
  let saved: ReturnType<typeof lastAddresses> = null;
  try {
    [lines, saved] = await Promise.all([cartLines(app.db, user.id, Date.now()).then(priceCart), latestOrderAddresses(app.db, user.id).then((last) => lastAddresses(last, user.email))]);
  } catch (error) {
    // shopper.md §8: 'Error loading cart' / 'Failed to load your cart items'; logged, page still usable.
    console.error("cart: failed to load", error);
    loadError = "Failed to load your cart items";
  }
  // What someone else took since is shown but not counted: it cannot be ordered.
  const needByRange = { min: earliestNeedBy(Date.now()), max: latestNeedBy(Date.now()) };
  const totals = await deliveryToSaved(app.db, lines.filter((l) => l.available), saved);
  return { signedIn: true as const, lines, loadError, totals, email: user.email, fullName: user.fullName ?? "", saved, idempotencyKey: crypto.randomUUID(), needByRange };
}

export const intents = ["add", "switch", "remove", "clear", "checkout"] as const;

// Checkout carries two addresses (up to ~1,500 characters), which a browser may percent-encode
// to nine bytes each: more than the default for forms (docs/decisions/0016-request-gate.md).
export const bodyLimit: BodyLimit = { formBytes: 32 * KB };

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

export async function action({ request, context }: Route.ActionArgs) {
  const app = context.get(appContext);
  const user = context.get(requestState).user;
  const form = await request.formData();
  const intent = readIntent(form, intents);
  const enhanced = form.get("enhanced") === "1";
  const productId = String(form.get("productId") ?? "").slice(0, 100);
  const returnTo = safeRedirect(form.get("returnTo"), "/cart");
  const now = Date.now();

  // Plain forms come back to the page with a flash toast; fetchers get data (the toast still
  // rides in the flash cookie, which the revalidated root picks up).
  const answer = (toast: Toast, status = 200, body: CartActionData = { ok: status < 400 }) =>
    enhanced || status >= 400 ? dataWithToast(app.config, body, toast, { status }) : redirectWithToast(app.config, returnTo, toast);

  if (!user) {
    if (intent === "checkout") {
      return redirectWithToast(app.config, "/auth?redirectTo=%2Fcart", { type: "error", title: "Please sign in", description: "You need to be signed in to place an order" });
    }
    const back = intent === "add" && productId ? `/product/${encodeURIComponent(productId)}` : returnTo;
    return redirectWithToast(app.config, `/auth?redirectTo=${encodeURIComponent(back)}`, { type: "error", title: "Please sign in", description: "Sign in to use your basket" });
  }

  try {
    switch (intent) {
      case "add": {
        const option: CartOption = form.get("option") === "purchase" ? "purchase" : "rental";
        const { product, added } = await addToCart(app.db, user.id, productId, option, now);
        // One of a kind (issue 22): adding it again changes nothing, and says so.
        const toast: Toast = added
          ? { type: "success", title: "Item added to cart", description: `${product.name} has been added to your cart` }
          : { type: "success", title: "Already in your basket", description: `${product.name} is already in your basket: each item is one of a kind.` };
        return enhanced ? dataWithToast(app.config, { ok: true }, toast) : redirectWithToast(app.config, safeRedirect(form.get("returnTo"), `/product/${encodeURIComponent(productId)}`), toast);
      }
      case "switch": {
        const option: CartOption = form.get("option") === "purchase" ? "purchase" : "rental";
        await switchOption(app.db, user.id, productId, option);
        return answer({ type: "success", title: "Option updated", description: `Switched to ${option === "rental" ? "rental" : "purchase"} option` });
      }
      case "remove": {
        if (!(await removeFromCart(app.db, user.id, productId))) throw new CartError("Error removing item", "Failed to remove item from cart", 404);
        return answer({ type: "success", title: "Item removed" });
      }
      case "clear": {
        await clearCart(app.db, user.id);
        return answer({ type: "success", title: "Cart cleared" });
      }
      case "checkout":
        return await checkout(request, context, form);
      default:
        return dataWithToast(app.config, { ok: false } as CartActionData, { type: "error", title: "Error", description: "An unexpected error occurred" }, { status: 400 });
    }
  } catch (error) {
    if (error instanceof CartError) {
      const back = intent === "add" && productId ? `/product/${encodeURIComponent(productId)}` : undefined;
      return dataWithToast(app.config, { ok: false, alert: { title: error.title, message: error.message }, back } as CartActionData, { type: "error", title: error.title, description: error.message }, { status: error.status });
    }
    throw error;
  }
}

async function checkout(request: Request, context: Route.ActionArgs["context"], form: FormData) {
  const app = context.get(appContext);
  const user = context.get(requestState).user!;
  const parsed = parseCheckoutForm(form);
  const values = checkoutEcho(form);
  const rentals = readRentalChoices(form, await cartLines(app.db, user.id), Date.now());
  // The page reloads at its top without JavaScript: the alert there says to look below.
  if (!parsed.ok || !rentals.ok) {
    const errors = { ...(parsed.ok ? {} : parsed.errors), ...(rentals.ok ? {} : rentals.errors) };
    const message = rentals.ok ? "Please correct the fields marked below." : rentals.message;
    return data<CartActionData>({ ok: false, errors, values, rentalValues: rentals.values, alert: { title: "Checkout failed", message } }, { status: 400 });
  }
  const idempotencyKey = String(form.get("idempotencyKey") ?? "");
  if (!/^[0-9a-f-]{36}$/.test(idempotencyKey)) return data<CartActionData>({ ok: false, values, alert: { title: "Checkout failed", message: "There was an error processing your order. Please try again." } }, { status: 400 });
  const now = Date.now();
  try {
    const order = await placeOrder(app.db, user, { billing: parsed.billing, shipping: parsed.shipping, idempotencyKey, rentals: rentals.choices }, now);
    if (order.duplicate) {
      // A repeated submit: back to the same hosted page while it is open, else to the order's page.
      const placed = await orderPayment(app.db, order.orderId);
      if (placed?.status === "awaiting_payment" && placed.url && !reservationEnded(placed.expiresAt, now)) return redirect(placed.url, 303);
      return redirect(`/account/orders/${encodeURIComponent(order.orderId)}?placed=1`, 303);
    }
    // The items are reserved: listings and product pages must stop offering them at once.
    await publicPagesChanged(app.env.CACHE, now);
    // The shopper's zone, for e-mails and reminders that have no request (issue 45 item 6).
    await rememberTimeZone(app.db, user.id, context.get(requestState).timeZone).catch((error) => console.error("checkout: could not remember the time zone", error));
    // The shopper pays on the provider's hosted page (decision 0055); the provider's signed event
    // confirms the order and announces it. No card data comes here.
    let session;
    try {
      session = await startPayment(app, order, user, new URL(request.url).origin, now);
    } catch (error) {
      console.error(`checkout: the payment session for ${order.orderId} could not be started`, error);
      await releaseUnstartedOrder(app, order, user.id, Date.now());
      const message = "We could not start the payment. Your basket is as it was: please try again in a moment.";
      return dataWithToast(app.config, { ok: false, values, alert: { title: "Checkout failed", message } } as CartActionData, { type: "error", title: "Checkout failed", description: message }, { status: 503 });
    }
    return redirect(session.url, 303);
  } catch (error) {
    if (error instanceof CheckoutError) {
      return dataWithToast(app.config, { ok: false, values, alert: { title: "Checkout failed", message: error.message } } as CartActionData, { type: "error", title: "Checkout failed", description: error.message }, { status: 409 });
    }
    console.error("checkout failed", error);
    return dataWithToast(
      app.config,
      { ok: false, values, alert: { title: "Checkout failed", message: "There was an error processing your order. Please try again." } } as CartActionData,
      { type: "error", title: "Checkout failed", description: "There was an error processing your order. Please try again." },
      { status: 500 },
    );
  }
}

export default function CartPage({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const price = usePrice();
  const billingRef = useRef<HTMLFieldSetElement>(null);
  const shippingRef = useRef<HTMLFieldSetElement>(null);
  if (!loaderData.signedIn) {
    return (
      <section className="mx-auto max-w-md py-16 text-center">
        <h1 className="text-2xl font-bold">Shopping Cart</h1>
        <p className="mt-3 text-stone-700">Please sign in to view your cart</p>
        <Link to="/auth?redirectTo=%2Fcart" className="mt-6 inline-block rounded-md bg-brand px-4 py-2 font-medium text-white">Sign In</Link>
      </section>
    );
  }
  const { lines, totals, email, fullName, saved, idempotencyKey, loadError } = loaderData;
  const result = actionData as CartActionData | undefined;
  const errors = result?.errors ?? {};
  const processing = navigation.state === "submitting" && navigation.formData?.get("intent") === "checkout";
  const gone = lines.filter((l) => !l.available).length;
  const country = { country: "GB" };
  // A refused checkout shows what was typed, and the shipping address when it was given apart.
  const typed = result?.values;

  // 'Same as billing address': checking it copies billing into shipping at that moment.
  const copyBilling = (checked: boolean) => {
    if (!checked || !billingRef.current || !shippingRef.current) return;
    for (const input of shippingRef.current.querySelectorAll<HTMLInputElement>("[name^='shipping.']")) {
      const source = billingRef.current.querySelector<HTMLInputElement>(`[name='billing.${input.name.slice("shipping.".length)}']`);
      if (source) input.value = source.value;
    }
  };

  return (
    <div className="space-y-6">
      <h1 className="text-3xl font-bold">Shopping Cart</h1>
      {loadError ? <FormAlert title="Error loading cart" message={loadError} /> : null}
      {result?.alert ? <FormAlert {...result.alert} /> : null}
      {result?.back ? <Link to={result.back} className="inline-block text-brand underline">Back to the item</Link> : null}
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="space-y-6">
          <section aria-labelledby="cart-items" className="rounded-lg border border-stone-200 bg-stone-50 p-4">
            <h2 id="cart-items" className="mb-3 text-xl font-semibold">{`Cart Items (${lines.length})`}</h2>
            {lines.length === 0 ? (
              <div className="py-6 text-center">
                <p>Your cart is empty</p>
                <Link to="/" className="mt-3 inline-block text-brand underline">Continue Shopping</Link>
              </div>
            ) : (
              <>
                <CartGroups lines={lines} returnTo="/cart" />
                <Form method="post" action="/cart" className="mt-3 text-right">
                  <button type="submit" name="intent" value="clear" className="text-sm text-stone-700 underline">Clear cart</button>
                </Form>
              </>
            )}
          </section>
          {lines.length > 0 ? (
            <Form method="post" action="/cart" className="group/checkout space-y-6" id="checkout" noValidate>
              <input type="hidden" name="intent" value="checkout" />
              <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
              <fieldset ref={billingRef} className="min-w-0 rounded-lg border border-stone-200 bg-white p-4">
                <legend className="px-1 text-xl font-semibold">Billing Details</legend>
                <AddressFields prefix="billing" errors={errors} defaults={typed?.billing ?? saved?.billing ?? { ...country, email, fullName }} withContact />
              </fieldset>
              <RentalChoicesFields lines={lines} range={loaderData.needByRange} errors={errors} values={result?.rentalValues ?? {}} />
              <div className="rounded-lg border border-stone-200 bg-white p-4">
                <h2 className="text-xl font-semibold">Shipping Details</h2>
                <label className="mt-2 flex items-center gap-2">
                  <input type="checkbox" name="sameAsBilling" id="same-as-billing" defaultChecked={typed?.sameAsBilling ?? saved?.same ?? true} onChange={(e) => copyBilling(e.currentTarget.checked)} />
                  Same as billing address
                </label>
                <fieldset ref={shippingRef} className="mt-3 min-w-0 group-has-[#same-as-billing:checked]/checkout:hidden">
                  <legend className="sr-only">Shipping address</legend>
                  <AddressFields prefix="shipping" errors={errors} defaults={typed?.sameAsBilling === false ? typed.shipping : saved && !saved.same ? saved.shipping : country} withContact={false} />
                </fieldset>
              </div>
            </Form>
          ) : null}
        </div>
        <aside aria-labelledby="order-summary" className="h-fit rounded-lg border border-stone-200 bg-white p-4 lg:sticky lg:top-20">
          <h2 id="order-summary" className="text-xl font-semibold">Order Summary</h2>
          <dl className="mt-3 space-y-1 text-sm">
            <div className="flex justify-between"><dt>Subtotal</dt><dd>{price(totals.subtotal)}</dd></div>
            <div className="flex justify-between"><dt>{`Delivery${totals.to ? ` to ${totals.to}` : ""} (${totals.groups} ${totals.groups === 1 ? "handler" : "handlers"})`}</dt><dd>{price(totals.delivery - (totals.returns ?? 0))}</dd></div>
            {/* A rental sent abroad comes back from abroad: its return parcel is paid now (decision 0094). */}
            {totals.returns ? <div className="flex justify-between"><dt>{`Return postage for rentals from ${totals.to}`}</dt><dd>{price(totals.returns)}</dd></div> : null}
            <div className="flex justify-between border-t border-stone-200 pt-2 text-base font-semibold"><dt>Total</dt><dd>{price(totals.total)}</dd></div>
          </dl>
          <ChargedInPounds pence={totals.total} className="mt-2 text-sm text-stone-700" />
          <button
            type="submit"
            form="checkout"
            disabled={lines.length === 0 || gone > 0}
            {...busyProps(processing)}
            aria-describedby={gone > 0 ? "remove-gone" : undefined}
            className="mt-4 w-full rounded-md bg-brand py-3 font-semibold text-white disabled:opacity-50 aria-disabled:opacity-50"
          >
            {processing ? "Processing..." : "Complete Order"}
          </button>
          <div className="mt-3"><BuyerProtectionLine /></div>
          {gone > 0 ? <p id="remove-gone" className="mt-2 text-sm font-medium text-red-700">{`Remove ${gone === 1 ? "the item" : `the ${gone} items`} no longer available to continue.`}</p> : null}
          {/* Decision 0055: the shopper is told what the card is saved for before paying. */}
          <p className="mt-3 text-xs text-stone-600" data-testid="payment-terms">
            You pay the total on our payment provider&apos;s secure page; your items are reserved for 30 minutes while you do. Your card is saved for this order&apos;s later charges: buying a rental you keep, a rental kept past its 7 days, or a repair fee for a damaged return.
          </p>
          <Link to="/" className="mt-3 block text-center text-sm text-brand underline">Continue Shopping</Link>
        </aside>
      </div>
    </div>
  );
}
