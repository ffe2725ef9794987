import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { createProduct, createUser } from "./factories";
import { addSizeBrands, BRAND, LISTED, page, signedInBrowser, tag } from "./sizes-helpers";

// Sizes (issue 25, item 2) against the real Worker and D1: the Size filter of the listings with its
// counts, and the narrow size_items rows the counts come from. The seller's forms: sizes-form.test.ts.

beforeAll(async () => {
  await addSizeBrands();
  const vendor = await createUser();
  const live = (size: string, extra: Parameters<typeof createProduct>[1] = {}) =>
    createProduct(vendor.id, { brand: LISTED, productType: "Women", category: "Dresses", size, ...extra });
  await live("UK 8");
  await live("UK 10", { color: "Red" });
  await live("UK 10", { color: "Blue", name: `Velvet Dress ${tag}` });
  await live("UK 10", { color: "Red", rentalPrice: 4000 });
  await live("UK 12", { color: "Red", tags: ["party"] });
  await live("UK 14", { color: "Blue", rentalPrice: 900 });
  await createProduct(vendor.id, { brand: LISTED, productType: "Men", category: "Tops", size: "M" });
  await createProduct(vendor.id, { brand: LISTED, productType: "Women", category: "Accessories", size: "One size" });
});

/** The Size filter's counts on a listing page, and its total. */
function sizeCounts(html: string) {
  const counts = new Map<string, number>();
  const group = html.slice(html.indexOf(">Size</legend>"), html.indexOf(">Categories</legend>"));
  for (const match of group.matchAll(
    /name="size" value="([^"]+)"[^>]*\/>[^<]*(?:<!-- -->)?<span[^>]*>\((\d+)\)<\/span>/g,
  ))
    counts.set(match[1]!.replace(/&#x27;/g, "'"), Number(match[2]));
  return counts;
}
const total = (html: string) => Number(/(\d+) products? found/.exec(html)?.[1] ?? NaN);

describe("the Size filter", () => {
  const brandPage = `/brand/${encodeURIComponent(LISTED)}`;

  it("lists the sizes of the listing's items with counts that equal the listing's own count for each size", async () => {
    for (const query of [
      "",
      "color=Red",
      "search=velvet",
      "tag=party",
      "rental_min=10&rental_max=30",
      "category=Dresses&type=Women",
    ]) {
      const listing = await page(`${brandPage}${query ? `?${query}` : ""}`);
      expect(listing.status).toBe(200);
      const counts = sizeCounts(listing.text);
      expect(counts.size, query).toBeGreaterThan(0);
      let sum = 0;
      for (const [size, n] of counts) {
        const filtered = await page(`${brandPage}?${query ? `${query}&` : ""}size=${encodeURIComponent(size)}`);
        expect(total(filtered.text), `${query} ${size}`).toBe(n);
        sum += n;
      }
      expect(sum, query).toBe(total(listing.text));
    }
    const all = sizeCounts((await page(brandPage)).text);
    expect(Object.fromEntries(all)).toMatchObject({
      "UK 8": 1,
      "UK 10": 3,
      "UK 12": 1,
      "UK 14": 1,
      M: 1,
      "One size": 1,
    });
  });

  it("counts a type or category page from the counts the triggers keep, equal to the listing's, and follows a sale", async () => {
    const check = async (path: string) => {
      const listing = await page(path);
      const counts = sizeCounts(listing.text);
      expect(counts.size, path).toBeGreaterThan(0);
      for (const [size, n] of counts)
        expect(
          total((await page(`${path}${path.includes("?") ? "&" : "?"}size=${encodeURIComponent(size)}`)).text),
          `${path} ${size}`,
        ).toBe(n);
      return counts;
    };
    await check("/all-products");
    const before = (await check("/women?category=Dresses")).get("UK 8") ?? 0;
    await env.DB.prepare("UPDATE products SET availability = 'sold' WHERE brand = ? AND size = 'UK 8'")
      .bind(LISTED)
      .run();
    expect((await check("/women?category=Dresses")).get("UK 8") ?? 0).toBe(before - 1);
  });

  it("counts a listing's sizes the same from size_items (narrow rows) as from the products rows, for only the sizes that have items (decision 0048, 2026-11-25)", async () => {
    const { database } = await import("../../app/data/db.server");
    const { sizeCountsQuery } = await import("../../app/data/size-counts.server");
    const { parseCatalogQuery } = await import("../../app/domain/catalog");
    const { sizeOptions } = await import("../../app/domain/size-filter");
    const db = database(env.DB);
    const counted = async (qs: string, via: "narrow" | "products") => {
      const { filters } = parseCatalogQuery(new URLSearchParams(qs));
      const rows = (await sizeCountsQuery(db, filters, sizeOptions(filters), {}, via)!.all()) as {
        size: string;
        n: number;
      }[];
      return Object.fromEntries(rows.filter((r) => Number(r.n) > 0).map((r) => [r.size, Number(r.n)]));
    };
    const brand = `brand=${encodeURIComponent(LISTED)}`;
    for (const qs of [
      brand,
      `${brand}&color=Red`,
      "search=dress",
      "tag=party",
      "color=Black&category=Coats",
      `${brand}&rental_min=10&rental_max=30`,
      "rental_min=10&rental_max=30",
      "buy_min=50",
      "rental_max=14&buy_min=50",
      "search=dress&rental_min=12.5&rental_max=33",
      "category=Dresses&rental_min=10&rental_max=30",
      "tag=party&buy_min=60.5&buy_max=399",
    ]) {
      const narrow = await counted(qs, "narrow");
      expect(narrow, qs).toEqual(await counted(qs, "products"));
      // Every size counted has items of the page's types and categories (size_counts).
      const present = (
        await env.DB.prepare("SELECT DISTINCT size FROM size_counts WHERE n > 0").all<{ size: string }>()
      ).results.map((r) => r.size);
      expect(
        Object.keys(narrow).every((size) => present.includes(size)),
        qs,
      ).toBe(true);
    }
    expect(Object.keys(await counted(brand, "narrow")).length).toBeGreaterThan(0);
    expect(Object.keys(await counted(`${brand}&rental_min=10&rental_max=30`, "narrow")).length).toBeGreaterThan(0);
  });

  it("keeps size_items (migrations 0041, 0042) equal to the public items' sizes and prices through inserts, edits, sales, status changes and deletes", async () => {
    const narrow = async () =>
      (
        await env.DB.prepare(
          "SELECT s.item, c.label AS size, s.rental_price, s.buying_price FROM size_items s JOIN size_codes c ON c.code = s.code ORDER BY s.item",
        ).all()
      ).results;
    const fromProducts = async () =>
      (
        await env.DB.prepare(
          "SELECT rowid AS item, size, rental_price, buying_price FROM products WHERE product_status = 'live' AND availability <> 'sold' AND size IS NOT NULL ORDER BY rowid",
        ).all()
      ).results;
    expect(await narrow()).toEqual(await fromProducts());
    const vendor = await signedInBrowser("vendor");
    const product = await createProduct(vendor.id, {
      brand: BRAND,
      productType: "Women",
      category: "Dresses",
      size: "UK 12",
    });
    const row = async () =>
      env.DB.prepare(
        "SELECT c.label AS size, s.rental_price, s.buying_price FROM size_items s JOIN size_codes c ON c.code = s.code JOIN products p ON p.rowid = s.item WHERE p.id = ?",
      )
        .bind(product.id)
        .first();
    expect(await narrow()).toEqual(await fromProducts());
    await env.DB.prepare("UPDATE products SET size = 'UK 14', rental_price = 1234, buying_price = 5678 WHERE id = ?")
      .bind(product.id)
      .run();
    expect(await row()).toEqual({ size: "UK 14", rental_price: 1234, buying_price: 5678 });
    // A size no item had before gets its number from the trigger (migration 0042).
    expect(await env.DB.prepare("SELECT count(*) AS n FROM size_codes WHERE label = 'UK 26'").first("n")).toBe(0);
    await env.DB.prepare("UPDATE products SET size = 'UK 26' WHERE id = ?").bind(product.id).run();
    expect(await row()).toEqual({ size: "UK 26", rental_price: 1234, buying_price: 5678 });
    await env.DB.prepare("UPDATE products SET size = 'UK 14' WHERE id = ?").bind(product.id).run();
    await env.DB.prepare("UPDATE products SET availability = 'sold' WHERE id = ?").bind(product.id).run();
    expect(await row()).toBeNull();
    await env.DB.prepare("UPDATE products SET availability = 'available' WHERE id = ?").bind(product.id).run();
    expect(await row()).toEqual({ size: "UK 14", rental_price: 1234, buying_price: 5678 });
    await env.DB.prepare("UPDATE products SET product_status = 'archived' WHERE id = ?").bind(product.id).run();
    expect(await row()).toBeNull();
    await env.DB.prepare("UPDATE products SET product_status = 'live' WHERE id = ?").bind(product.id).run();
    await env.DB.prepare("UPDATE products SET name = 'Renamed' WHERE id = ?").bind(product.id).run();
    // An upsert that updates the item keeps working for a size already numbered (migration 0044).
    const upsert = (rental: number) =>
      env.DB.prepare(
        "INSERT INTO products SELECT * FROM products WHERE id = ? ON CONFLICT (id) DO UPDATE SET rental_price = ?",
      )
        .bind(product.id, rental)
        .run();
    await upsert(1111);
    expect(await row()).toEqual({ size: "UK 14", rental_price: 1111, buying_price: 5678 });
    await upsert(1234);
    expect(await row()).toEqual({ size: "UK 14", rental_price: 1234, buying_price: 5678 });
    expect(await narrow()).toEqual(await fromProducts());
    await env.DB.prepare("DELETE FROM products WHERE id = ?").bind(product.id).run();
    expect(await narrow()).toEqual(await fromProducts());
  });

  it("combines with other filters and keeps several sizes", async () => {
    const red = await page(`${brandPage}?size=UK+10&size=UK+12&color=Red`);
    expect(total(red.text)).toBe(3);
    const ticked = [...red.text.matchAll(/<input[^>]*name="size"[^>]*>/g)]
      .map((m) => m[0])
      .filter((input) => /checked/.test(input));
    expect(ticked.map((input) => /value="([^"]+)"/.exec(input)?.[1])).toEqual(["UK 10", "UK 12"]);
  });

  it("offers only the sizes of a category page's systems", async () => {
    const women = await page(`${brandPage}?type=Women&category=Dresses`);
    const offered = [...sizeCounts(women.text).keys()];
    expect(offered.every((s) => s.startsWith("UK "))).toBe(true);
  });

  it("says why 'Show my sizes' finds nothing, and links to adding a size", async () => {
    const listing = await page(`${brandPage}?size=Shoe+UK+2&my_sizes=1`);
    expect(total(listing.text)).toBe(0);
    expect(listing.text).toContain("Nothing here in your saved sizes");
    expect(listing.text).toMatch(/<a href="\/account\/sizes\?return=[^"]+"[^>]*>Add a size</);
    // Without 'my sizes' an empty result says nothing of saved sizes.
    expect((await page(`${brandPage}?size=Shoe+UK+2`)).text).not.toContain("Nothing here in your saved sizes");
  });

  it("says 'No such size' for a size no system has, and shows nothing", async () => {
    const listing = await page(`${brandPage}?size=UK+99`);
    expect(listing.status).toBe(200);
    expect(listing.text).toContain("No such size: UK 99");
    expect(total(listing.text)).toBe(0);
  });
});
