import { and, eq, or, sql } from "drizzle-orm";
import { products, PUBLIC_PRODUCT_SQL } from "../../db/schema";

// What every query of products the shop shows shares (split from catalog.server.ts, issue 48):
// which products are public, whether a checkout holds one, where its latest order stands, and a
// product card's columns.

/**
 * Is the product of the select (`products`) held by a checkout still waiting for its payment
 * (decision 0055)? Its availability already says rented or sold; this says it may be back on sale
 * when the reservation ends. Written with aliases of its own and the product qualified: drizzle
 * leaves the columns of a one-table select unqualified.
 */
export const reservedByCheckout = () =>
  // An available item is held by nobody: the order lookup runs only for one that is rented or sold.
  sql<number>`("products"."availability" <> 'available' and exists (select 1 ${HELD_BY_CHECKOUT}))`;

/**
 * When the checkout holding an item ends unpaid; null when none holds it (every order awaiting its
 * payment has its end, so this also says whether it is held: one lookup where both are needed).
 */
export const reservedUntil = () =>
  sql<
    number | null
  >`(case when "products"."availability" <> 'available' then (select max(o.payment_expires_at) ${HELD_BY_CHECKOUT}) end)`;

/** The orders awaiting payment that hold the product of the select: the one condition both read. */
const HELD_BY_CHECKOUT = sql.raw(
  `from order_items oi join orders o on o.id = oi.order_id where oi.product_id = "products"."id" and o.status = 'awaiting_payment' and oi.status <> 'cancelled'`,
);

/** Where an item's latest order stands while the item is not with its shopper yet (decision 0069); null otherwise. */
export const orderStageOf = () =>
  sql<
    "reserved" | "to_post" | "shipped" | null
  >`(select case when o.status = 'awaiting_payment' then 'reserved' when oi.status = 'shipped' then 'shipped' else 'to_post' end
    from order_items oi join orders o on o.id = oi.order_id
    where oi.product_id = "products"."id" and oi.status in ('pending', 'processing', 'shipped') order by oi.created_at desc limit 1)`;

export const cardColumns = {
  id: products.id,
  name: products.name,
  brand: products.brand,
  price: products.price,
  rentalPrice: products.rentalPrice,
  // A card shows its first image only: the others are neither read nor sent (decision 0114).
  images: sql<
    string[]
  >`iif(json_array_length(${products.images}) > 1, json_array(json_extract(${products.images}, '$[0]')), ${products.images})`
    .mapWith(products.images)
    .as("card_images"),
  availability: products.availability,
  size: products.size,
  // 'Being prepared' and 'Back around …' (decision 0080).
  preparedUntil: products.preparedUntil,
  backAroundAt: products.backAroundAt,
  // Held by a checkout waiting for its payment: the card says 'Reserved', as its page does (decision 0068).
  reserved: reservedByCheckout().mapWith(Boolean).as("card_reserved"),
  // The seller's ratings from shoppers, 'count:average' (decision 0091), from reviews_reviewed_user_idx.
  sellerRating: sql<
    string | null
  >`(select count(*) || ':' || avg(r.rating) from reviews r where r.reviewed_user_id = "products"."owner_id" and r.side = 'shopper')`.as(
    "card_seller_rating",
  ),
};

/**
 * What every public page may show: live and not sold (DECISIONS.md: items are one of a kind).
 * Literal SQL, the same text as the partial indexes' condition, so SQLite uses those indexes.
 */
const PUBLIC_PRODUCT = sql.raw(
  `(${PUBLIC_PRODUCT_SQL.replace(/\b(product_status|availability)\b/g, '"products"."$1"')})`,
);
export const isPublic = () => sql`${PUBLIC_PRODUCT}`;

/** A product the shop shows: public, or bought and held by a checkout (shown as reserved: it is back on sale if not paid). */
export const publicOrReserved = () => or(isPublic(), and(eq(products.productStatus, "live"), reservedByCheckout()));
