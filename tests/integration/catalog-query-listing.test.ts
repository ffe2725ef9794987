import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { listProducts } from "../../app/data/catalog.server";
import { parseCatalogQuery } from "../../app/domain/catalog";
import { createProduct } from "./factories";
import { db, ownerId, brand, seedQueryProducts, query, walk } from "./catalog-query-helpers";

// The catalog's data layer: listProducts' pages, order and cursors, and the unfiltered listing's
// count.

beforeAll(seedQueryProducts);

describe("listProducts", () => {
  it.each(["sort=newest", "sort=price_asc", "sort=price_desc"])(
    "pages through every live item once with %s",
    async (qs) => {
      const { seen, total } = await walk(qs);
      expect(total).toBe(30);
      expect(seen).toHaveLength(30);
      expect(new Set(seen).size).toBe(30);
    },
  );

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
    const rows = await env.DB.prepare(
      `SELECT id, coalesce(rental_price, price) AS p FROM products WHERE brand = ? AND product_status = 'live'`,
    )
      .bind(brand)
      .all<{ id: string; p: number }>();
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

describe("the unfiltered listing's count (kept by triggers, migration 0015)", () => {
  const counted = async () =>
    (await env.DB.prepare(
      "SELECT count(*) AS n FROM products WHERE product_status = 'live' AND availability <> 'sold'",
    ).first<{ n: number }>())!.n;
  const shown = async () => {
    const { filters, page } = parseCatalogQuery(new URLSearchParams(""));
    return (await listProducts(db, filters, page, {}, 1)).total;
  };

  it("follows every item that becomes public or stops being public", async () => {
    const before = await shown();
    expect(before).toBe(await counted());
    const id = `count_${brand}`;
    await createProduct(ownerId, { id, brand });
    expect(await shown()).toBe(before + 1);
    await env.DB.prepare("UPDATE products SET availability = 'sold' WHERE id = ?").bind(id).run();
    expect(await shown()).toBe(before);
    await env.DB.prepare("UPDATE products SET availability = 'available' WHERE id = ?").bind(id).run();
    expect(await shown()).toBe(before + 1);
    // A change that keeps it public counts nothing twice.
    await env.DB.prepare("UPDATE products SET availability = 'rented', name = 'Renamed' WHERE id = ?").bind(id).run();
    expect(await shown()).toBe(before + 1);
    await env.DB.prepare("UPDATE products SET product_status = 'archived' WHERE id = ?").bind(id).run();
    expect(await shown()).toBe(before);
    await env.DB.prepare("UPDATE products SET product_status = 'live' WHERE id = ?").bind(id).run();
    await createProduct(ownerId, { id: `${id}_pending`, brand, productStatus: "pending" });
    expect(await shown()).toBe(before + 1);
    await env.DB.prepare("DELETE FROM products WHERE id = ?").bind(id).run();
    expect(await shown()).toBe(before);
    expect(await shown()).toBe(await counted());
  });
});
