import * as Dialog from "@radix-ui/react-dialog";
import { counted } from "../../domain/counting";
import { useEffect, useRef } from "react";
import { Link, useFetcher, useLocation } from "react-router";
import type { CartView } from "../../domain/basket";
import { ChargedInPounds, usePrice } from "../money/price";
import { CartGroups } from "./cart-groups";

/**
 * The basket drawer (shopper.md §2.5): a Radix dialog sliding in from the right. It is loaded
 * only when the basket button is first pressed, so it costs nothing on first load; without
 * JavaScript the basket button is a link to /cart.
 */
export default function BasketDrawer({
  open,
  onOpenChange,
  returnFocus,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  returnFocus: () => void;
}) {
  const cart = useFetcher<CartView>({ key: "basket" });
  const location = useLocation();
  const price = usePrice();
  const { load } = cart;
  useEffect(() => {
    if (open) void load("/cart");
  }, [open, load]);
  // Close when a link inside takes the shopper elsewhere.
  const path = useRef(location.pathname);
  useEffect(() => {
    if (path.current !== location.pathname) {
      path.current = location.pathname;
      onOpenChange(false);
    }
  }, [location.pathname, onOpenChange]);

  const data = cart.data;
  const count = data?.signedIn ? data.lines.length : 0;
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/40" />
        {/* Opened from a link, not a Dialog.Trigger: closing gives focus back to that link. */}
        <Dialog.Content
          className="fixed inset-y-0 right-0 z-50 flex w-full max-w-md flex-col bg-white shadow-xl focus:outline-none"
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            returnFocus();
          }}
        >
          <div className="flex items-center justify-between border-b border-stone-200 p-4">
            <Dialog.Title className="text-lg font-semibold">{`Shopping Basket (${counted(count, "item")})`}</Dialog.Title>
            <Dialog.Close className="rounded p-1 text-xl leading-none" aria-label="Close basket">
              ✕
            </Dialog.Close>
          </div>
          <Dialog.Description className="sr-only">Items in your basket, grouped by who sends them.</Dialog.Description>
          <div className="flex-1 overflow-y-auto p-4">
            {!data ? (
              <p>Loading cart...</p>
            ) : !data.signedIn ? (
              <div className="py-10 text-center">
                <p>Please sign in to view your cart</p>
                <Link
                  to={`/auth?redirectTo=${encodeURIComponent(location.pathname)}`}
                  className="mt-4 inline-block rounded-md bg-brand px-4 py-2 font-medium text-white"
                >
                  Sign In
                </Link>
              </div>
            ) : data.lines.length === 0 ? (
              <div className="py-10 text-center">
                <p>Your basket is empty</p>
                <Dialog.Close className="mt-4 rounded-md border border-stone-300 px-4 py-2">
                  Continue Shopping
                </Dialog.Close>
              </div>
            ) : (
              <CartGroups lines={data.lines} returnTo={location.pathname} compact />
            )}
          </div>
          {data?.signedIn && data.lines.length > 0 ? (
            <div className="border-t border-stone-200 p-4">
              <dl className="space-y-1 text-sm">
                <div className="flex justify-between">
                  <dt>Subtotal</dt>
                  <dd>{price(data.totals.subtotal)}</dd>
                </div>
                <div className="flex justify-between">
                  <dt>{`Delivery (${counted(data.totals.groups, "handler")})`}</dt>
                  <dd>{price(data.totals.delivery)}</dd>
                </div>
                <div className="flex justify-between text-base font-semibold">
                  <dt>Total</dt>
                  <dd>{price(data.totals.total)}</dd>
                </div>
              </dl>
              <ChargedInPounds pence={data.totals.total} className="mt-2 text-sm text-stone-700" />
              <Link to="/cart" className="mt-3 block rounded-md bg-brand py-2.5 text-center font-semibold text-white">
                Go To Checkout
              </Link>
              <Dialog.Close className="mt-2 w-full rounded-md border border-stone-300 py-2">
                Continue Shopping
              </Dialog.Close>
            </div>
          ) : null}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
