import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { database } from "../../app/data/db.server";
import { listProducts } from "../../app/data/catalog.server";
import { parseCatalogQuery } from "../../app/domain/catalog";
import { createProduct, createUser } from "./factories";

const db = database(env.DB);
let ownerId: string;
const brand = `QueryBrand${Date.now()}`;

beforeAll(async () => {
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
});

const query = (qs: string) => parseCatalogQuery(new URLSearchParams(`brand=${brand}&${qs}`));

async function walk(qs: string) {
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

describe("listProducts", () => {
  it.each(["sort=newest", "sort=price_asc", "sort=price_desc"])("pages through every live item once with %s", async (qs) => {
    const { seen, total } = await walk(qs);
    expect(total).toBe(30);
    expect(seen).toHaveLength(30);
    expect(new Set(seen).size).toBe(30);
  });

  it("walks back with the previous cursor to exactly the previous page", async () => {
    const { filters, page } = query("sort=price_asc");
    const first = await listProducts(db, filters, page, {}, 7);
    const second = await listProducts(db, filters, { ...page, after: first.nextCursor }, {}, 7);
    const back = await listProducts(db, filters, { ...page, after: null, before: second.prevCursor }, {}, 7);
    expect(back.items.map((p) => p.id)).toEqual(first.items.map((p) => p.id));
    expect(back.prevCursor).toBeNull();
    expect(first.prevCursor).toBeNull();
  });

  it("orders by the shown price", async () => {
    const { seen } = await walk("sort=price_asc");
    const rows = await env.DB.prepare(`SELECT id, coalesce(rental_price, price) AS p FROM products WHERE brand = ? AND product_status = 'live'`).bind(brand).all<{ id: string; p: number }>();
    const price = new Map(rows.results.map((r) => [r.id, r.p]));
    const prices = seen.map((id) => price.get(id)!);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
  });

  it("searches with prefixes and combines search with filters", async () => {
    const { filters, page } = query("search=herring");
    const result = await listProducts(db, filters, page);
    expect(result.total).toBe(10);
    expect(result.items.every((p) => p.name.startsWith("Herringbone"))).toBe(true);
    const combined = await listProducts(db, query("search=herring&category=Dresses").filters, page);
    expect(combined.total).toBe(0);
  });

  it.each(['"', "AND OR NOT", "name:*", "(((", "-"])("never raises on search %j", async (search) => {
    const { filters, page } = parseCatalogQuery(new URLSearchParams({ search, brand }));
    await expect(listProducts(db, filters, page)).resolves.toBeTruthy();
  });

  it("filters by rental price range in pounds", async () => {
    const result = await listProducts(db, query("rental_min=11&rental_max=12").filters, query("").page, {}, 100);
    expect(result.items.length).toBeGreaterThan(0);
    expect(result.items.every((p) => p.rentalPrice! >= 1100 && p.rentalPrice! <= 1200)).toBe(true);
  });

  it("scopes to an owner", async () => {
    const other = await listProducts(db, query("").filters, query("").page, { ownerId: "someone-else" });
    expect(other.total).toBe(0);
    const mine = await listProducts(db, query("").filters, query("").page, { ownerId });
    expect(mine.total).toBe(30);
  });
});
