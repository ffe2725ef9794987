import { Link } from "react-router";
import { BuyerProtectionLine } from "../buyer-protection-line";
import { ChargedInPounds, usePrice } from "../money/price";
import { busyProps } from "../forms";
import type { CartView } from "../../domain/basket";

type Totals = Extract<CartView, { signedIn: true }>["totals"];

/** The basket's order summary (/cart): the totals, 'Complete Order' (it submits the checkout form) and what paying means. Split from app/routes/shop/cart.tsx (issue 48). */
export function OrderSummary({
  totals,
  lines,
  gone,
  processing,
}: {
  totals: Totals;
  lines: readonly unknown[];
  gone: number;
  processing: boolean;
}) {
  const price = usePrice();
  return (
    <aside
      aria-labelledby="order-summary"
      className="h-fit rounded-lg border border-stone-200 bg-white p-4 lg:sticky lg:top-20"
    >
      <h2 id="order-summary" className="text-xl font-semibold">
        Order Summary
      </h2>
      <dl className="mt-3 space-y-1 text-sm">
        <div className="flex justify-between">
          <dt>Subtotal</dt>
          <dd>{price(totals.subtotal)}</dd>
        </div>
        <div className="flex justify-between">
          <dt>{`Delivery${totals.to ? ` to ${totals.to}` : ""} (${totals.groups} ${totals.groups === 1 ? "handler" : "handlers"})`}</dt>
          <dd>{price(totals.delivery - (totals.returns ?? 0))}</dd>
        </div>
        {/* A rental sent abroad comes back from abroad: its return parcel is paid now (decision 0094). */}
        {totals.returns ? (
          <div className="flex justify-between">
            <dt>{`Return postage for rentals from ${totals.to}`}</dt>
            <dd>{price(totals.returns)}</dd>
          </div>
        ) : null}
        <div className="flex justify-between border-t border-stone-200 pt-2 text-base font-semibold">
          <dt>Total</dt>
          <dd>{price(totals.total)}</dd>
        </div>
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
      <div className="mt-3">
        <BuyerProtectionLine />
      </div>
      {gone > 0 ? (
        <p
          id="remove-gone"
          className="mt-2 text-sm font-medium text-red-700"
        >{`Remove ${gone === 1 ? "the item" : `the ${gone} items`} no longer available to continue.`}</p>
      ) : null}
      {/* Decision 0055: the shopper is told what the card is saved for before paying. */}
      <p className="mt-3 text-xs text-stone-600" data-testid="payment-terms">
        You pay the total on our payment provider&apos;s secure page; your items are reserved for 30 minutes while you
        do. Your card is saved for this order&apos;s later charges: buying a rental you keep, a rental kept past its 7
        days, or a repair fee for a damaged return.
      </p>
      <Link to="/" className="mt-3 block text-center text-sm text-brand underline">
        Continue Shopping
      </Link>
    </aside>
  );
}
