import { Link } from "react-router";
import { usePrice } from "./money/price";
import { backAroundLabel, cardPrice, type ProductCardData } from "../domain/catalog";
import { imageSources } from "../domain/images";

export function ProductCard({ product, eager = false }: { product: ProductCardData; eager?: boolean }) {
  const image = product.images[0];
  const price = usePrice();
  // The seller's ratings, 'count:average' (decision 0091): parsed here, so every page's shared chunk stays small.
  const [count, average] = (product.sellerRating ?? "").split(":").map(Number);
  const rating = count && average ? { count, average: (Math.round(average * 10) / 10).toFixed(1) } : null;
  return (
    <article className="group overflow-hidden rounded-xl bg-white ring-1 ring-stone-200 transition hover:ring-stone-400">
      <Link to={`/product/${product.id}`} className="block">
        <div className="aspect-[4/5] bg-stone-100">
          {image ? (
            <img
              {...imageSources(image, "card")}
              alt={product.name}
              width={400}
              height={500}
              loading={eager ? "eager" : "lazy"}
              decoding="async"
              className="h-full w-full object-cover transition duration-300 group-hover:scale-[1.03]"
            />
          ) : (
            <div className="flex h-full items-center justify-center text-sm text-stone-600">No image</div>
          )}
        </div>
        <div className="p-3">
          <p className="text-[0.7rem] font-semibold tracking-[0.12em] text-stone-600 uppercase">{product.brand}</p>
          <h3 className="mt-0.5 truncate font-medium">{product.name}</h3>
          {product.size ? <p className="text-xs text-stone-600">{`Size ${product.size}`}</p> : null}
          <p className="mt-1 text-sm font-semibold">
            {price(cardPrice(product))}
            {product.rentalPrice !== null ? <span className="font-normal text-stone-600"> / 7 days</span> : null}
          </p>
          {rating ? (
            <p
              className="mt-0.5 text-xs text-stone-600"
              aria-label={`Seller rated ${rating.average} out of 5 from ${rating.count} rating${rating.count === 1 ? "" : "s"}`}
            >
              <span aria-hidden="true">{`★ ${rating.average} (${rating.count})`}</span>
            </p>
          ) : null}
          {product.reserved ? (
            <p className="mt-1 text-xs font-medium text-accent">Reserved</p>
          ) : product.availability === "rented" ? (
            <RentedLine product={product} />
          ) : null}
        </div>
      </Link>
    </article>
  );
}

/** A rented or prepared item's card line: what it is doing and when it is back around (decision 0080). */
function RentedLine({ product }: { product: ProductCardData }) {
  const back = product.preparedUntil ?? product.backAroundAt ?? null;
  return (
    <p className="mt-1 text-xs font-medium text-accent">{`${product.preparedUntil ? "Being prepared" : "Currently rented"}${back ? ` · ${backAroundLabel(back)}` : ""}`}</p>
  );
}
