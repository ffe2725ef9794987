import { Link } from "react-router";
import { Panel } from "../kit/panel";
import { StatusBadge } from "../kit/badge";
import { Details } from "../kit/details";
import { priceText } from "../kit/product-cells";

// The store's product edit page: Product Information, as the seller described the item.

/** What the panel shows of a product. */
export interface StoreProductInfo {
  id: string;
  name: string;
  description: string | null;
  images: readonly string[];
  brand: string;
  condition: string;
  productType: string;
  category: string;
  size: string | null;
  fitNote: string | null;
  rentalPrice: number | null;
  buyingPrice: number | null;
  originalPrice: number | null;
  productStatus: string;
}

export function ProductInformation({ product }: { product: StoreProductInfo }) {
  return (
    <Panel title="Product Information">
      <div className="flex flex-wrap gap-2">
        {product.images.length === 0 ? (
          <span className="flex h-28 w-24 items-center justify-center rounded bg-stone-100 text-xs text-stone-600">
            No image
          </span>
        ) : (
          product.images.map((url, i) => (
            <img
              key={url}
              src={url}
              alt={i === 0 ? product.name : ""}
              width={96}
              height={112}
              loading="lazy"
              className="h-28 w-24 rounded object-cover"
            />
          ))
        )}
      </div>
      <Details
        className="mt-4"
        items={[
          ["Name", product.name],
          ["Brand", product.brand],
          ["Condition", product.condition],
          ["Category", `${product.productType} · ${product.category}`],
          ["Size", [product.size ?? "Not given", product.fitNote].filter(Boolean).join(" · ")],
          ["Rental (7 days)", priceText(product.rentalPrice)],
          ["Buying price", priceText(product.buyingPrice)],
          ["Original price", priceText(product.originalPrice)],
          ["Listing", <StatusBadge key="listing" status={product.productStatus} />],
        ]}
      />
      {product.description ? <p className="mt-3 text-sm text-stone-800">{product.description}</p> : null}
      {product.productStatus === "live" ? (
        <Link to={`/product/${product.id}`} className="mt-3 inline-block text-sm font-medium text-brand underline">
          View public page
        </Link>
      ) : null}
    </Panel>
  );
}
