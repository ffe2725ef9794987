import { useEffect, useState } from "react";
import { useFetcher } from "react-router";
import { busyProps } from "../forms";
import { PoundsBeside, usePrice } from "../money/price";
import type { Route } from "../../routes/shop/+types/product";

/** The product as the page's loader gives it. */
type ProductDetail = Route.ComponentProps["loaderData"]["product"];

// The product page's ways to get it (/product/{id}): rent or buy, the total, and 'ADD TO BASKET'.
// Split from app/routes/shop/product.tsx (issue 48).

// Literal class names, so Tailwind sees them.
const TOTAL_VISIBLE = {
  rental: "group-has-[#option-rental:checked]/options:block",
  purchase: "group-has-[#option-purchase:checked]/options:block",
};

export function Options({ product }: { product: ProductDetail }) {
  const fetcher = useFetcher();
  const [enhanced, setEnhanced] = useState(false);
  useEffect(() => setEnhanced(true), []);
  const adding = fetcher.state !== "idle";
  const price = usePrice();
  const options = [
    product.rentalPrice !== null ? { value: "rental", label: "Rent Now Buy Later", price: product.rentalPrice } : null,
    product.buyingPrice !== null ? { value: "purchase", label: "Buy Now", price: product.buyingPrice } : null,
  ].filter((o): o is { value: string; label: string; price: number } => o !== null);
  const rented = product.availability === "rented" || product.reserved;
  // The option radios switch the total and the rental note with CSS (:has), so no JavaScript is needed.
  return (
    <fetcher.Form method="post" action="/cart" className="group/options space-y-4">
      <input type="hidden" name="intent" value="add" />
      {enhanced ? <input type="hidden" name="enhanced" value="1" /> : null}
      <input type="hidden" name="productId" value={product.id} />
      <fieldset>
        <legend className="sr-only">Choose how to get it</legend>
        <div className="grid grid-cols-2 gap-3">
          {options.map((o, i) => (
            <label
              key={o.value}
              className="cursor-pointer rounded-lg border-2 border-stone-300 p-3 text-center has-checked:border-brand has-checked:bg-brand-light has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-brand"
            >
              <input
                type="radio"
                name="option"
                value={o.value}
                defaultChecked={i === 0}
                className="sr-only"
                id={`option-${o.value}`}
              />
              <span className="block text-sm font-semibold">{o.label}</span>
              <span className="block text-lg">{price(o.price)}</span>
              <PoundsBeside pence={o.price} />
            </label>
          ))}
        </div>
      </fieldset>
      {options.map((o) => (
        <p key={o.value} className={`hidden text-lg font-semibold ${TOTAL_VISIBLE[o.value as "rental" | "purchase"]}`}>
          Total: {price(o.price)}
        </p>
      ))}
      {product.rentalPrice !== null ? (
        <p className="hidden text-sm text-stone-700 group-has-[#option-rental:checked]/options:block">
          You have 7 days from delivery before paying the Buy Now price
        </p>
      ) : null}
      {rented ? (
        <p className="rounded-md bg-amber-50 p-3 font-semibold text-amber-900">
          {product.reserved ? "Reserved" : product.preparedUntil !== null ? "Being prepared" : "Currently rented"}
        </p>
      ) : (
        <button
          type="submit"
          disabled={options.length === 0}
          {...busyProps(adding)}
          className="w-full rounded-md bg-stone-900 py-3 font-semibold tracking-widest text-white disabled:opacity-50 aria-disabled:opacity-50"
        >
          {adding ? "ADDING..." : "ADD TO BASKET"}
        </button>
      )}
    </fetcher.Form>
  );
}
