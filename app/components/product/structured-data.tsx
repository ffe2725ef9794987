import { useNonce } from "../nonce";
import type { Route } from "../../routes/shop/+types/product";

/** The product as the page's loader gives it. */
type ProductDetail = Route.ComponentProps["loaderData"]["product"];

// The product page's schema.org data (/product/{id}). Split from app/routes/shop/product.tsx (issue 48).

/**
 * schema.org Product in GBP; `<` is escaped so the JSON can never close its script element.
 * Written by the server only: it is for crawlers, which read the page as served, and the browser
 * hydrates the script as it stands (React does not read an element's HTML), so its code is not in
 * the page's JavaScript. Keyed by product, a product reached in the browser has none.
 */
export function StructuredData({ product, origin }: { product: ProductDetail; origin: string }) {
  const nonce = useNonce();
  return (
    <script
      key={product.id}
      suppressHydrationWarning
      type="application/ld+json"
      nonce={nonce}
      dangerouslySetInnerHTML={{ __html: import.meta.env.SSR ? jsonOf(product, origin) : "" }}
    />
  );
}

function jsonOf(product: ProductDetail, origin: string) {
  const json = {
    "@context": "https://schema.org",
    "@type": "Product",
    name: product.name,
    description: product.description ?? undefined,
    image: product.images.map((i) => `${origin}${i}`),
    brand: { "@type": "Brand", name: product.brand },
    color: product.color ?? undefined,
    category: product.category,
    itemCondition: product.condition.startsWith("Brand New")
      ? "https://schema.org/NewCondition"
      : "https://schema.org/UsedCondition",
    offers: {
      "@type": "Offer",
      url: `${origin}/product/${product.id}`,
      priceCurrency: "GBP",
      price: ((product.buyingPrice ?? product.price) / 100).toFixed(2),
      availability:
        product.availability === "available" ? "https://schema.org/InStock" : "https://schema.org/OutOfStock",
    },
  };
  return JSON.stringify(json).replace(/</g, "\\u003c");
}
