import { Link } from "react-router";
import { usePrice } from "./money/price";
import { productCardHtml } from "./product-card-html";
import { cardLines, cardPrice, type ProductCardData } from "../domain/catalog";
import { imageSources } from "../domain/images";

export function ProductCard({ product, eager = false }: { product: ProductCardData; eager?: boolean }) {
  const image = product.images[0];
  const price = usePrice();
  const { rating, status } = cardLines(product);
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
            <p className="mt-0.5 text-xs text-stone-600" aria-label={rating.label}>
              <span aria-hidden="true">{rating.shown}</span>
            </p>
          ) : null}
          {status ? <p className="mt-1 text-xs font-medium text-accent">{status}</p> : null}
        </div>
      </Link>
    </article>
  );
}

/**
 * A card in its list's item. On the server a lazy card's markup is written as text (decision
 * 0144), as React renders it; the browser renders the card and hydrates it on that text. An eager
 * card stays React's on the server too: React preloads its image from the page's head.
 */
export function ProductCardItem({
  product,
  eager = false,
  className,
}: {
  product: ProductCardData;
  eager?: boolean;
  className?: string;
}) {
  const price = usePrice();
  if (import.meta.env.SSR && !eager) {
    return (
      <li
        className={className}
        dangerouslySetInnerHTML={{ __html: productCardHtml(product, price(cardPrice(product))) }}
      />
    );
  }
  return (
    <li className={className}>
      <ProductCard product={product} eager={eager} />
    </li>
  );
}
