import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { createProduct, createUser } from "./factories";
import { Browser } from "./http";

// Search that forgives (issue 25, item 5; decision 0050): a search that finds nothing is tried
// again with the catalog's nearest words, with every other filter kept, and says so; the header's
// search box asks /search/suggestions for brands and categories as the shopper types.

const browser = new Browser();
const tag = `sf${Date.now().toString(36)}`;
const page = async (path: string) => {
  const response = await browser.fetch(path);
  return { status: response.status, text: (await response.text()).replaceAll("&amp;", "&"), response };
};

beforeAll(async () => {
  const vendor = await createUser({ displayName: `Sofia${tag}` });
  const now = Date.now();
  await env.DB.batch([
    env.DB.prepare(
      "INSERT INTO brands (id, name, created_at) VALUES (?, 'Harbourline', ?), (?, 'Harrow & Co', ?), (?, 'Levi''s', ?), (?, 'L.K.Bennett', ?)",
    ).bind(`b1_${tag}`, now, `b2_${tag}`, now, `b3_${tag}`, now, `b4_${tag}`, now),
    env.DB.prepare(
      "INSERT INTO categories (id, name, slug, is_active, sort_order, created_at) VALUES (?, 'Coats', 'coats', 1, 1, ?), (?, 'Jackets & Blazers', 'jackets-blazers', 1, 2, ?), (?, 'Hidden', 'hidden', 0, 3, ?) ON CONFLICT DO NOTHING",
    ).bind(`c1_${tag}`, now, `c2_${tag}`, now, `c3_${tag}`, now),
  ]);
  await createProduct(vendor.id, {
    name: "Navy Quilted Jacket",
    brand: "Harbourline",
    category: "Jackets & Blazers",
    color: "Navy",
    tags: ["winter"],
    size: "UK 12",
  });
  await createProduct(vendor.id, {
    name: "Camel Duffle Coat",
    brand: "Harbourline",
    category: "Coats",
    color: "Camel",
    tags: ["winter"],
  });
  await createProduct(vendor.id, {
    name: "Sold Denim Jacket",
    brand: "Harrow & Co",
    category: "Jackets & Blazers",
    color: "Blue",
    tags: ["vintage"],
  });
  await env.DB.prepare("UPDATE products SET availability = 'sold' WHERE name = 'Sold Denim Jacket'").run();
  await createProduct(vendor.id, { name: `Belted Trench ${tag}`, brand: "L.K.Bennett", category: "Coats" });
  await createProduct(vendor.id, { name: `Straight Jeans ${tag}`, brand: "Levi's", category: "Coats" });
});

describe("a brand written with stops or an apostrophe (decision 0069)", () => {
  it.each([
    ["lk bennett", "Belted Trench"],
    ["L.K. Bennett", "Belted Trench"],
    ["lkbennett", "Belted Trench"],
    ["levis", "Straight Jeans"],
    ["levi's jeans", "Straight Jeans"],
  ])("%j finds it, as typed", async (search, name) => {
    const { text } = await page(`/all-products?search=${encodeURIComponent(search)}&exact=1`);
    expect(text).toContain(`${name} ${tag}`);
  });

  it("keeps the brand's own facet: the Brand filter still finds it by its name as written", async () => {
    const { text } = await page(`/all-products?brand=${encodeURIComponent("L.K.Bennett")}`);
    expect(text).toContain(`Belted Trench ${tag}`);
    expect(text).not.toContain(`Straight Jeans ${tag}`);
  });
});

describe("a search that finds nothing", () => {
  it("shows the results for the catalog's nearest words, says so, and links to the exact words", async () => {
    const { status, text } = await page("/all-products?search=jaket");
    expect(status).toBe(200);
    expect(text).toContain("Showing results for <strong");
    expect(text).toMatch(/Showing results for <strong[^>]*>jacket<\/strong>/);
    expect(text).toContain("Navy Quilted Jacket");
    expect(text).not.toContain("Camel Duffle Coat");
    // A sold item is not public: its words found nothing and are not shown.
    expect(text).not.toContain("Sold Denim Jacket");
    expect(text).toContain("1 product found");
    expect(text).toMatch(/Search instead for <a [^>]*href="\/all-products\?search=jaket&exact=1"[^>]*>jaket<\/a>/);
    // The Size filter is the corrected results' (decision 0068).
    expect(text).toContain('name="size" value="UK 12"');
  });

  it("reads the corrected words beside the search, one round trip, once the words are at hand (decision 0115)", async () => {
    const trips = (response: Response) =>
      Number(response.headers.get("server-timing")?.match(/desc="(\d+) round trips"/)?.[1]);
    // The words read for one search are kept by the isolate for a second: a burst of the same
    // search reads the corrected one beside it.
    await page("/all-products?search=jaket+navy");
    const { text, response } = await page("/all-products?search=jaket+navy");
    expect(text).toMatch(/Showing results for <strong[^>]*>jacket navy<\/strong>/);
    expect(text).toContain("Navy Quilted Jacket");
    expect(text).toContain("1 product found");
    expect(text).toContain('name="size" value="UK 12"');
    expect(trips(response)).toBe(1);
    // A search that finds what it asks for shows its own results, the guess unused.
    const found = await page("/all-products?search=navy");
    expect(found.text).not.toContain("Showing results for");
    expect(found.text).toContain("Navy Quilted Jacket");
  });

  it("links to the page, not to its data, when the search came with JavaScript (a .data request)", async () => {
    const { status, text } = await page("/all-products.data?search=jaket");
    expect(status).toBe(200);
    expect(text).toContain("/all-products?search=jaket&exact=1");
    expect(text).not.toContain(".data?search=jaket&exact=1");
  });

  it("searches the exact words when asked to, and finds nothing", async () => {
    const { status, text } = await page("/all-products?search=jaket&exact=1");
    expect(status).toBe(200);
    expect(text).not.toContain("Showing results for");
    expect(text).toContain("No products found");
    expect(text).toContain("0 products found");
  });

  it("corrects only the words the catalog does not know, with several words", async () => {
    const { text } = await page("/all-products?search=navy%20quiltd%20jakcet");
    expect(text).toMatch(/Showing results for <strong[^>]*>navy quilted jacket<\/strong>/);
    expect(text).toContain("Navy Quilted Jacket");
  });

  it("keeps every other filter: 'harbourlinn dufle' within Coats and Camel finds the coat only", async () => {
    const { text } = await page("/all-products?search=harbourlinn%20dufle&category=Coats&color=Camel");
    expect(text).toMatch(/Showing results for <strong[^>]*>harbourline duffle<\/strong>/);
    expect(text).toContain("Camel Duffle Coat");
    expect(text).not.toContain("Navy Quilted Jacket");
    expect(text).toMatch(
      /Search instead for <a [^>]*href="\/all-products\?search=harbourlinn\+dufle&category=Coats&color=Camel&exact=1"/,
    );
  });

  it("forgives a wrong or missing first letter: 'hacket' shows jackets, 'duffle oat' the coat (decision 0050, 2026-11-25)", async () => {
    const wrong = await page("/all-products?search=hacket");
    expect(wrong.status).toBe(200);
    expect(wrong.text).toMatch(/Showing results for <strong[^>]*>jacket<\/strong>/);
    expect(wrong.text).toContain("Navy Quilted Jacket");
    expect(wrong.text).toMatch(
      /Search instead for <a [^>]*href="\/all-products\?search=hacket&exact=1"[^>]*>hacket<\/a>/,
    );
    const missing = await page("/all-products?search=duffle%20oat");
    expect(missing.text).toMatch(/Showing results for <strong[^>]*>duffle coat<\/strong>/);
    expect(missing.text).toContain("Camel Duffle Coat");
  });

  it("offers nothing when the corrected words find nothing under the filters either", async () => {
    const { text } = await page("/all-products?search=jaket&category=Coats");
    expect(text).not.toContain("Showing results for");
    expect(text).toContain("No products found");
  });

  it("works on a category's own listing", async () => {
    const { status, text } = await page("/categories/jackets-blazers?search=quiltd");
    expect(status).toBe(200);
    expect(text).toMatch(/Showing results for <strong[^>]*>quilted<\/strong>/);
    expect(text).toContain("Navy Quilted Jacket");
    expect(text).toMatch(/href="\/categories\/jackets-blazers\?search=quiltd&exact=1"/);
  });

  it.each([
    ["nothing is close", "zzzqqxx"],
    ["every word is known", "navy coat"],
    ["the words are too short to correct", "zq"],
  ])("suggests nothing when %s", async (_why, search) => {
    const { status, text } = await page(`/all-products?search=${encodeURIComponent(search)}`);
    expect(status).toBe(200);
    expect(text).not.toContain("Showing results for");
    expect(text).toContain("No products found");
  });

  it("leaves a search with results alone", async () => {
    const { text } = await page("/all-products?search=jacket");
    expect(text).not.toContain("Showing results for");
    expect(text).toContain("Navy Quilted Jacket");
  });
});

describe("GET /search/suggestions", () => {
  const suggestions = async (q: string) => {
    const response = await browser.fetch(`/search/suggestions?q=${encodeURIComponent(q)}`);
    return {
      status: response.status,
      response,
      body: (await response.json()) as {
        q?: string;
        error?: string;
        suggestions?: { kind: string; label: string; url: string }[];
      },
    };
  };

  it("answers brands starting with the prefix, then categories with a word starting with it", async () => {
    const { status, response, body } = await suggestions("Har");
    expect(status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    expect(response.headers.get("cache-control")).toBe("public, max-age=300, s-maxage=300");
    expect(body).toEqual({
      q: "har",
      suggestions: [
        { kind: "brand", label: "Harbourline", url: "/brand/Harbourline" },
        { kind: "brand", label: "Harrow & Co", url: "/brand/Harrow%20%26%20Co" },
      ],
    });
  });

  it("finds a category by any of its words, and never an inactive one", async () => {
    expect((await suggestions("bla")).body.suggestions).toEqual([
      { kind: "category", label: "Jackets & Blazers", url: "/categories/jackets-blazers" },
    ]);
    expect((await suggestions("hid")).body.suggestions).toEqual([]);
  });

  it("suggests a brand typed without its stops, apostrophe or spaces (decision 0069)", async () => {
    expect((await suggestions("levis")).body.suggestions).toEqual([
      { kind: "brand", label: "Levi's", url: "/brand/Levi's" },
    ]);
    expect((await suggestions("lk ben")).body.suggestions).toEqual([
      { kind: "brand", label: "L.K.Bennett", url: "/brand/L.K.Bennett" },
    ]);
    expect((await suggestions("LKB")).body.suggestions).toEqual([
      { kind: "brand", label: "L.K.Bennett", url: "/brand/L.K.Bennett" },
    ]);
    // Found both ways, suggested once.
    expect((await suggestions("l")).body.suggestions!.filter((s) => s.label === "L.K.Bennett")).toHaveLength(1);
  });

  it("reads punctuation as typed", async () => {
    expect((await suggestions("levi'")).body.suggestions).toEqual([
      { kind: "brand", label: "Levi's", url: "/brand/Levi's" },
    ]);
    const odd = await suggestions("<script>%_*");
    expect(odd.status).toBe(200);
    expect(odd.body.suggestions).toEqual([]);
  });

  it.each([
    ["no q", "/search/suggestions", "Type the start of a brand or category (q)."],
    ["an empty q", "/search/suggestions?q=%20%20", "Type the start of a brand or category (q)."],
    ["an over-long q", `/search/suggestions?q=${"a".repeat(51)}`, "Type at most 50 characters."],
  ])("refuses %s with a 400 and the reason", async (_why, path, error) => {
    const response = await browser.fetch(path);
    expect(response.status).toBe(400);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(await response.json()).toEqual({ error });
  });

  it("refuses control characters with a 400 before any lookup (the request gate)", async () => {
    const response = await browser.fetch("/search/suggestions?q=ha%00r");
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("control characters");
  });

  it("answers a HEAD, and refuses a POST (it has no action) without a 500", async () => {
    expect((await browser.fetch("/search/suggestions?q=har", { method: "HEAD" })).status).toBe(200);
    expect((await browser.post("/search/suggestions?q=har", {})).status).toBe(405);
  });
});
