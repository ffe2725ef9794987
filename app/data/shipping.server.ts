import { and, eq, inArray, type SQL } from "drizzle-orm";
import { stores, users } from "../../db/schema";
import type { CartLine } from "../domain/basket";
import { countryOf } from "../domain/countries";
import { basketTotals, groupKey } from "../domain/delivery";
import { savedShipTo } from "../domain/checkout";
import { deliveryTo, type ShippingSettings } from "../domain/shipping-zones";
import type { Database } from "./db.server";

// Where handlers ship (issue 45 item 4; decision 0086): a seller's settings on their account, a
// store's on the store. Read for a basket's groups, a product page, and the dashboard's form.

const settingsColumns = (table: typeof users | typeof stores) => ({
  id: table.id,
  reach: table.shipReach,
  europeFee: table.shipFeeEurope,
  worldFee: table.shipFeeWorld,
});
const asSettings = (row: {
  reach: ShippingSettings["reach"];
  europeFee: number | null;
  worldFee: number | null;
}): ShippingSettings => ({ reach: row.reach, europeFee: row.europeFee, worldFee: row.worldFee });

/** The settings of each handler group among these lines, by group key ('vendor:u_1', 'store:s_1'). */
export async function handlerShipping(
  db: Database,
  lines: readonly { handler: "vendor" | "store"; sellerId: string | null }[],
) {
  const ids = (handler: "vendor" | "store") => [
    ...new Set(lines.filter((l) => l.handler === handler && l.sellerId).map((l) => l.sellerId!)),
  ];
  const [sellers, shops] = await Promise.all([
    ids("vendor").length
      ? db
          .select(settingsColumns(users))
          .from(users)
          .where(inArray(users.id, ids("vendor")))
      : [],
    ids("store").length
      ? db
          .select(settingsColumns(stores))
          .from(stores)
          .where(inArray(stores.id, ids("store")))
      : [],
  ]);
  return new Map<string, ShippingSettings>([
    ...sellers.map((r) => [groupKey({ handler: "vendor", sellerId: r.id }), asSettings(r)] as const),
    ...shops.map((r) => [groupKey({ handler: "store", sellerId: r.id }), asSettings(r)] as const),
  ]);
}

/** The statement of one handler's settings (batched by the product page with its other parts; `id` may be a subquery). */
export const shippingQuery = (db: Database, handler: "vendor" | "store", id: string | SQL) =>
  db
    .select(settingsColumns(handler === "vendor" ? users : stores))
    .from(handler === "vendor" ? users : stores)
    .where(eq(handler === "vendor" ? users.id : stores.id, id));

/** Its rows as settings (null when the handler is gone). */
export const shippingFrom = (rows: readonly Parameters<typeof asSettings>[0][]) =>
  rows[0] ? asSettings(rows[0]) : null;

/** One handler's settings (the product page's 'Ships to' line, the dashboard's form). */
export async function shippingOf(
  db: Database,
  handler: "vendor" | "store",
  id: string,
): Promise<ShippingSettings | null> {
  return shippingFrom(await shippingQuery(db, handler, id));
}

/** Saves a seller's settings (their own account: the id is the signed-in user's). */
export async function saveSellerShipping(db: Database, userId: string, settings: ShippingSettings, now: number) {
  await db
    .update(users)
    .set({
      shipReach: settings.reach,
      shipFeeEurope: settings.europeFee,
      shipFeeWorld: settings.worldFee,
      updatedAt: now,
    })
    .where(eq(users.id, userId));
}

/** Saves a store's settings: only its owner's (ownership in the WHERE). */
export async function saveStoreShipping(db: Database, ownerId: string, storeId: string, settings: ShippingSettings) {
  const result = await db
    .update(stores)
    .set({ shipReach: settings.reach, shipFeeEurope: settings.europeFee, shipFeeWorld: settings.worldFee })
    .where(and(eq(stores.id, storeId), eq(stores.ownerId, ownerId)))
    .run();
  return (result.meta.changes ?? 0) === 1;
}

/** The store a user owns, if any (the first: an owner has one). */
export async function ownedStore(db: Database, ownerId: string) {
  return db.select({ id: stores.id, name: stores.name }).from(stores).where(eq(stores.ownerId, ownerId)).limit(1).get();
}

/**
 * The basket's totals to the country of the address checkout starts from (the last order's): the
 * zone fees a checkout there would charge, so the summary shows what will be charged. A basket
 * that cannot all go there, or a UK address, shows the UK's totals (checkout then says why).
 */
export async function deliveryToSaved(
  db: Database,
  lines: CartLine[],
  saved: { shipping: Record<string, string>; billing: Record<string, string>; same: boolean } | null,
) {
  const totals = basketTotals(lines);
  const country = countryOf(savedShipTo(saved));
  if (!country || country.code === "GB" || lines.length === 0) return totals;
  const delivery = deliveryTo(lines, await handlerShipping(db, lines), country.code);
  return delivery.ok
    ? {
        ...totals,
        delivery: delivery.delivery,
        returns: delivery.returns,
        total: totals.subtotal + delivery.delivery,
        to: country.name,
      }
    : totals;
}
