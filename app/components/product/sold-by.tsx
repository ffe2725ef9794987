import { SellerCardFrame, type SellerSocial } from "../seller-card";
import { ratingSummary } from "../../domain/ratings";
import type { Route } from "../../routes/shop/+types/product";

/** The product as the page's loader gives it. */
type ProductDetail = Route.ComponentProps["loaderData"]["product"];

// Who sells the item, on the product page (/product/{id}). Split from app/routes/shop/product.tsx (issue 48).

/** Who sells an item whose owner has no display name (a full name is never shown in public). */
const UNNAMED_SELLER = "A Closetloop seller";

export function SellerCard({ product, social }: { product: ProductDetail; social: SellerSocial }) {
  const byStore = product.managedByStore && product.storeId;
  const href = byStore
    ? `/store/${product.storeId}`
    : product.ownerName
      ? `/${encodeURIComponent(product.ownerName)}`
      : null;
  // A seller is named by their display name only: the page and its data never carry a full name (issue 41, decision 0071).
  const name = byStore ? product.storeName : (product.ownerName ?? UNNAMED_SELLER);
  const body = (
    <>
      <p className="text-xs tracking-wide text-stone-600 uppercase">{byStore ? "Managed by" : "Sold by"}</p>
      <p className="font-semibold">{name}</p>
      {byStore && product.ownerName ? (
        <p className="text-sm text-stone-700">{`Originally by ${product.ownerName}`}</p>
      ) : null}
      <p className="text-sm text-stone-700">{ratingSummary(social.standing.average, social.standing.ratings)}</p>
    </>
  );
  return (
    <SellerCardFrame
      href={href}
      body={body}
      social={social}
      target={byStore ? { kind: "store", id: product.storeId! } : { kind: "seller", id: product.ownerId }}
    />
  );
}
