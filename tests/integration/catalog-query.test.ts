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

describe("search alone (answered inside the FTS index of public items)", () => {
  const word = `zq${Date.now().toString(36)}`;
  const ids: string[] = [];

  beforeAll(async () => {
    for (let i = 0; i < 17; i++) {
      // Names repeat the word a varying number of times, so many share a relevance and the
      // rowid tie-breaker decides.
      const name = i % 4 === 0 ? `${word} ${word} Blazer ${i}` : `${word} Blazer ${i}`;
      ids.push((await createProduct(ownerId, { id: `s_${word}_${String(i).padStart(2, "0")}`, name })).id);
    }
  });

  const searchPage = (after: string | null = null, before: string | null = null) => {
    const { filters, page } = parseCatalogQuery(new URLSearchParams({ search: word.slice(0, -1) }));
    return listProducts(db, filters, { ...page, after, before }, {}, 5);
  };

  it("pages through every match once, forward and back, by relevance", async () => {
    const pages = [await searchPage()];
    while (pages.at(-1)!.nextCursor) pages.push(await searchPage(pages.at(-1)!.nextCursor));
    const seen = pages.flatMap((p) => p.items.map((i) => i.id));
    expect(pages[0]!.total).toBe(17);
    expect(seen).toHaveLength(17);
    expect(new Set(seen)).toEqual(new Set(ids));
    // The names that say the word twice rank first.
    expect(seen.slice(0, 5).sort()).toEqual(ids.filter((_, i) => i % 4 === 0).sort());
    const back = await searchPage(null, pages[2]!.prevCursor);
    expect(back.items.map((i) => i.id)).toEqual(pages[1]!.items.map((i) => i.id));
  });

  it("follows an item in and out of the public catalog", async () => {
    const id = `s_${word}_moving`;
    await createProduct(ownerId, { id, name: `${word}moving Cape`, productStatus: "pending" });
    const find = async (search: string) => {
      const { filters, page } = parseCatalogQuery(new URLSearchParams({ search }));
      return (await listProducts(db, filters, page)).items.map((i) => i.id);
    };
    expect(await find(`${word}moving`)).toEqual([]);
    await env.DB.prepare("UPDATE products SET product_status = 'live' WHERE id = ?").bind(id).run();
    expect(await find(`${word}moving`)).toEqual([id]);
    await env.DB.prepare("UPDATE products SET name = ? WHERE id = ?").bind(`${word}renamed Cape`, id).run();
    expect(await find(`${word}moving`)).toEqual([]);
    expect(await find(`${word}renamed`)).toEqual([id]);
    await env.DB.prepare("UPDATE products SET availability = 'sold' WHERE id = ?").bind(id).run();
    expect(await find(`${word}renamed`)).toEqual([]);
    await env.DB.prepare("UPDATE products SET availability = 'rented' WHERE id = ?").bind(id).run();
    expect(await find(`${word}renamed`)).toEqual([id]);
    await env.DB.prepare("DELETE FROM products WHERE id = ?").bind(id).run();
    expect(await find(`${word}renamed`)).toEqual([]);
    const { results } = await env.DB.prepare("SELECT count(*) AS n FROM products_fts WHERE products_fts MATCH ?").bind(`"${word}renamed"*`).all<{ n: number }>();
    expect(results[0]!.n).toBe(0);
  });
});
