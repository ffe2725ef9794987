import { env } from "cloudflare:workers";
import { database } from "../../app/data/db.server";
import { listProducts } from "../../app/data/catalog.server";
import { parseCatalogQuery } from "../../app/domain/catalog";
import { createProduct, createUser } from "./factories";

// Shared by the catalog query tests (catalog-query-listing, catalog-query-search): 30 products of
// one brand (seedQueryProducts, called from each file's beforeAll: every file runs in its own
// isolated storage), the query parser and a walk through every page.

export const db = database(env.DB);
export let ownerId: string;
export const brand = `QueryBrand${Date.now()}`;

export async function seedQueryProducts() {
  const owner = await createUser();
  ownerId = owner.id;
  const base = Date.UTC(2026, 0, 1);
  for (let i = 0; i < 30; i++) {
    await createProduct(owner.id, {
      id: `q_${brand}_${String(i).padStart(2, "0")}`,
      name: i % 3 === 0 ? `Herringbone Jacket ${i}` : `Silk Slip Dress ${i}`,
      brand,
      category: i % 3 === 0 ? "Jackets & Blazers" : "Dresses",
      rentalPrice: i % 5 === 0 ? null : 1000 + (i % 7) * 100,
      buyingPrice: 5000 + i * 10,
      createdAt: base + (i % 10) * 1000, // ties on created_at exercise the id tie-breaker
    });
  }
  await createProduct(owner.id, { id: `q_${brand}_pending`, brand, productStatus: "pending" });
}

export const query = (qs: string) => parseCatalogQuery(new URLSearchParams(`brand=${brand}&${qs}`));

export async function walk(qs: string) {
  const seen: string[] = [];
  const { filters, page } = query(qs);
  let result = await listProducts(db, filters, page, {}, 7);
  seen.push(...result.items.map((p) => p.id));
  while (result.nextCursor) {
    result = await listProducts(db, filters, { ...page, after: result.nextCursor, before: null }, {}, 7);
    seen.push(...result.items.map((p) => p.id));
  }
  return { seen, total: result.total, last: result };
}
