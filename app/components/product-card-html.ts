// A lazy product card as HTML text, written by the server (decision 0144): a page of cards is ~300
// elements, which React renders one by one; written as text, a card costs a few strings. The markup
// is what React renders for `ProductCard` (product-card.tsx) with `eager` off, byte for byte (a unit
// test compares the two): the browser renders that component and hydrates it on this text.
import { escapeHtml } from "./catalog/checkboxes-html";
import { cardLines, type ProductCardData } from "../domain/catalog";
import { imageSources } from "../domain/images";

const IMAGE_CLASS = "h-full w-full object-cover transition duration-300 group-hover:scale-[1.03]";

function imageHtml(product: ProductCardData) {
  const image = product.images[0];
  if (!image) return '<div class="flex h-full items-center justify-center text-sm text-stone-600">No image</div>';
  const { src, srcSet, sizes } = imageSources(image, "card");
  const sources =
    `src="${escapeHtml(src)}"` +
    (srcSet === undefined ? "" : ` srcSet="${escapeHtml(srcSet)}"`) +
    (sizes === undefined ? "" : ` sizes="${escapeHtml(sizes)}"`);
  return `<img ${sources} alt="${escapeHtml(product.name)}" width="400" height="500" loading="lazy" decoding="async" class="${IMAGE_CLASS}"/>`;
}

/** The card's `<article>`, its price already written in the visitor's currency (`priceText`). */
export function productCardHtml(product: ProductCardData, priceText: string) {
  const { rating, status } = cardLines(product);
  return (
    '<article class="group overflow-hidden rounded-xl bg-white ring-1 ring-stone-200 transition hover:ring-stone-400">' +
    `<a class="block" href="/product/${escapeHtml(product.id)}" data-discover="true">` +
    `<div class="aspect-[4/5] bg-stone-100">${imageHtml(product)}</div>` +
    '<div class="p-3">' +
    `<p class="text-[0.7rem] font-semibold tracking-[0.12em] text-stone-600 uppercase">${escapeHtml(product.brand)}</p>` +
    `<h3 class="mt-0.5 truncate font-medium">${escapeHtml(product.name)}</h3>` +
    (product.size ? `<p class="text-xs text-stone-600">Size ${escapeHtml(product.size)}</p>` : "") +
    `<p class="mt-1 text-sm font-semibold">${escapeHtml(priceText)}` +
    (product.rentalPrice !== null ? '<span class="font-normal text-stone-600"> / 7 days</span>' : "") +
    "</p>" +
    (rating
      ? `<p class="mt-0.5 text-xs text-stone-600" aria-label="${escapeHtml(rating.label)}"><span aria-hidden="true">${escapeHtml(rating.shown)}</span></p>`
      : "") +
    (status ? `<p class="mt-1 text-xs font-medium text-accent">${escapeHtml(status)}</p>` : "") +
    "</div></a></article>"
  );
}
