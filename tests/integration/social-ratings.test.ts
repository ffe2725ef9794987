import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { signedInBrowser } from "./actors";
import { createProduct, createUser, databaseFingerprint } from "./factories";
import { Browser } from "./http";

// Ratings both ways and badges (issue 46 item 2; decision 0091): after a completed trade the seller
// rates the shopper (and the shopper the seller, on the order page), once each, within 30 days;
// every refusal says why with a 4xx and writes nothing; the seller's page and the product page's
// seller card show the average, the count and the badges earned.

const DAY = 86_400_000;
const rows = async (sql: string, ...binds: unknown[]) =>
  (
    await env.DB.prepare(sql)
      .bind(...binds)
      .all()
  ).results;
const address = JSON.stringify({
  fullName: "Rated Shopper",
  addressLine1: "1 Rated Row",
  city: "London",
  postalCode: "N1 1AA",
  country: "United Kingdom",
});

/** A trade of `sellerId`'s item bought by `shopperId`: completed `endedDaysAgo` days ago (or in `status`). */
async function trade(
  sellerId: string,
  shopperId: string,
  options: { status?: string; endedDaysAgo?: number; orderedDaysAgo?: number; postedAfterHours?: number | null } = {},
) {
  const product = await createProduct(sellerId, { name: `Traded Coat ${crypto.randomUUID().slice(0, 6)}` });
  const id = crypto.randomUUID().slice(0, 12);
  const now = Date.now();
  const ordered = now - (options.orderedDaysAgo ?? 10) * DAY;
  const ended = now - (options.endedDaysAgo ?? 1) * DAY;
  const status = options.status ?? "completed";
  const posted = options.postedAfterHours === null ? null : ordered + (options.postedAfterHours ?? 12) * 3_600_000;
  await env.DB.batch([
    env.DB.prepare(
      "INSERT INTO orders (id, user_id, status, subtotal_amount, delivery_fee, total_amount, billing_address, shipping_address, created_at, updated_at) VALUES (?, ?, ?, 5000, 399, 5399, ?, ?, ?, ?)",
    ).bind(
      `order_r_${id}`,
      shopperId,
      status === "completed" ? "completed" : "processing",
      address,
      address,
      ordered,
      now,
    ),
    env.DB.prepare(
      "INSERT INTO order_items (id, order_id, product_id, name, type, price, buying_price, status, shipped_at, delivered_at, completed_at, created_at) VALUES (?, ?, ?, ?, 'purchase', 5000, 5000, ?, ?, ?, ?, ?)",
    ).bind(
      `item_r_${id}`,
      `order_r_${id}`,
      product.id,
      product.name,
      status,
      posted,
      status === "completed" ? ended : null,
      status === "completed" ? ended : null,
      ordered,
    ),
    env.DB.prepare("UPDATE products SET availability = 'sold' WHERE id = ?").bind(product.id),
  ]);
  return { itemId: `item_r_${id}`, orderId: `order_r_${id}`, product };
}

describe("the seller rates the shopper", () => {
  it("rates a completed trade once, without JavaScript: the page then shows the rating instead of the form", async () => {
    const seller = await signedInBrowser("vendor");
    const shopper = await createUser({ displayName: `Shopper${crypto.randomUUID().slice(0, 6)}` });
    const { itemId } = await trade(seller.id, shopper.id);
    const form = await (await seller.browser.fetch(`/account/ratings/${itemId}`)).text();
    expect(form).toContain("Rate the shopper");
    expect(form).toContain(`How was ${shopper.displayName} to trade with?`);
    const saved = await seller.browser.post(`/account/ratings/${itemId}`, {
      intent: "rate",
      rating: "4",
      comment: "Paid quickly.",
    });
    expect(saved.status).toBe(302);
    expect(saved.headers.get("location")).toBe(`/account/ratings/${itemId}`);
    expect(
      await rows(
        "SELECT rating, comment, side, reviewer_id, reviewed_user_id FROM reviews WHERE order_item_id = ?",
        itemId,
      ),
    ).toEqual([
      { rating: 4, comment: "Paid quickly.", side: "seller", reviewer_id: seller.id, reviewed_user_id: shopper.id },
    ]);
    const after = await (await seller.browser.fetch(`/account/ratings/${itemId}`)).text();
    expect(after).toContain(`Your rating of ${shopper.displayName}`);
    expect(after).toContain("4 out of 5 stars");
  });

  it.each([
    ["0 stars", { rating: "0" }, 400, "Please choose a rating from 1 to 5"],
    ["6 stars", { rating: "6" }, 400, "Please choose a rating from 1 to 5"],
    ["no stars", {}, 400, "Please choose a rating from 1 to 5"],
    [
      "10,000 characters",
      { rating: "5", comment: "x".repeat(10_000) },
      400,
      "Comment must be at most 2,000 characters",
    ],
  ])("refuses %s with a message and a 4xx, changing nothing", async (_label, fields, status, message) => {
    const seller = await signedInBrowser("vendor");
    const { itemId } = await trade(seller.id, (await createUser()).id);
    const before = await databaseFingerprint();
    const response = await seller.browser.post(`/account/ratings/${itemId}`, { intent: "rate", ...fields });
    expect(response.status).toBe(status);
    expect(await response.text()).toContain(message);
    expect(await databaseFingerprint()).toBe(before);
  });

  it("refuses a trade that is not complete, a second rating, one past 30 days and someone else's trade", async () => {
    const seller = await signedInBrowser("vendor");
    const shopper = await createUser();
    const inFlight = await trade(seller.id, shopper.id, { status: "shipped" });
    const late = await trade(seller.id, shopper.id, { endedDaysAgo: 31 });
    const done = await trade(seller.id, shopper.id);
    await seller.browser.post(`/account/ratings/${done.itemId}`, { intent: "rate", rating: "5" });
    const other = await signedInBrowser("vendor");
    const before = await databaseFingerprint();
    const cases: [Browser, string, number, string][] = [
      [seller.browser, inFlight.itemId, 409, "You can rate a trade once it is complete"],
      [seller.browser, late.itemId, 409, "Ratings can be given for 30 days after a trade ends"],
      [seller.browser, done.itemId, 409, "You have already rated this trade"],
      [other.browser, done.itemId, 404, ""],
    ];
    for (const [browser, itemId, status, message] of cases) {
      const response = await browser.post(`/account/ratings/${itemId}`, { intent: "rate", rating: "3" });
      expect(response.status, itemId).toBe(status);
      if (message) expect(await response.text()).toContain(message);
    }
    expect(await databaseFingerprint()).toBe(before);
    // Someone else's trade is missing to them, page and all.
    expect((await other.browser.fetch(`/account/ratings/${done.itemId}`)).status).toBe(404);
  });

  it("the shopper's side keeps to the same 30 days on the order page", async () => {
    const shopper = await signedInBrowser("shopper");
    const seller = await createUser();
    const late = await trade(seller.id, shopper.id, { endedDaysAgo: 31 });
    const before = await databaseFingerprint();
    const response = await shopper.browser.post(`/account/orders/${late.orderId}`, {
      intent: "review",
      itemId: late.itemId,
      rating: "5",
    });
    expect(response.status).toBe(409);
    expect(await response.text()).toContain("Ratings can be given for 30 days after a trade ends");
    expect(await databaseFingerprint()).toBe(before);
  });
});

describe("badges and averages", () => {
  it("a seller with payouts active, 10 quick postings and ten 5-star ratings shows all three badges, on the profile and the product's seller card", async () => {
    const name = `Badged${crypto.randomUUID().slice(0, 6)}`;
    const seller = await createUser({ displayName: name });
    const now = Date.now();
    await env.DB.prepare(
      "INSERT INTO payee_accounts (payee_type, payee_id, provider, provider_account_id, status, created_at, updated_at) VALUES ('owner', ?, 'local', ?, 'active', ?, ?)",
    )
      .bind(seller.id, `acct_${seller.id}`, now, now)
      .run();
    await env.DB.prepare("INSERT INTO user_verifications (user_id, is_verified, verified_at) VALUES (?, 1, ?)")
      .bind(seller.id, now)
      .run();
    for (let k = 0; k < 10; k++) {
      const buyer = await createUser();
      const { itemId, product } = await trade(seller.id, buyer.id, { orderedDaysAgo: 5 + k, postedAfterHours: 20 });
      await env.DB.prepare(
        "INSERT INTO reviews (id, rating, comment, reviewer_id, reviewed_user_id, product_id, order_item_id, side, created_at) VALUES (?, ?, 'Lovely', ?, ?, ?, ?, 'shopper', ?)",
      )
        .bind(`review_b_${itemId}`, k === 0 ? 4 : 5, buyer.id, seller.id, product.id, itemId, now)
        .run();
    }
    const item = await createProduct(seller.id, { name: `Badged Blazer ${name}` });
    const profile = await (await new Browser().fetch(`/${name}`)).text();
    for (const text of ["Verified seller", "Top rated", "Ships fast", "4.9 ★ (10 ratings)"])
      expect(profile).toContain(text);
    // Her item's card (on her page and every listing) carries her average and count.
    expect(profile).toContain('aria-label="Seller rated 4.9 out of 5 from 10 ratings"');
    expect(await (await new Browser().fetch(`/all-products?search=${encodeURIComponent(name)}`)).text()).toContain(
      "★ 4.9 (10)",
    );
    const card = await (await new Browser().fetch(`/product/${item.id}`)).text();
    for (const text of ["Verified seller", "Top rated", "Ships fast", "4.9 ★ (10 ratings)", 'href="/pages/badges"'])
      expect(card).toContain(text);
    expect(await (await new Browser().fetch("/pages/badges")).text()).toContain(
      "Posted each of their last 10 orders within 2 days.",
    );
  });

  it("a confirmed e-mail alone is no Verified seller; one late posting and a 4.7 average earn nothing", async () => {
    const name = `Plain${crypto.randomUUID().slice(0, 6)}`;
    const seller = await createUser({ displayName: name });
    await env.DB.prepare("INSERT INTO user_verifications (user_id, is_verified, verified_at) VALUES (?, 1, ?)")
      .bind(seller.id, Date.now())
      .run();
    for (let k = 0; k < 10; k++) {
      const buyer = await createUser();
      const { itemId, product } = await trade(seller.id, buyer.id, {
        orderedDaysAgo: 5 + k,
        postedAfterHours: k === 3 ? 60 : 20,
      });
      await env.DB.prepare(
        "INSERT INTO reviews (id, rating, reviewer_id, reviewed_user_id, product_id, order_item_id, side, created_at) VALUES (?, ?, ?, ?, ?, ?, 'shopper', ?)",
      )
        .bind(`review_p_${itemId}`, k < 3 ? 4 : 5, buyer.id, seller.id, product.id, itemId, Date.now())
        .run();
    }
    // The seller's ratings of shoppers are not the seller's own average.
    const buyer = await createUser();
    const { itemId } = await trade(seller.id, buyer.id);
    await env.DB.prepare(
      "INSERT INTO reviews (id, rating, reviewer_id, reviewed_user_id, order_item_id, side, created_at) VALUES (?, 1, ?, ?, ?, 'seller', ?)",
    )
      .bind(`review_s_${itemId}`, seller.id, buyer.id, itemId, Date.now())
      .run();
    const profile = await (await new Browser().fetch(`/${name}`)).text();
    expect(profile).toContain("4.7 ★ (10 ratings)");
    for (const text of ["Verified seller", "Top rated", "Ships fast"]) expect(profile).not.toContain(text);
  });
});
