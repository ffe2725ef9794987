import { and, eq, sql, type Placeholder, type SQL } from "drizzle-orm";
import { products, PUBLIC_PRODUCT_SQL, reviews, stores, users, userVerifications } from "../../db/schema";
import { limitOf, type Database } from "./db.server";
import { batchParts } from "./parts.server";
import { aroundItemPart } from "./page-parts.server";
import { preparedOnce } from "./prepared.server";
import { aliased, aliasedOrNull, storeNameOf } from "./columns.server";
import { managesAllProducts } from "../domain/roles";
import { measurementLines, parseMeasurements, sizeLabel } from "../domain/sizes";
import { SIMILARITY_WEIGHTS, SIZE_RANKS } from "../domain/similar";
import type { ProductCardData } from "../domain/catalog";
import type { SessionUser } from "../domain/roles";
import { newestFirst } from "./paging.server";
import { publicOrReserved, reservedUntil } from "./public-products.server";

export const RELATED_PRODUCTS = 8;

/** Why a listing was rejected, and which store, when a store declined it (decision 0067). */
export const rejectionColumns = {
  rejectionReason: products.rejectionReason,
  declinedBy: storeNameOf(products.declinedByStoreId).as("declined_by"),
};

/** What describes a product: the fields of the edit form, which the product page shows too. */
const describedBy = {
  name: products.name,
  description: products.description,
  originalPrice: products.originalPrice,
  rentalPrice: products.rentalPrice,
  buyingPrice: products.buyingPrice,
  brand: products.brand,
  condition: products.condition,
  color: products.color,
  productType: products.productType,
  category: products.category,
  tags: products.tags,
  materials: products.materials,
  careInstructions: products.careInstructions,
  memoryStory: products.memoryStory,
  size: products.size,
  fitNote: products.fitNote,
  measurements: products.measurements,
  images: products.images,
};

// The product page's statements, built once per isolate (prepared.server.ts; decision 0111).
const productRow = preparedOnce(["id"], (db, { id }) =>
  db
    .select({
      id: products.id,
      ...describedBy,
      price: products.price,
      availability: products.availability,
      preparedUntil: products.preparedUntil,
      backAroundAt: products.backAroundAt,
      conciergeStatus: products.conciergeStatus,
      status: products.status,
      updatedAt: products.updatedAt,
      // D1 collapses duplicate column names in a batch, so joined columns get their own aliases.
      ownerId: aliased(users.id, "owner_ref"),
      ownerName: aliased(users.displayName, "owner_display_name"),
      ownerVerified: aliasedOrNull(userVerifications.isVerified, "owner_verified"),
      storeId: aliasedOrNull(stores.id, "store_ref"),
      storeName: aliasedOrNull(stores.name, "store_name"),
      reservedUntil: reservedUntil().as("reserved_until"),
    })
    .from(products)
    .innerJoin(users, eq(users.id, products.ownerId))
    .leftJoin(userVerifications, eq(userVerifications.userId, products.ownerId))
    .leftJoin(stores, eq(stores.id, products.storeId))
    .where(and(eq(products.id, id), publicOrReserved())),
);
const productComments = preparedOnce(["id"], (db, { id }) =>
  db
    .select({ id: reviews.id, rating: reviews.rating, comment: reviews.comment, createdAt: reviews.createdAt })
    .from(reviews)
    .where(and(eq(reviews.productId, id), eq(reviews.side, "shopper")))
    .orderBy(...newestFirst(reviews))
    .limit(50),
);
const similarItems = preparedOnce(["id"], (db, { id }) => similarItemsQuery(db, id));
/**
 * Everything the product page shows, in one D1 round trip: the item, its comments, 'You may also
 * like', and what is around it (where its handler ships, its seller's standing, whether the viewer
 * saved it and follows its seller or store); null when not public.
 */
export async function productDetail(db: Database, id: string, viewerId: string | null, now: number) {
  const [found, comments, related, around] = await batchParts(db, [
    productRow(db, { id }),
    productComments(db, { id }),
    similarItems(db, { id }),
    aroundItemPart(db, id, viewerId, now),
  ] as const);
  const product = found[0];
  if (!product) return null;
  // A concierge item is managed by its store only once the store approved it (status approved).
  const managedByStore = Boolean(product.storeId) && product.status === "approved";
  return {
    product: {
      ...product,
      ownerVerified: Boolean(product.ownerVerified),
      reserved: product.reservedUntil !== null,
      managedByStore,
      // What DETAILS shows of the size, as text (app/domain/sizes.ts stays out of the page's JavaScript).
      sizeText: product.size ? sizeLabel(product.size, product.category) : null,
      measurementText: measurementLines(parseMeasurements(product.measurements)),
      comments,
      related: related.map(similarCard),
    },
    ...around({ ...product, managedByStore }),
  };
}

/** How many of the item's category's newest listings 'You may also like' ranks (with the newest overall). */
export const SIMILAR_POOL = 200;
/** How many of an item's most alike listings its kept list holds: twice what the page shows, as some sell. */
export const SIMILAR_KEPT = 2 * RELATED_PRODUCTS;

/**
 * 'YOU MAY ALSO LIKE' (issue 25, item 4; app/domain/similar.ts has the score and its tests): one
 * statement, in the product page's batch (so cached with the page). Each listing of a pool is
 * scored by the same category and type, the same or a neighbouring size, a similar price, the same
 * brand and shared tags, and the best RELATED_PRODUCTS are kept, newest first among equals.
 *
 * The pool (decision 0123): the item's kept list (its SIMILAR_KEPT best, chosen by the five-minute
 * job, refreshSimilarLists) while it is newer than the item's last change, and the newest public
 * listings overall (products_pub_created_idx), so a listing sold since drops out at once and a new
 * one can come in. An item with no such list ranks its category's newest public listings instead
 * (walked down products_pub_category_idx, at most SIMILAR_POOL), as the job does. Both give the
 * same answer while the list is fresh; the category's way reads ~2,100 rows, the list's ~300.
 * `limit 0` on the category's walk when a list is kept: SQLite then never starts it.
 */
export function similarItemsQuery(db: Database, id: string | Placeholder) {
  return db
    .select({
      id: sql<string>`similar.id`,
      name: sql<string>`similar.name`,
      brand: sql<string>`similar.brand`,
      price: sql<number>`similar.price`,
      rentalPrice: sql<number | null>`similar.rental_price`,
      images: sql<string>`similar.images`,
      availability: sql<ProductCardData["availability"]>`similar.availability`,
      size: sql<string | null>`similar.size`,
      score: sql<number>`similar.score`,
    })
    .from(sql`(${scoredAgainst(sql`${id}`, "kept list")}) as similar`)
    .orderBy(sql`similar.score desc, similar.created_at desc, similar.id desc`)
    .limit(RELATED_PRODUCTS);
}

/**
 * The listings of an item's pool, each with its score against the item (`me`). `itemId` is its id
 * as a value, or an outer row's (`o.id`: the job's UPDATE). With "kept list", `me` has `kept` too:
 * the ids of its list when it may be used (else null), and the category's walk is read only when
 * it is null.
 */
function scoredAgainst(itemId: SQL, pool: "kept list" | "category") {
  const w = SIMILARITY_WEIGHTS;
  // The item: its facts, `p` its card price, and with "kept list" `kept`, its list while it may be used.
  const keptIds = pool === "kept list" ? sql`, case when similar_at >= updated_at then similar_ids end as kept` : sql``;
  const me = sql`select id, category, product_type, size, brand, tags, coalesce(rental_price, price) as p${keptIds}
    from products where id = ${itemId}`;
  const pub = sql.raw(PUBLIC_PRODUCT_SQL);
  const ranks = JSON.stringify(SIZE_RANKS);
  const walked =
    pool === "kept list"
      ? sql`(case when (select kept from me) is null then ${limitOf(SIMILAR_POOL)} else 0 end)`
      : limitOf(SIMILAR_POOL);
  const kept =
    pool === "kept list"
      ? sql`select rid from (select rowid as rid from products where id in (select value from json_each((select kept from me))) and ${pub} and id <> (select id from me)) union`
      : sql``;
  // A select from a subquery, not db.all: drizzle cannot batch a raw statement that has parameters.
  return sql`
    with me as (${me}),
    pool as (
      select rid from (select rowid as rid from products where category = (select category from me) and ${pub} and id <> (select id from me) order by created_at desc limit ${walked})
      union ${kept}
      select rid from (select rowid as rid from products where ${pub} and id <> (select id from me) order by created_at desc limit ${limitOf(RELATED_PRODUCTS)})
    )
    select p.id, p.name, p.brand, p.price, p.rental_price, p.images, p.availability, p.size, p.created_at,
      (case when p.category = me.category then ${w.category} else 0 end)
      + (case when p.product_type = me.product_type then ${w.productType} else 0 end)
      + (case when me.size is not null and p.size = me.size then ${w.sameSize}
              when abs(json_extract(${ranks}, '$."' || p.size || '"') - json_extract(${ranks}, '$."' || me.size || '"')) = 1 then ${w.neighbourSize}
              else 0 end)
      + ${w.price} * max(0, 1 - abs(coalesce(p.rental_price, p.price) - me.p) * 1.0 / max(me.p, 1))
      + (case when p.brand = me.brand then ${w.brand} else 0 end)
      + ${w.tag} * min(${w.maxTags}, (select count(distinct t.value) from json_each(p.tags) t where t.value in (select value from json_each(me.tags)))) as score
    from pool join products p on p.rowid = pool.rid, me`;
}

/** How many 'You may also like' lists the five-minute job refreshes per run (decision 0123). */
export const SIMILAR_REFRESHED_PER_RUN = 250;

/**
 * Refreshes up to `limit` kept 'You may also like' lists, in one statement: first those of public
 * items that have none or changed since (products_similar_due_idx, named in the query: without
 * statistics SQLite walked the other index and tested every row), then the oldest
 * (products_pub_similar_idx), so every list is remade as the catalog moves. Each is its item's
 * SIMILAR_KEPT best of the category's newest listings and the newest overall, scored as the page
 * scores them. Returns how many were refreshed.
 */
export async function refreshSimilarLists(db: Database, now: number, limit = SIMILAR_REFRESHED_PER_RUN) {
  return (await db.run(similarListsRefresh(now, limit))).meta.changes;
}

/** refreshSimilarLists' statement (its query plan is tested). */
export function similarListsRefresh(now: number, limit: number) {
  const pub = sql.raw(PUBLIC_PRODUCT_SQL);
  return sql`
    update products as o set similar_at = ${now}, similar_ids = (
      select json_group_array(similar.id) from (
        select id from (${scoredAgainst(sql`o.id`, "category")}) order by score desc, created_at desc, id desc limit ${limitOf(SIMILAR_KEPT)}
      ) as similar)
    where o.rowid in (select rid from (
      select rid, 0 as k from (select rowid as rid from products indexed by products_similar_due_idx where ${pub} and (similar_at is null or similar_at < updated_at) limit ${limitOf(limit)})
      union all
      select rid, 1 as k from (select rowid as rid from products where ${pub} order by similar_at limit ${limitOf(limit)})
    ) order by k limit ${limitOf(limit)})`;
}

interface SimilarRow {
  id: string;
  name: string;
  brand: string;
  price: number;
  rentalPrice: number | null;
  images: string;
  availability: ProductCardData["availability"];
  size: string | null;
  score: number;
}

const similarCard = ({ score: _score, images, ...row }: SimilarRow): ProductCardData => ({
  ...row,
  images: parseImages(images),
});

function parseImages(json: string): string[] {
  try {
    const list = JSON.parse(json) as unknown;
    return Array.isArray(list) ? list.filter((u): u is string => typeof u === "string") : [];
  } catch {
    return [];
  }
}

export type ProductDetail = NonNullable<Awaited<ReturnType<typeof productDetail>>>["product"];

/**
 * Who may edit a product, as a WHERE condition (seller-store-admin.md §1, decision 0012): through
 * the seller area, the owner's own products; through the store area, products of a store the
 * user owns. Staff who manage products may edit any (undefined: no condition).
 */
export function mayEditProduct(user: SessionUser, via: "seller" | "store") {
  if (managesAllProducts(user)) return undefined;
  return via === "seller"
    ? eq(products.ownerId, user.id)
    : sql`${products.storeId} in (select ${stores.id} from ${stores} where ${stores.ownerId} = ${user.id})`;
}

/** A product as its editor sees it (every field of the edit form), or null when this user may not edit it. */
export async function editableProduct(db: Database, productId: string, user: SessionUser, via: "seller" | "store") {
  return (
    (await db
      .select({
        id: products.id,
        ...describedBy,
        ownerId: products.ownerId,
        status: products.status,
        productStatus: products.productStatus,
        conciergeStatus: products.conciergeStatus,
        availability: products.availability,
        storeId: products.storeId,
        ...rejectionColumns,
      })
      .from(products)
      .where(and(eq(products.id, productId), mayEditProduct(user, via)))
      .get()) ?? null
  );
}

export type EditableProduct = NonNullable<Awaited<ReturnType<typeof editableProduct>>>;
