import { and, asc, count, eq, inArray, sql } from "drizzle-orm";
import { priceChangeRequests, products, stores, users } from "../../db/schema";
import type { ReviewStatus } from "../domain/admin-products";
import type { StoreTab } from "../domain/store-dashboard";
import { isUniqueViolation, type Database } from "./db.server";
import { newestFirst, onePage } from "./paging.server";
import { pageOf } from "../domain/tabs";
import { storeRevenuePart } from "./finance.server";
import { ordersTabPart } from "./handler-orders-tab.server";
import { listedProductColumns } from "./listings.server";
import { dashboardBatch, mapPart, partsOf, rowsPart, type Part } from "./parts.server";
import { preparedPart, ROWS_ONLY } from "./prepared.server";

// What the store dashboard reads and writes (seller-store-admin.md §2 Store dashboard and
// Store-side product edit, §4 Concierge, §7 Seller and store; decisions 0029, 0030). Every
// query and every write names the store in its WHERE: a store owner reaches only their store.

export const STORE_PAGE_SIZE = 20;

const storeColumns = {
  id: stores.id,
  name: stores.name,
  description: stores.description,
  address: stores.address,
  logoUrl: stores.logoUrl,
  contactEmail: stores.contactEmail,
  ownerId: stores.ownerId,
};

/** The store a user owns (their first, should there be several), or null. */
export async function storeOwnedBy(db: Database, userId: string) {
  return (
    (await db
      .select(storeColumns)
      .from(stores)
      .where(eq(stores.ownerId, userId))
      .orderBy(asc(stores.createdAt), asc(stores.id))
      .get()) ?? null
  );
}

export async function storeById(db: Database, storeId: string) {
  return (await db.select(storeColumns).from(stores).where(eq(stores.id, storeId)).get()) ?? null;
}

export type DashboardStore = NonNullable<Awaited<ReturnType<typeof storeById>>>;

/** A store by its id as a part of a page's batch (decision 0121): the dashboard reads it with its tab. */
export const storePart = (db: Database, storeId: string): Part<DashboardStore | null> =>
  mapPart(rowsPart(db.select(storeColumns).from(stores).where(eq(stores.id, storeId))), (rows) => rows[0] ?? null);

/** Every store, for staff choosing which one to open (decision 0029). */
export async function storeChoices(db: Database) {
  return db
    .select({ id: stores.id, name: stores.name })
    .from(stores)
    .orderBy(asc(stores.name), asc(stores.id))
    .limit(500);
}

/** §4: a concierge request is a product at this store that waits for the store's answer (decision 0030). */
const waitsForStore = (storeId: string) =>
  and(eq(products.storeId, storeId), eq(products.status, "pending"), eq(products.conciergeStatus, "pending"));

function countQueries(db: Database, storeId: string) {
  return [
    // §7: the store's products are those "by store_id with status pending or approved".
    db
      .select({ n: count() })
      .from(products)
      .where(and(eq(products.storeId, storeId), inArray(products.status, ["pending", "approved"]))),
    db.select({ n: count() }).from(products).where(waitsForStore(storeId)),
  ] as const;
}

const productColumns = {
  ...listedProductColumns,
  brand: products.brand,
  ownerName: sql<string | null>`coalesce(${users.displayName}, ${users.fullName})`.as("owner_name"),
};

/** The store's concierge requests, the longest waiting first: a request sent again after the store declined it waits from when it was sent again (decision 0067). */
function requestsQuery(db: Database, storeId: string) {
  return db
    .select({ ...productColumns, submittedAt: products.updatedAt })
    .from(products)
    .innerJoin(users, eq(users.id, products.ownerId))
    .where(waitsForStore(storeId))
    .orderBy(asc(products.updatedAt), asc(products.id))
    .limit(100);
}

function productsQuery(db: Database, storeId: string, page: number) {
  const query = db
    .select(productColumns)
    .from(products)
    .innerJoin(users, eq(users.id, products.ownerId))
    .where(and(eq(products.storeId, storeId), inArray(products.status, ["pending", "approved"])))
    .orderBy(...newestFirst(products))
    .$dynamic();
  return onePage(query, page, STORE_PAGE_SIZE);
}

/** The cards' figures: the store's products, the requests waiting and its revenue (their SQL built once: decision 0132). */
const summaryStatements = preparedPart((db, { storeId }: { storeId: string }) => {
  const [products, waiting] = countQueries(db, storeId);
  return partsOf([rowsPart(products), rowsPart(waiting), storeRevenuePart(db, storeId)] as const);
}, ROWS_ONLY);

function summaryPart(db: Database, storeId: string) {
  return mapPart(summaryStatements(db, { storeId }), ([[a], [b], revenue]) => ({
    productCount: a?.n ?? 0,
    pendingRequests: b?.n ?? 0,
    revenue: revenue.total,
  }));
}

/** Only the current tab's records. */
/** Whose dashboard, which tab and page, and when. */
/** `before`: the Orders tab's cursor (readOrderCursor), null on its first page. */
type StoreView = { storeId: string; tab: StoreTab; pageNumber: number; now: number; before?: string | null };

function tabPart(db: Database, { storeId, tab, pageNumber, now, before = null }: StoreView) {
  switch (tab) {
    case "overview":
    case "settings":
      return { statements: [], read: () => ({ tab }) as const };
    case "requests":
      return mapPart(rowsPart(requestsQuery(db, storeId)), (requests) => ({ tab, requests }) as const);
    case "products":
      return mapPart(rowsPart(productsQuery(db, storeId, pageNumber)), (rows) => {
        const { rows: products, hasNext } = pageOf(rows, STORE_PAGE_SIZE);
        return { tab, products, hasNext, page: pageNumber } as const;
      });
    case "orders":
      return mapPart(ordersTabPart(db, { storeId }, now, before), (ordersTab) => ({ tab, ordersTab }) as const);
  }
}

/**
 * Everything /store shows for one tab: the cards and badge, only that tab's records and the
 * page's other parts (`page`: views, payouts), in one D1 batch (issue 47 item 3; decision 0100).
 * Gives the dashboard and the page's parts' results.
 */
export function storeDashboard<P extends readonly Part<unknown>[]>(db: Database, view: StoreView, page: P) {
  return dashboardBatch(db, summaryPart(db, view.storeId), tabPart(db, view), page);
}

export type StoreDashboard = Awaited<ReturnType<typeof storeDashboard>>[0];

/**
 * The store's answer to a concierge request (§4, decision 0030): approve (status approved,
 * concierge yes: the listing then waits for staff) or reject (status rejected, store cleared,
 * concierge no). Only a product of this store that still waits for it changes. Returns the
 * product's listing status when it changed, else null.
 */
export async function answerConcierge(
  db: Database,
  storeId: string,
  productId: string,
  decision: "approve" | "reject",
  now: number,
  reason: string | null = null,
) {
  const set =
    decision === "approve"
      ? {
          status: "approved" as const,
          conciergeStatus: "yes" as const,
          rejectionReason: null,
          declinedByStoreId: null,
          updatedAt: now,
        }
      : {
          status: "rejected" as const,
          storeId: null,
          conciergeStatus: "no" as const,
          rejectionReason: reason,
          declinedByStoreId: storeId,
          updatedAt: now,
        };
  const [changed] = await db
    .update(products)
    .set(set)
    .where(and(eq(products.id, productId), waitsForStore(storeId)))
    .returning({ productStatus: products.productStatus });
  return changed ?? null;
}

/**
 * The Product Status card of the store-side edit (§2, §7, decision 0030): the store's concierge
 * answer for one of its products. approved: concierge yes; rejected: the store lets it go (store
 * cleared, concierge no); pending: back in the store's requests. Listing (product_status) is
 * staff's and does not change here. Returns the listing status when it changed, else null.
 */
export async function setStoreProductStatus(
  db: Database,
  storeId: string,
  productId: string,
  status: ReviewStatus,
  now: number,
  reason: string | null = null,
) {
  const set =
    status === "approved"
      ? { status, conciergeStatus: "yes" as const, rejectionReason: null, declinedByStoreId: null, updatedAt: now }
      : status === "rejected"
        ? {
            status,
            storeId: null,
            conciergeStatus: "no" as const,
            rejectionReason: reason,
            declinedByStoreId: storeId,
            updatedAt: now,
          }
        : {
            status,
            conciergeStatus: "pending" as const,
            rejectionReason: null,
            declinedByStoreId: null,
            updatedAt: now,
          };
  const [changed] = await db
    .update(products)
    .set(set)
    .where(and(eq(products.id, productId), eq(products.storeId, storeId), sql`${products.status} <> ${status}`))
    .returning({ productStatus: products.productStatus });
  return changed ?? null;
}

/**
 * A pending price-change request from the store to the product's owner (§4, §7). Null when the
 * product is not this store's; "waiting" when one of the store's requests for it still waits for
 * its answer (one at a time, migration 0046: the unique index decides a double click).
 */
export async function insertPriceChangeRequest(
  db: Database,
  id: string,
  storeId: string,
  productId: string,
  values: { rental: number; buying: number; reason: string },
  now: number,
) {
  const product = await db
    .select({ ownerId: products.ownerId })
    .from(products)
    .where(and(eq(products.id, productId), eq(products.storeId, storeId)))
    .get();
  if (!product) return null;
  try {
    await db.insert(priceChangeRequests).values({
      id,
      productId,
      ownerId: product.ownerId,
      storeId,
      suggestedRentalPrice: values.rental,
      suggestedBuyingPrice: values.buying,
      reason: values.reason,
      status: "pending",
      createdAt: now,
    });
  } catch (error) {
    if (isUniqueViolation(error)) return "waiting" as const;
    throw error;
  }
  return product;
}

/** The store's request for a product that still waits for the owner's answer, if any. */
export async function waitingPriceRequest(db: Database, storeId: string, productId: string) {
  return (
    (await db
      .select({
        rental: priceChangeRequests.suggestedRentalPrice,
        buying: priceChangeRequests.suggestedBuyingPrice,
        createdAt: priceChangeRequests.createdAt,
      })
      .from(priceChangeRequests)
      .where(
        and(
          eq(priceChangeRequests.productId, productId),
          eq(priceChangeRequests.storeId, storeId),
          eq(priceChangeRequests.status, "pending"),
        ),
      )
      .get()) ?? null
  );
}

/** Who a product's owner is, for the e-mail about a store's request. */
export async function ownerContact(db: Database, ownerId: string) {
  return (
    (await db
      .select({ email: users.email, fullName: users.fullName })
      .from(users)
      .where(eq(users.id, ownerId))
      .get()) ?? null
  );
}

/** Store Settings (§7: update stores {description, logo_url} by id). */
export async function updateStoreSettings(
  db: Database,
  storeId: string,
  description: string | null,
  logoUrl: string | null,
  address: Record<string, string | undefined> | null,
) {
  await db.update(stores).set({ description, logoUrl, address }).where(eq(stores.id, storeId));
}
