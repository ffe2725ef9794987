import { usePrice } from "../money/price";
import type { BundleNote } from "../../domain/price-notes";

// The order page's word on prices (issue 43; decision 0093): a line bought at an agreed price
// (an accepted offer) says so beside what it was listed at, and each handler group's bundle
// discount is a line under the items, as the basket showed them.

export function AgreedPriceNote({ listed }: { listed: number | null }) {
  const price = usePrice();
  if (listed === null) return null;
  return <p className="text-sm text-green-800">{`Agreed price (your offer, accepted) · listed at ${price(listed)}`}</p>;
}

export function BundleNotes({ bundles }: { bundles: BundleNote[] }) {
  const price = usePrice();
  if (bundles.length === 0) return null;
  return (
    <ul aria-label="Bundle discounts" className="mt-2 space-y-1 text-sm text-green-800">
      {bundles.map((b) => (
        <li
          key={b.names.join("|")}
        >{`Bundle discount (${b.names.length} items −${b.percent}%): −${price(b.discount)} on ${b.names.join(", ")}`}</li>
      ))}
    </ul>
  );
}
