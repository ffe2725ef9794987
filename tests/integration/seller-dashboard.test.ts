import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import { cachedPage } from "./cached-page";
import { forgetPages } from "../../app/services/page-cache.server";
import { database } from "../../app/data/db.server";
import { priceRequestsQuery, sellerCountQueries, sellerProductsQuery } from "../../app/data/seller.server";
import { ordersTabPart, sellerOrderLinesQuery } from "../../app/data/handler-orders-tab.server";
import { BILLING, createProduct, createUser } from "./factories";
import { onPaymentPage, shownReference } from "./orders";
import { DAY, next, one, priceRequest, signedInBrowser, store, tag } from "./seller-dashboard-helpers";

// The seller dashboard (issue 11 item 5) and the public pages' freshness after a seller's edit,
// against the real Worker, D1, R2 and KV. The price-change answers: seller-price-requests.test.ts.

async function sold(
  productId: string,
  shopperId: string,
  options: { type: "rental" | "purchase"; orderStatus: string; itemStatus: string; placedAgo: number; price: number },
) {
  const orderId = `order_${next().toUpperCase()}XYZ`;
  const placedAt = Date.now() - options.placedAgo;
  await env.DB.batch([
    env.DB.prepare(
      "INSERT INTO orders (id, user_id, status, subtotal_amount, delivery_fee, total_amount, billing_address, shipping_address, created_at, updated_at) VALUES (?, ?, ?, ?, 399, ?, '{}', '{}', ?, ?)",
    ).bind(orderId, shopperId, options.orderStatus, options.price, options.price + 399, placedAt, placedAt),
    env.DB.prepare(
      "INSERT INTO order_items (id, order_id, product_id, name, type, price, status, created_at) VALUES (?, ?, ?, 'Sold item', ?, ?, ?, ?)",
    ).bind(`item_${next()}`, orderId, productId, options.type, options.price, options.itemStatus, placedAt),
  ]);
  return orderId;
}

async function earned(ownerId: string, productId: string, net: number, daysAgo: number) {
  await env.DB.prepare(
    "INSERT INTO transactions (id, transaction_type, product_id, owner_id, gross_amount, net_amount, status, created_at) VALUES (?, 'sale', ?, ?, ?, ?, 'completed', ?)",
  )
    .bind(`txn_${next()}`, productId, ownerId, Math.round(net / 0.9), net, Date.now() - daysAgo * DAY)
    .run();
}

describe("the dashboard", () => {
  it("shows the spec's empty states on every tab, and each tab is a URL", async () => {
    const vendor = await signedInBrowser("vendor");
    const texts: Record<string, string> = {
      products: "No products yet. Create your first listing!",
      notifications: "No price change requests yet.",
      orders: "No orders yet. Orders for your products will appear here.",
      upload: "Create Product",
    };
    for (const [tab, text] of Object.entries(texts)) {
      const html = await (await vendor.browser.fetch(`/vendor?tab=${tab}`)).text();
      expect(html, tab).toContain(text);
      expect(html, tab).toContain("Seller Dashboard");
      expect(html, tab).toContain("Profile Views");
      expect(html, tab).toContain("This week (your profile and products)");
    }
    // An unknown tab is the first one.
    expect(await (await vendor.browser.fetch("/vendor?tab=nope")).text()).toContain(
      "No products yet. Create your first listing!",
    );
  });

  it("counts products, earnings (net), active rentals and pending requests; lists orders with relative time and the id's last 8", async () => {
    const vendor = await signedInBrowser("vendor");
    const shopper = await createUser();
    const storeId = await store();
    const coat = await createProduct(vendor.id, { name: `Coat ${tag}` });
    const dress = await createProduct(vendor.id, { name: `Dress ${tag}` });
    const elsewhere = await createProduct((await createUser()).id, { name: `Not theirs ${tag}` });
    await createProduct(vendor.id, { name: `Waiting ${tag}`, productStatus: "pending" });
    // Declined by a store: it waits for the seller's changes, not for approval.
    const declined = await createProduct(vendor.id, { name: `Declined ${tag}`, productStatus: "pending" });
    await env.DB.prepare("UPDATE products SET status = 'rejected', rejection_reason = 'Not this season' WHERE id = ?")
      .bind(declined.id)
      .run();
    await env.DB.prepare("UPDATE products SET store_id = ?, concierge_status = 'yes' WHERE id = ?")
      .bind(storeId, dress.id)
      .run();
    const rental = await sold(coat.id, shopper.id, {
      type: "rental",
      orderStatus: "active",
      itemStatus: "active",
      placedAgo: 3 * DAY + 60_000,
      price: 1500,
    });
    await sold(dress.id, shopper.id, {
      type: "purchase",
      orderStatus: "shipped",
      itemStatus: "shipped",
      placedAgo: 2 * 60 * 60 * 1000,
      price: 9000,
    });
    await sold(elsewhere.id, shopper.id, {
      type: "rental",
      orderStatus: "active",
      itemStatus: "active",
      placedAgo: DAY,
      price: 1200,
    });
    await earned(vendor.id, coat.id, 1350, 1);
    await earned(vendor.id, dress.id, 8100, 15);
    await earned((await createUser()).id, elsewhere.id, 99999, 1);
    await priceRequest(dress.id, vendor.id, storeId);
    await env.DB.prepare("UPDATE products SET availability = 'rented' WHERE id = ?").bind(coat.id).run();
    await env.DB.prepare("UPDATE products SET availability = 'rented' WHERE id = ?").bind(dress.id).run();

    const products = await (await vendor.browser.fetch("/vendor")).text();
    // Only live listings are listed and active; the one waiting for approval is counted apart (issue 24).
    expect(products).toContain("You have 2 products live on the shop.");
    expect(products).toMatch(/Total Products<\/p><p[^>]*>2</);
    expect(products).toContain("Active listings · 1 awaiting approval");
    expect(products).toMatch(/Total Revenue<\/p><p[^>]*>£94\.50</);
    expect(products).toMatch(/Active Rentals<\/p><p[^>]*>1</);
    expect(products).toMatch(/aria-label="1 pending"/);
    expect(products).toContain(`Managed by Closet ${storeId}`);
    expect(products).toContain("Concierge: yes");
    expect(products).toContain("12.5% · Fair"); // the factory's 15.00 of 120.00
    // A live listing out on rental says so beside 'Listing: live' (off the shop meanwhile).
    expect(products).toContain(">Out on rental<");
    // One sold and not with its shopper yet says where its order stands (decision 0069).
    const dressRow = products.split('data-testid="seller-product"').find((r) => r.includes(`Dress ${tag}`))!;
    expect(dressRow).toContain(">On its way<");
    expect(dressRow).not.toContain(">Out on rental<");
    expect(products).not.toContain(`Not theirs ${tag}`);

    const orders = await (await vendor.browser.fetch("/vendor?tab=orders")).text();
    expect(orders).toContain(`Order ${await shownReference(rental)}`);
    expect(orders).toContain("3 days ago");
    expect(orders).toContain("2 hours ago");
    expect(orders).toContain(">shipped<");
    expect(orders).not.toContain("£12.00");
    // The chart: an SVG drawn on the server, and its 12 weeks in a table for screen readers.
    expect(orders).toContain("Your earnings per week (last 12 weeks)");
    expect(orders).toMatch(/<svg[^>]*role="img"/);
    expect(orders.match(/<th scope="row">/g)).toHaveLength(12);
    expect(orders).toContain("<td>£13.50</td>");
    expect(orders).toContain("<td>£81.00</td>");
  });

  it("lists an order placed through checkout at once (each line knows its product's owner)", async () => {
    const vendor = await signedInBrowser("vendor");
    const product = await createProduct(vendor.id, { name: `Checked Out ${tag}`, rentalPrice: 2100 });
    const shopper = await signedInBrowser("shopper");
    await shopper.browser.post("/cart", { intent: "add", productId: product.id, option: "rental", enhanced: "1" });
    const toPay = await shopper.browser.post("/cart", {
      intent: "checkout",
      idempotencyKey: crypto.randomUUID(),
      ...BILLING,
    });
    expect(toPay.status).toBe(303);
    // Paid on the local provider's page: a handler sees an order once its payment is confirmed (decision 0055).
    expect((await onPaymentPage(shopper.browser, toPay.headers.get("location")!)).status).toBe(303);
    const line = await one<{ order_id: string; owner_id: string }>(
      "SELECT order_id, owner_id FROM order_items WHERE product_id = ?",
      product.id,
    );
    expect(line!.owner_id).toBe(vendor.id);
    const orders = await (await vendor.browser.fetch("/vendor?tab=orders")).text();
    expect(orders).toContain(`Order ${await shownReference(line!.order_id)}`);
    expect(orders).toContain("just now");
    expect(orders).toContain("£21.00");
  });

  it("pages the product list", async () => {
    const vendor = await signedInBrowser("vendor");
    for (let i = 0; i < 21; i++)
      await createProduct(vendor.id, { name: `Paged ${i} ${tag}`, createdAt: Date.now() - i * 1000 });
    const first = await (await vendor.browser.fetch("/vendor")).text();
    expect(first).toContain(`Paged 0 ${tag}`);
    expect(first).not.toContain(`Paged 20 ${tag}`);
    expect(first).toContain('href="/vendor?tab=products&amp;page=2"');
    expect(await (await vendor.browser.fetch("/vendor?tab=products&page=2")).text()).toContain(`Paged 20 ${tag}`);
  });
});

describe("the dashboard's queries", () => {
  const plan = async (query: { toSQL(): { sql: string; params: unknown[] } }) => {
    const { sql, params } = query.toSQL();
    return (
      await env.DB.prepare(`EXPLAIN QUERY PLAN ${sql}`)
        .bind(...params)
        .all<{ detail: string }>()
    ).results.map((r) => r.detail);
  };
  it("read only the seller's own rows through an index, never a whole table", async () => {
    const db = database(env.DB);
    const queries = [
      ...sellerCountQueries(db, "u"),
      sellerProductsQuery(db, "u", 3),
      priceRequestsQuery(db, "u"),
      sellerOrderLinesQuery(db, "u"),
    ];
    for (const query of queries) {
      const details = await plan(query);
      expect(
        details.filter((d) =>
          /^SCAN (products|orders|order_items|price_change_requests)\b(?!.*USING (COVERING )?INDEX)/.test(d),
        ),
        details.join(" | "),
      ).toEqual([]);
    }
    // The orders tab starts from the seller's own lines (migration 0007), not from every one of their products.
    expect((await plan(sellerOrderLinesQuery(db, "u")))[0]).toMatch(/order_items USING INDEX order_items_owner_idx/);
  });

  // Searched through an index, never walked in full, not even along an index (at a year of orders a
  // walk of the transactions by date is the whole table): migration 0077 gives the money its own.
  it("read the Orders tab's batch, a seller's and a store's, through indexes, never a whole table", async () => {
    const db = database(env.DB);
    const statements = [
      ...ordersTabPart(db, { ownerId: "u" }, Date.now()).statements,
      ...ordersTabPart(db, { storeId: "s" }, Date.now()).statements,
    ] as unknown as { toSQL(): { sql: string; params: unknown[] } }[];
    const scans: string[] = [];
    for (const statement of statements) {
      const details = await plan(statement);
      scans.push(
        ...details.filter((d) =>
          /^SCAN (products|orders|order_items|claims|transactions|payments|commissions)\b/.test(d),
        ),
      );
    }
    expect(scans).toEqual([]);
  });
});

describe("public pages after a seller's change (page cache on)", () => {
  const get = (path: string) => cachedPage(path);
  beforeEach(() => forgetPages());

  it("the product page shows the new price right after the seller edits a live product", async () => {
    const vendor = await signedInBrowser("vendor");
    const brand = `Freshbrand ${tag}`;
    await env.DB.prepare("INSERT INTO brands (id, name, created_at) VALUES (?, ?, ?)")
      .bind(`b_${tag}`, brand, Date.now())
      .run();
    const product = await createProduct(vendor.id, {
      name: `Fresh Coat ${tag}`,
      brand,
      rentalPrice: 1500,
      buyingPrice: 12000,
    });
    expect((await get(`/product/${product.id}`)).state).toBe("miss");
    const cached = await get(`/product/${product.id}`);
    expect(cached.state).toBe("memory");
    expect(cached.text).toContain("£15.00");

    const saved = await vendor.browser.post(`/vendor/product/${product.id}/edit`, {
      intent: "save",
      name: product.name,
      brand,
      productType: "Women",
      category: "Coats",
      condition: "Almost New",
      originalPrice: "240",
      rentalPrice: "17.25",
      buyingPrice: "120",
      size: "UK 12",
      imagesKeep: product.images[0]!,
    });
    expect(saved.status).toBe(302);
    const after = await get(`/product/${product.id}`);
    expect(after.state).toBe("miss");
    expect(after.text).toContain("£17.25");
  });

  it("and right after the seller accepts a price change", async () => {
    const vendor = await signedInBrowser("vendor");
    const product = await createProduct(vendor.id, {
      name: `Accepted Coat ${tag}`,
      rentalPrice: 1500,
      buyingPrice: 12000,
    });
    const requestId = await priceRequest(product.id, vendor.id, await store(), 1444, 11100);
    await get(`/product/${product.id}`);
    expect((await get(`/product/${product.id}`)).state).toBe("memory");
    expect((await vendor.browser.post("/vendor?tab=notifications", { intent: "accept_price", requestId })).status).toBe(
      302,
    );
    const after = await get(`/product/${product.id}`);
    expect(after.state).toBe("miss");
    expect(after.text).toContain("£14.44");
    expect(after.text).toContain("£111.00");
  });
});
