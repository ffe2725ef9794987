import type { CartLine } from "../../domain/basket";
import { usePrice } from "../money/price";

// How the basket says a price it changed for the shopper (issue 43 items 4-5): the agreed price of
// an accepted offer beside the listed one, and a handler group's bundle discount.

/** A line's price: with the listed price struck through when the shopper pays less. */
export function LinePrice({ line }: { line: CartLine }) {
  const formatGBP = usePrice();
  const listed = line.listPrice ?? line.price;
  if (listed <= line.price) return <>{formatGBP(line.price)}</>;
  return (
    <>
      <s className="mr-1 text-stone-500">
        <span className="sr-only">Listed at </span>
        {formatGBP(listed)}
      </s>
      <span className="font-semibold">{formatGBP(line.price)}</span>
      {line.offer ? <span className="ml-2 text-xs font-medium text-emerald-800">Your accepted offer</span> : null}
    </>
  );
}

/** A group's bundle discount, when its seller's tiers apply: what it saves, on how many items. */
export function BundleNote({ lines }: { lines: CartLine[] }) {
  const discounted = lines.filter((l) => (l.bundleDiscount ?? 0) > 0);
  const formatGBP = usePrice();
  if (discounted.length === 0) return null;
  const saved = discounted.reduce((sum, l) => sum + (l.bundleDiscount ?? 0), 0);
  return (
    <p className="flex justify-between border-t border-stone-100 px-3 py-2 text-sm text-emerald-800">
      <span>{`Bundle discount (${discounted.length} items −${discounted[0]!.bundlePercent ?? 0}%)`}</span>
      <span>{`−${formatGBP(saved)}`}</span>
    </p>
  );
}
