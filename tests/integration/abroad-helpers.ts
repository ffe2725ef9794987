import { env } from "cloudflare:workers";
import { seller } from "./cart-helpers";
import { createProduct } from "./factories";

// Shared by the 'Ships to' tests (abroad-2, ships-to-counted; decisions 0094 and 0098): handlers
// who ship abroad, and a brand's items from each.

export async function ships(
  table: "users" | "stores",
  id: string,
  reach: "uk" | "europe" | "worldwide",
  europeFee: number | null = null,
  worldFee: number | null = null,
) {
  await env.DB.prepare(`UPDATE ${table} SET ship_reach = ?, ship_fee_europe = ?, ship_fee_world = ? WHERE id = ?`)
    .bind(reach, europeFee, worldFee, id)
    .run();
}

/** A seller who ships to Europe, one who keeps the UK, and a store (handling a third seller's item) that ships worldwide, all of one brand. */
export async function catalogAbroad(createdAt?: number) {
  const brand = `Abroad${crypto.randomUUID().slice(0, 8)}`;
  const [vera, rob, owner, consignor] = await Promise.all([seller(), seller(), seller(), seller()]);
  await ships("users", vera.id, "europe", 1299);
  // The consignor ships nowhere abroad, but the store that handles the item does.
  const storeId = `store_${crypto.randomUUID().slice(0, 8)}`;
  await env.DB.prepare("INSERT INTO stores (id, name, owner_id, created_at) VALUES (?, 'World Rail', ?, 1)")
    .bind(storeId, owner.id)
    .run();
  await ships("stores", storeId, "worldwide", 999, 2499);
  const scarf = await createProduct(vera.id, { brand, name: "Europe Scarf", createdAt });
  const boots = await createProduct(rob.id, { brand, name: "Homebound Boots", createdAt });
  const coat = await createProduct(consignor.id, { brand, name: "Worldly Coat", createdAt });
  await env.DB.prepare("UPDATE products SET store_id = ?, status = 'approved' WHERE id = ?")
    .bind(storeId, coat.id)
    .run();
  return { brand, scarf, boots, coat };
}

/** A checkout's address in Paris (the billing address, delivered there too). */
export const PARIS = {
  "billing.fullName": "Camille Martin",
  "billing.email": "camille@example.test",
  "billing.addressLine1": "12 rue de la Paix",
  "billing.city": "Paris",
  "billing.postalCode": "75002",
  "billing.country": "FR",
  sameAsBilling: "on",
};
