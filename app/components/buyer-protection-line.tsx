import { Link } from "react-router";

// The one line the product page, the basket and the order page show (issue 43 item 1): every order
// is covered, with the way to the page that explains it. Kept tiny: it ships on the product page.

export const BUYER_PROTECTION_HREF = "/pages/buyer_protection";

export function BuyerProtectionLine() {
  return (
    <p className="text-sm text-stone-700">
      Every order is covered by Closetloop Buyer Protection.{" "}
      <Link to={BUYER_PROTECTION_HREF} className="text-brand underline">
        How it works
      </Link>
    </p>
  );
}
