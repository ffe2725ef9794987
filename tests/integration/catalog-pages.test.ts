import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { filterOptions, listProducts } from "../../app/data/catalog.server";
import { database } from "../../app/data/db.server";
import { EMPTY_FILTERS } from "../../app/domain/catalog";
import { createProduct, createUser } from "./factories";
import { Browser } from "./http";

const browser = new Browser();
const get = (path: string) => browser.fetch(path);
const html = async (path: string) => {
  const response = await get(path);
  return { status: response.status, text: await response.text(), response };
};

const tag = `t${Date.now().toString(36)}`;
let vendorName: string;
let storeId: string;
let liveId: string;
let rentedId: string;
let soldId: string;
let pendingId: string;

beforeAll(async () => {
  vendorName = `Vera${tag}`;
  const vendor = await createUser({ displayName: vendorName, fullName: "Vera Vintage" });
  const now = Date.now();
  await env.DB.prepare("INSERT INTO user_verifications (user_id, is_verified) VALUES (?, 1)").bind(vendor.id).run();
  // Verified seller: payouts active with the payment provider as well as the e-mail (decision 0091).
  await env.DB.prepare(
    "INSERT INTO payee_accounts (payee_type, payee_id, provider, provider_account_id, status, created_at, updated_at) VALUES ('owner', ?, 'local', ?, 'active', ?, ?)",
  )
    .bind(vendor.id, `acct_${tag}`, Date.now(), Date.now())
    .run();
  await env.DB.prepare(
    "INSERT INTO brands (id, name, description, is_popular, created_at) VALUES (?, ?, 'A test brand.', 1, ?)",
  )
    .bind(`b_${tag}`, `Brand${tag}`, now)
    .run();
  await env.DB.prepare(
    "INSERT INTO categories (id, name, slug, description, is_active, sort_order, created_at) VALUES (?, 'Coats', 'coats', 'Warm layers.', 1, 1, ?) ON CONFLICT DO NOTHING",
  )
    .bind(`c_${tag}`, now)
    .run();
  storeId = `s_${tag}`;
  await env.DB.prepare(
    "INSERT INTO stores (id, name, description, owner_id, created_at) VALUES (?, ?, 'A lovely shop. Store located at: 1 High Street, London', ?, ?)",
  )
    .bind(storeId, `Shop${tag}`, vendor.id, now)
    .run();

  liveId = (
    await createProduct(vendor.id, {
      name: `Camel Overcoat ${tag}`,
      brand: `Brand${tag}`,
      category: "Coats",
      productType: "Men",
    })
  ).id;
  rentedId = (await createProduct(vendor.id, { name: `Rented Parka ${tag}`, brand: `Brand${tag}` })).id;
  soldId = (await createProduct(vendor.id, { name: `Sold Trench ${tag}`, brand: `Brand${tag}` })).id;
  pendingId = (
    await createProduct(vendor.id, { name: `Pending Cape ${tag}`, brand: `Brand${tag}`, productStatus: "pending" })
  ).id;
  await env.DB.batch([
    env.DB.prepare("UPDATE products SET availability = 'rented' WHERE id = ?").bind(rentedId),
    env.DB.prepare("UPDATE products SET availability = 'sold' WHERE id = ?").bind(soldId),
    env.DB.prepare("UPDATE products SET store_id = ? WHERE id = ?").bind(storeId, liveId),
    env.DB.prepare(
      "INSERT INTO reviews (id, rating, comment, reviewer_id, reviewed_user_id, product_id, created_at) VALUES (?, 5, 'Lovely coat, as described.', NULL, ?, ?, ?)",
    ).bind(`r_${tag}`, vendor.id, liveId, now),
  ]);
});

describe("/all-products", () => {
  it("lists public items with the count line, and never sold or pending ones", async () => {
    const { status, text } = await html(`/all-products?brand=Brand${tag}`);
    expect(status).toBe(200);
    expect(text).toContain("All Products");
    expect(text).toContain("2 products found");
    expect(text).toContain(`Camel Overcoat ${tag}`);
    expect(text).toContain(`Rented Parka ${tag}`);
    expect(text).toContain("Currently rented");
    expect(text).not.toContain(`Sold Trench ${tag}`);
    expect(text).not.toContain(`Pending Cape ${tag}`);
    expect(text).toContain('name="keywords"');
  });

  it("shows each card's first image and sends no other (decision 0114)", async () => {
    const seller = await createUser();
    const images = [1, 2, 3].map((n) => `/images/products/pictured_${tag}_${n}.png`);
    await createProduct(seller.id, { name: `Pictured Coat ${tag}`, brand: `Pictured${tag}`, images });
    await createProduct(seller.id, { name: `Bare Coat ${tag}`, brand: `Pictured${tag}`, images: [] });
    const { text } = await html(`/all-products?brand=Pictured${tag}`);
    expect(text).toContain(`Pictured Coat ${tag}`);
    expect(text).toContain(`Bare Coat ${tag}`);
    expect(text).toContain(`pictured_${tag}_1`);
    expect(text).not.toContain(`pictured_${tag}_2`);
    expect(text).not.toContain(`pictured_${tag}_3`);
  });

  it("finds by prefix search and shows the empty state with Clear Filters", async () => {
    expect((await html(`/all-products?search=overc+${tag}`)).text).toContain(`Camel Overcoat ${tag}`);
    const none = await html(`/all-products?search=zzzznothing${tag}`);
    expect(none.text).toContain("0 products found");
    expect(none.text).toContain("Clear Filters");
  });

  it("says which price filter it could not use", async () => {
    const { status, text } = await html("/all-products?rental_min=abc&buy_min=50&buy_max=10");
    expect(status).toBe(200);
    expect(text).toContain("Rental price: the minimum &quot;abc&quot; is not a price in pounds, so it was left out.");
    expect(text).toContain("Buy price: the minimum is above the maximum, so nothing can match.");
  });

  it("sends a page cursor that finds nothing (another sort order's) to the first page", async () => {
    const { nextCursor } = await listProducts(
      database(env.DB),
      { ...EMPTY_FILTERS, brands: [`Brand${tag}`] },
      { sort: "price_asc", after: null, before: null },
      {},
      1,
    );
    const response = await get(`/all-products?brand=Brand${tag}&sort=newest&after=${nextCursor}`);
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(`/all-products?brand=Brand${tag}&sort=newest`);
  });

  it.each(['"', "OR", "name:x*", "(((", "a AND"])("answers a search of %j without an error", async (q) => {
    expect((await get(`/all-products?search=${encodeURIComponent(q)}`)).status).toBe(200);
  });
});

describe("/{slug}", () => {
  it("is a product type listing first", async () => {
    const { status, text } = await html("/men");
    expect(status).toBe(200);
    expect(text).toContain("Men Products");
    expect(text).toContain("Back to Home");
  });

  it("is a vendor profile when the name is a display name (any case)", async () => {
    const { status, text } = await html(`/${vendorName.toLowerCase()}`);
    expect(status).toBe(200);
    expect(text).toContain(vendorName);
    expect(text).toContain("Verified seller");
    expect(text).toContain("5.0 ★ (1 rating)");
    expect(text).toContain("0 followers");
    expect(text).toContain("Items for Sale");
    expect(text).toContain("Lovely coat, as described.");
    expect(text).toContain("Anonymous");
  });

  it("pages a vendor's items when they have more than a page holds", async () => {
    const name = `Many${tag}`;
    const many = await createUser({ displayName: name });
    for (let i = 0; i < 25; i++) await createProduct(many.id, { name: `Rail item ${i} ${tag}` });
    const first = await html(`/${name}`);
    expect(first.text.replaceAll("<!-- -->", "")).toContain("25 items");
    const shown = (page: string) => new Set(page.match(/Rail item \d+ /g)).size;
    expect(shown(first.text)).toBe(24);
    const next = first.text.match(/<a [^>]*rel="next"[^>]*>/)?.[0].match(/href="([^"]+)"/)?.[1];
    expect(next).toBeDefined();
    const second = await html(next!.replaceAll("&amp;", "&"));
    expect(shown(second.text)).toBe(1);
    expect(second.text).toContain('rel="prev"');
  });

  it("is the 404 page otherwise", async () => {
    const { status, text } = await html(`/nobody-${tag}`);
    expect(status).toBe(404);
    expect(text).toContain("Oops! Page not found");
  });
});

describe("old query links", () => {
  it.each([
    [`/?brand=Brand${tag}`, `/all-products?brand=Brand${tag}`],
    ["/?tag=wool", "/all-products?tag=wool"],
  ])("%s redirects to %s", async (from, to) => {
    const response = await get(from);
    expect(response.status).toBe(301);
    expect(response.headers.get("location")).toBe(to);
  });
});

describe("/product/{id}", () => {
  it("shows the page of §2.9 with JSON-LD in GBP", async () => {
    const { status, text } = await html(`/product/${liveId}`);
    expect(status).toBe(200);
    for (const s of [
      "Rent Now Buy Later",
      "Buy Now",
      "ADD TO BASKET",
      "You have 7 days from delivery before paying the Buy Now price",
      "DETAILS",
      "THE BEST MEMORY WITH THIS ITEM",
      "COMMENTS (1)",
      "Managed by",
      `Shop${tag}`,
      `Originally by ${vendorName}`,
      "Verified seller",
      "5.0 ★ (1 rating)",
    ]) {
      expect(text, s).toContain(s);
    }
    const ld = JSON.parse(text.match(/<script type="application\/ld\+json"[^>]*>(.*?)<\/script>/)![1]!);
    expect(ld["@type"]).toBe("Product");
    expect(ld.offers.priceCurrency).toBe("GBP");
    expect(ld.offers.availability).toBe("https://schema.org/InStock");
  });

  it("shows an item out on rental as 'Currently rented', without ADD TO BASKET", async () => {
    const { text } = await html(`/product/${rentedId}`);
    expect(text).toContain("Currently rented");
    expect(text).not.toContain("ADD TO BASKET");
  });

  it.each([() => soldId, () => pendingId, () => "missing"])(
    "answers 'Product not found' for a sold, pending or missing item",
    async (id) => {
      const { status, text } = await html(`/product/${id()}`);
      expect(status).toBe(404);
      expect(text).toContain("Product not found");
      expect(text).toContain("Back to Home");
    },
  );
});

describe("brands, categories and stores", () => {
  it("lists brands with popular ones first", async () => {
    const { text } = await html("/all-brands");
    expect(text).toContain("Popular Brands");
    expect(text).toContain("All Brands A-Z");
    expect(text).toContain(`Brand${tag}`);
  });

  it("offers only brands with something on the shop in the Brand filter (decision 0068)", async () => {
    const now = Date.now();
    await env.DB.prepare("INSERT INTO brands (id, name, created_at) VALUES (?, ?, ?), (?, ?, ?)")
      .bind(`b_empty_${tag}`, `Emptybrand${tag}`, now, `b_full_${tag}`, `Fullbrand${tag}`, now)
      .run();
    await createProduct((await createUser()).id, { brand: `Fullbrand${tag}` });
    const { brands } = await filterOptions(database(env.DB));
    expect(brands).toContain(`Fullbrand${tag}`);
    expect(brands).not.toContain(`Emptybrand${tag}`);
  });

  it("shows a brand page without the brand filter, with its items at its address in any case", async () => {
    for (const written of [`Brand${tag}`, `brand${tag}`]) {
      const { status, text } = await html(`/brand/${encodeURIComponent(written)}`);
      expect(status).toBe(200);
      expect(text).toContain("A test brand.");
      expect(text).toContain(`Rented Parka ${tag}`);
      expect(text).not.toContain('name="brand"');
    }
  });

  it("shows a category page and 'Category not found'", async () => {
    const { text } = await html("/categories/coats");
    expect(text).toContain("Warm layers.");
    // The page is its category: no Category filter to choose another (decision 0068); other pages have one.
    expect(text).not.toContain('name="category"');
    expect((await html("/all-products")).text).toContain('name="category"');
    const missing = await html("/categories/spaceships");
    expect(missing.status).toBe(404);
    expect(missing.text).toContain("Category not found");
  });

  it("shows a store profile with its address and 'Store not found'", async () => {
    const { text } = await html(`/store/${storeId}`);
    expect(text).toContain("Partner Store");
    expect(text).toContain("1 High Street, London");
    expect(text).toContain("Available Items");
    expect(text).toContain("Refresh");
    const missing = await html("/store/nope");
    expect(missing.status).toBe(404);
    expect(missing.text).toContain("Store not found");
  });
});

describe("canonical URLs", () => {
  const canonicalOf = (text: string) =>
    text.match(/<link rel="canonical" href="([^"]+)"\/>/)?.[1]?.replaceAll("&amp;", "&");

  it("gives each listing its path and filters, without sort or page cursor", async () => {
    const { text } = await html(`/all-products?sort=price_asc&type=men&brand=Brand${tag}&after=abc&category=coats`);
    expect(canonicalOf(text)).toBe(`http://localhost/all-products?brand=Brand${tag}&category=Coats&type=Men`);
    expect(canonicalOf((await html("/all-products")).text)).toBe("http://localhost/all-products");
  });

  it("names the page itself on type, category, brand, brands, home, vendor and store pages", async () => {
    expect(canonicalOf((await html("/MEN")).text)).toBe("http://localhost/men");
    expect(canonicalOf((await html("/categories/coats?color=Red")).text)).toBe(
      "http://localhost/categories/coats?color=Red",
    );
    expect(canonicalOf((await html(`/brand/brand${tag}`)).text)).toBe(`http://localhost/brand/Brand${tag}`);
    expect(canonicalOf((await html("/all-brands")).text)).toBe("http://localhost/all-brands");
    expect(canonicalOf((await html("/?utm_source=x")).text)).toBe("http://localhost/");
    expect(canonicalOf((await html(`/${vendorName.toLowerCase()}`)).text)).toBe(`http://localhost/${vendorName}`);
    expect(canonicalOf((await html(`/store/${storeId}`)).text)).toBe(`http://localhost/store/${storeId}`);
  });

  it("is absent from not-found pages", async () => {
    expect(canonicalOf((await html("/categories/no-such-category")).text)).toBeUndefined();
  });
});

describe("home's category counts (issue 17: they agree with the listings they link to)", () => {
  it("count what each category's listing shows: live items not sold", async () => {
    const { homeAggregates } = await import("../../app/data/home.server");
    const { listProducts } = await import("../../app/data/catalog.server");
    const { parseCatalogQuery } = await import("../../app/domain/catalog");
    const { database } = await import("../../app/data/db.server");
    const db = database(env.DB);
    const owner = await createUser();
    // One of each state in Coats: only the live, unsold one is for sale.
    await createProduct(owner.id, { category: "Coats" });
    const sold = await createProduct(owner.id, { category: "Coats" });
    await env.DB.prepare("UPDATE products SET availability = 'sold' WHERE id = ?").bind(sold.id).run();
    await createProduct(owner.id, { category: "Coats", productStatus: "pending" });
    const { categories } = await homeAggregates(db);
    expect(categories.length).toBeGreaterThan(0);
    for (const category of categories) {
      const { filters, page } = parseCatalogQuery(new URLSearchParams({ category: category.name }));
      const listing = await listProducts(db, filters, page);
      expect(category.productCount, category.name).toBe(listing.total);
    }
    expect(categories.find((c) => c.name === "Coats")!.productCount).toBeGreaterThan(0);
  });
});
