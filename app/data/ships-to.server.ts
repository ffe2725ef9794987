import { sql, type SQL } from "drizzle-orm";
import type { ShippingZone } from "../domain/countries";
import { reachesFor } from "../domain/shipping-zones";

// The listings' 'Ships to <country>' filter (decision 0094): an item ships where its handler ships
// (decision 0086) — the store for an item a store handles (concierge, approved), else its seller.
// Literal SQL: the reaches are the fixed names of shipping-zones.ts, and `ship_reach <> 'uk'` is
// the condition of the small partial indexes of migration 0074 (only handlers who ship abroad), so
// both lists are read from those indexes. The product's columns carry a unary + so that the page
// is still walked down the listing's own sorted index (no index on owner or store drives it).

/** Items whose handler ships to `zone` (Europe or the rest of the world: everyone ships in the UK). */
export function handlerShipsTo(zone: Exclude<ShippingZone, "uk">): SQL {
  const reaches = reachesFor(zone)
    .map((r) => `'${r}'`)
    .join(", ");
  const abroad = (table: "users" | "stores") =>
    `(select id from ${table} where ship_reach <> 'uk' and ship_reach in (${reaches}))`;
  return sql.raw(
    `(case when "products"."store_id" is not null and "products"."status" = 'approved'` +
      ` then +"products"."store_id" in ${abroad("stores")}` +
      ` else +"products"."owner_id" in ${abroad("users")} end)`,
  );
}
