import { useRef } from "react";
import { Form, Link, useNavigation, type ShouldRevalidateFunctionArgs } from "react-router";
import type { Route } from "./+types/cart";
import { appContext, requestState } from "../../context";
import { priceCart } from "../../data/basket-pricing.server";
import {
  addToCart,
  CartError,
  cartLines,
  clearCart,
  removeFromCart,
  switchOption,
  type CartOption,
} from "../../data/cart.server";
import { latestOrderAddresses } from "../../data/orders.server";
import { lastAddresses, savedShipTo } from "../../domain/checkout";
import type { CartView } from "../../domain/basket";
import { deliveryToSaved } from "../../data/shipping.server";
import { KB, type BodyLimit } from "../../domain/body-limit";
import { readIntent } from "../../domain/intents";
import { safeRedirect } from "../../domain/safe-redirect";
import type { Toast } from "../../domain/toast";
import { checkout, type CartActionData } from "../../services/basket-checkout.server";
import { dataWithToast, redirectWithToast } from "../../services/toast.server";
import { FormAlert } from "../../components/forms";
import { AddressFields } from "../../components/address-fields";
import { CartGroups } from "../../components/cart/cart-groups";
import { OrderSummary } from "../../components/cart/order-summary";
import { RentalChoicesFields } from "../../components/cart/rental-choices";
import { formatDay, needByRangeTo } from "../../domain/rental-dates";

export const meta: Route.MetaFunction = () => [
  { title: "Shopping Cart | Closetloop" },
  { name: "robots", content: "noindex" },
];

/**
 * A refused checkout (an item sold to someone else meanwhile: 409) changes what the basket shows,
 * so the basket is read again after every form, refused ones too: the lost item is flagged and
 * left out of the totals at once, as a reload would show it (decision 0067).
 */
export const shouldRevalidate = ({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) =>
  formMethod === "POST" ? true : defaultShouldRevalidate;

export async function loader({ context }: Route.LoaderArgs): Promise<CartView> {
  const app = context.get(appContext);
  const user = context.get(requestState).user;
  if (!user) return { signedIn: false as const };
  let lines: Awaited<ReturnType<typeof cartLines>> = [];
  let loadError: string | null = null;
  let saved: ReturnType<typeof lastAddresses> = null;
  try {
    [lines, saved] = await Promise.all([
      cartLines(app.db, user.id, Date.now()).then(priceCart),
      latestOrderAddresses(app.db, user.id).then((last) => lastAddresses(last, user.email)),
    ]);
  } catch (error) {
    // shopper.md §8: 'Error loading cart' / 'Failed to load your cart items'; logged, page still usable.
    console.error("cart: failed to load", error);
    loadError = "Failed to load your cart items";
  }
  // The earliest need-by day for the country the form starts from (decision 0099), its name written
  // here: the page's code needs no rental calendar for it (issue 47: less first-load JavaScript).
  const range = needByRangeTo(Date.now(), savedShipTo(saved));
  const needByRange = { ...range, earliest: formatDay(range.min) };
  // What someone else took since is shown but not counted: it cannot be ordered.
  const totals = await deliveryToSaved(
    app.db,
    lines.filter((l) => l.available),
    saved,
  );
  return {
    signedIn: true as const,
    lines,
    loadError,
    totals,
    email: user.email,
    fullName: user.fullName ?? "",
    saved,
    idempotencyKey: crypto.randomUUID(),
    needByRange,
  };
}

export const intents = ["add", "switch", "remove", "clear", "checkout"] as const;

// Checkout carries two addresses (up to ~1,500 characters), which a browser may percent-encode
// to nine bytes each: more than the default for forms (docs/decisions/0016-request-gate.md).
export const bodyLimit: BodyLimit = { formBytes: 32 * KB };

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
    enhanced || status >= 400
      ? dataWithToast(app.config, body, toast, { status })
      : redirectWithToast(app.config, returnTo, toast);

  if (!user) {
    if (intent === "checkout") {
      return redirectWithToast(app.config, "/auth?redirectTo=%2Fcart", {
        type: "error",
        title: "Please sign in",
        description: "You need to be signed in to place an order",
      });
    }
    const back = intent === "add" && productId ? `/product/${encodeURIComponent(productId)}` : returnTo;
    return redirectWithToast(app.config, `/auth?redirectTo=${encodeURIComponent(back)}`, {
      type: "error",
      title: "Please sign in",
      description: "Sign in to use your basket",
    });
  }

  try {
    switch (intent) {
      case "add": {
        const option: CartOption = form.get("option") === "purchase" ? "purchase" : "rental";
        const { product, added } = await addToCart(app.db, user.id, productId, option, now);
        // One of a kind (issue 22): adding it again changes nothing, and says so.
        const toast: Toast = added
          ? { type: "success", title: "Item added to cart", description: `${product.name} has been added to your cart` }
          : {
              type: "success",
              title: "Already in your basket",
              description: `${product.name} is already in your basket: each item is one of a kind.`,
            };
        return enhanced
          ? dataWithToast(app.config, { ok: true }, toast)
          : redirectWithToast(
              app.config,
              safeRedirect(form.get("returnTo"), `/product/${encodeURIComponent(productId)}`),
              toast,
            );
      }
      case "switch": {
        const option: CartOption = form.get("option") === "purchase" ? "purchase" : "rental";
        await switchOption(app.db, user.id, productId, option);
        return answer({
          type: "success",
          title: "Option updated",
          description: `Switched to ${option === "rental" ? "rental" : "purchase"} option`,
        });
      }
      case "remove": {
        if (!(await removeFromCart(app.db, user.id, productId)))
          throw new CartError("Error removing item", "Failed to remove item from cart", 404);
        return answer({ type: "success", title: "Item removed" });
      }
      case "clear": {
        await clearCart(app.db, user.id);
        return answer({ type: "success", title: "Cart cleared" });
      }
      case "checkout":
        return await checkout(request, context, form);
      default:
        return dataWithToast(
          app.config,
          { ok: false } as CartActionData,
          { type: "error", title: "Error", description: "An unexpected error occurred" },
          { status: 400 },
        );
    }
  } catch (error) {
    if (error instanceof CartError) {
      const back = intent === "add" && productId ? `/product/${encodeURIComponent(productId)}` : undefined;
      return dataWithToast(
        app.config,
        { ok: false, alert: { title: error.title, message: error.message }, back } as CartActionData,
        { type: "error", title: error.title, description: error.message },
        { status: error.status },
      );
    }
    throw error;
  }
}

export default function CartPage({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const billingRef = useRef<HTMLFieldSetElement>(null);
  const shippingRef = useRef<HTMLFieldSetElement>(null);
  if (!loaderData.signedIn) {
    return (
      <section className="mx-auto max-w-md py-16 text-center">
        <h1 className="text-2xl font-bold">Shopping Cart</h1>
        <p className="mt-3 text-stone-700">Please sign in to view your cart</p>
        <Link
          to="/auth?redirectTo=%2Fcart"
          className="mt-6 inline-block rounded-md bg-brand px-4 py-2 font-medium text-white"
        >
          Sign In
        </Link>
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
      const source = billingRef.current.querySelector<HTMLInputElement>(
        `[name='billing.${input.name.slice("shipping.".length)}']`,
      );
      if (source) input.value = source.value;
    }
  };

  return (
    <div className="space-y-6">
      <h1 className="text-3xl font-bold">Shopping Cart</h1>
      {loadError ? <FormAlert title="Error loading cart" message={loadError} /> : null}
      {result?.alert ? <FormAlert {...result.alert} /> : null}
      {result?.back ? (
        <Link to={result.back} className="inline-block text-brand underline">
          Back to the item
        </Link>
      ) : null}
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="space-y-6">
          <section aria-labelledby="cart-items" className="rounded-lg border border-stone-200 bg-stone-50 p-4">
            <h2 id="cart-items" className="mb-3 text-xl font-semibold">{`Cart Items (${lines.length})`}</h2>
            {lines.length === 0 ? (
              <div className="py-6 text-center">
                <p>Your cart is empty</p>
                <Link to="/" className="mt-3 inline-block text-brand underline">
                  Continue Shopping
                </Link>
              </div>
            ) : (
              <>
                <CartGroups lines={lines} returnTo="/cart" />
                <Form method="post" action="/cart" className="mt-3 text-right">
                  <button type="submit" name="intent" value="clear" className="text-sm text-stone-700 underline">
                    Clear cart
                  </button>
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
                <AddressFields
                  prefix="billing"
                  errors={errors}
                  defaults={typed?.billing ?? saved?.billing ?? { ...country, email, fullName }}
                  withContact
                />
              </fieldset>
              <RentalChoicesFields
                lines={lines}
                range={loaderData.needByRange}
                errors={errors}
                values={result?.rentalValues ?? {}}
              />
              <div className="rounded-lg border border-stone-200 bg-white p-4">
                <h2 className="text-xl font-semibold">Shipping Details</h2>
                <label className="mt-2 flex items-center gap-2">
                  <input
                    type="checkbox"
                    name="sameAsBilling"
                    id="same-as-billing"
                    defaultChecked={typed?.sameAsBilling ?? saved?.same ?? true}
                    onChange={(e) => copyBilling(e.currentTarget.checked)}
                  />
                  Same as billing address
                </label>
                <fieldset
                  ref={shippingRef}
                  className="mt-3 min-w-0 group-has-[#same-as-billing:checked]/checkout:hidden"
                >
                  <legend className="sr-only">Shipping address</legend>
                  <AddressFields
                    prefix="shipping"
                    errors={errors}
                    defaults={
                      typed?.sameAsBilling === false ? typed.shipping : saved && !saved.same ? saved.shipping : country
                    }
                    withContact={false}
                  />
                </fieldset>
              </div>
            </Form>
          ) : null}
        </div>
        <OrderSummary totals={totals} lines={lines} gone={gone} processing={processing} />
      </div>
    </div>
  );
}
