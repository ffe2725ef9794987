import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { PriceDisplayContext } from "./money/price";
import { ProductCard } from "./product-card";
import { productCardHtml } from "./product-card-html";
import type { ProductCardData } from "../domain/catalog";
import type { PriceDisplay } from "../domain/currency";
import { formatPrice } from "../domain/money";

// What React renders for the card (as the page's stream does: renderToString writes the same
// markup), in a router, with the visitor's display currency.
const asReact = (product: ProductCardData, display: PriceDisplay | null = null) =>
  renderToString(
    createElement(
      PriceDisplayContext.Provider,
      { value: display },
      createElement(MemoryRouter, null, createElement(ProductCard, { product })),
    ),
  );

const card = (over: Partial<ProductCardData> = {}): ProductCardData => ({
  id: "prod_1",
  name: "Wool Coat",
  brand: "COS",
  price: 12_000,
  rentalPrice: 2_499,
  images: ["/images/products/pool/green-coat-0.png"],
  availability: "available",
  size: "UK 12",
  ...over,
});

describe("a lazy product card as text (decision 0144)", () => {
  it("is the markup React renders for the same card, whatever it shows", () => {
    const euros: PriceDisplay = { currency: "EUR", perPound: 1.17 };
    const cases: [ProductCardData, PriceDisplay | null][] = [
      [card(), null],
      [card({ rentalPrice: null, size: null, sellerRating: "12:4.46" }), null],
      [card({ sellerRating: "1:5", reserved: true, availability: "rented" }), null],
      [card({ availability: "rented", backAroundAt: Date.UTC(2026, 11, 12) }), null],
      [
        card({ availability: "rented", preparedUntil: Date.UTC(2026, 11, 3), backAroundAt: Date.UTC(2026, 11, 1) }),
        null,
      ],
      [card({ availability: "rented" }), null],
      [card({ images: [] }), null],
      [card({ images: ["https://example.com/a.jpg?x=1&y=2"] }), null],
      [card({ name: `"Quoted" <b>Coat</b> & it's`, brand: "Marks & Spencer", size: "0–3 months" }), null],
      [card(), euros],
    ];
    for (const [product, display] of cases) {
      expect(productCardHtml(product, formatPrice(product.rentalPrice ?? product.price, display))).toBe(
        asReact(product, display),
      );
    }
  });

  it("never lets a seller's words out of their text", () => {
    const html = productCardHtml(card({ name: `x"><script>alert(1)</script>` }), "£24.99");
    expect(html).not.toContain("<script>");
    expect(html).toContain('alt="x&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"');
  });
});
