import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createProduct, databaseFingerprint } from "./factories";
import { DAY, follow, next, one, priceRequest, signedInBrowser, store, tag } from "./seller-dashboard-helpers";

// A store's price-change requests as their seller reads and answers them (the seller dashboard's
// Notifications tab, §4 and §7), against the real Worker and D1.

describe("price-change requests", () => {
  async function setup() {
    const vendor = await signedInBrowser("vendor");
    const storeId = await store();
    const product = await createProduct(vendor.id, {
      name: `Requested Coat ${next()}`,
      rentalPrice: 2000,
      buyingPrice: 16000,
    });
    const requestId = await priceRequest(product.id, vendor.id, storeId);
    return { vendor, storeId, product, requestId };
  }

  it("lists the seller's requests with product, store, prices and reason; only pending ones can be answered", async () => {
    const { vendor, product, storeId, requestId } = await setup();
    const answered = await priceRequest(product.id, vendor.id, storeId, 1000, 9000, Date.now() - DAY, "rejected");
    const html = await (await vendor.browser.fetch("/vendor?tab=notifications")).text();
    expect(html).toContain(product.name);
    // Which item it is, even when two share a name: its photo and a link to it.
    expect(html).toContain(`href="/vendor/product/${product.id}/edit" data-discover="true">${product.name}</a>`);
    expect(html).toContain(`src="${product.images[0]}"`);
    expect(html).toContain(`From Closet ${storeId}`);
    expect(html).toContain("£31.00");
    expect(html).toContain("£155.00");
    expect(html).toContain("(now £20.00)");
    expect(html).toContain(`Similar coats sell for less ${requestId}`);
    expect(html.match(/name="intent" value="accept_price"|value="accept_price"[^>]*name="intent"/g)).toHaveLength(1);
    expect(html).toContain(`value="${requestId}"`);
    expect(html).not.toContain(`value="${answered}"`);
    expect(html).toContain(">rejected<");
  });

  it("says which price a pending suggestion keeps, and how fair each suggestion is before it is accepted", async () => {
    const vendor = await signedInBrowser("vendor");
    const product = await createProduct(vendor.id, {
      name: `Rental-only Coat ${next()}`,
      rentalPrice: 2000,
      buyingPrice: 16000,
    });
    const requestId = await priceRequest(product.id, vendor.id, await store(), 1500, 16000);
    const html = (await (await vendor.browser.fetch("/vendor?tab=notifications")).text()).replace(/<!-- -->/g, "");
    const card = html.split('data-testid="price-request"').find((c) => c.includes(requestId))!;
    expect(card).toContain('£15.00 <span class="text-xs text-stone-600">(now £20.00)</span>');
    expect(card).toContain('£160.00 <span class="text-xs text-stone-600">(unchanged)</span>');
    // £15 for a week of a £160 item is 9.3% (rounded down), below the fair 12–15%: the seller reads it before accepting.
    expect(card).toContain("Suggested rental price: </span>9.3% · Too Low (fair 12–15%)");
  });

  it("Accept sets both prices and stamps the request; a second answer changes nothing", async () => {
    const { vendor, product, requestId } = await setup();
    const { location, html } = await follow(
      vendor.browser,
      await vendor.browser.post("/vendor?tab=notifications", { intent: "accept_price", requestId }),
    );
    expect(location).toBe("/vendor?tab=notifications");
    expect(html).toContain("Request Accepted");
    expect(html).toContain("Price change request has been accepted");
    expect(await one("SELECT rental_price, buying_price, price FROM products WHERE id = ?", product.id)).toEqual({
      rental_price: 3100,
      buying_price: 15500,
      price: 15500,
    });
    const stamped = await one<{ status: string; reviewed_by: string; reviewed_at: number }>(
      "SELECT status, reviewed_by, reviewed_at FROM price_change_requests WHERE id = ?",
      requestId,
    );
    expect(stamped).toMatchObject({ status: "accepted", reviewed_by: vendor.id });
    expect(stamped!.reviewed_at).toBeGreaterThan(Date.now() - 60_000);

    const before = await databaseFingerprint();
    const again = await vendor.browser.post("/vendor?tab=notifications", { intent: "reject_price", requestId });
    expect(again.status).toBe(404);
    expect(await again.text()).toContain("Failed to reject the request.");
    expect(await databaseFingerprint()).toBe(before);
  });

  it("Reject stamps the request and leaves the prices", async () => {
    const { vendor, product, requestId } = await setup();
    const { html } = await follow(
      vendor.browser,
      await vendor.browser.post("/vendor?tab=notifications", { intent: "reject_price", requestId }),
    );
    expect(html).toContain("Request Rejected");
    expect(html).toContain("Price change request has been rejected");
    expect(await one("SELECT rental_price, buying_price FROM products WHERE id = ?", product.id)).toEqual({
      rental_price: 2000,
      buying_price: 16000,
    });
    expect(await one("SELECT status, reviewed_by FROM price_change_requests WHERE id = ?", requestId)).toEqual({
      status: "rejected",
      reviewed_by: vendor.id,
    });
  });

  it("another owner's request is refused and nothing changes", async () => {
    const { requestId } = await setup();
    for (const actor of ["otherVendor", "admin"] as const) {
      const other = await signedInBrowser(actor);
      const before = await databaseFingerprint();
      const response = await other.browser.post("/vendor?tab=notifications", { intent: "accept_price", requestId });
      expect(response.status).toBe(404);
      expect(await response.text()).toContain("Failed to accept the request.");
      expect(await databaseFingerprint()).toBe(before);
    }
  });

  it("Accept is atomic: when the price update fails, the request stays pending", async () => {
    const { vendor, product, requestId } = await setup();
    const trigger = `fail_price_${tag}`;
    await env.DB.prepare(
      `CREATE TRIGGER ${trigger} BEFORE UPDATE OF rental_price ON products WHEN NEW.id = '${product.id}' BEGIN SELECT RAISE(ABORT, 'forced failure'); END`,
    ).run();
    try {
      const response = await vendor.browser.post("/vendor?tab=notifications", { intent: "accept_price", requestId });
      expect(response.status).toBe(500);
      expect(await response.text()).toContain("Failed to accept the request.");
    } finally {
      await env.DB.prepare(`DROP TRIGGER ${trigger}`).run();
    }
    expect(
      await one("SELECT status, reviewed_at, reviewed_by FROM price_change_requests WHERE id = ?", requestId),
    ).toEqual({ status: "pending", reviewed_at: null, reviewed_by: null });
    expect(await one("SELECT rental_price, buying_price FROM products WHERE id = ?", product.id)).toEqual({
      rental_price: 2000,
      buying_price: 16000,
    });
  });
});
