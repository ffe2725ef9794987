import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import { appConfig } from "../../app/env.server";
import { databaseFingerprint, eventually, outboxQuiet } from "./factories";
import { as, first, page, toastAfter, storeOwner, conciergeProduct } from "./store-helpers";

// The store-side product edit (issue 12 items 2–5; decisions 0029, 0030): what a store owner may
// change on a concierge product, and what they may not.

vi.setConfig({ testTimeout: 30_000 });

describe("the store-side product edit", () => {
  it("updates the store's status; without a change the server answers 'No change'; a status outside the three is refused", async () => {
    const store = await storeOwner();
    const product = await conciergeProduct(store.storeId);
    const edit = await page(store.browser, `/store/product/${product.id}/edit`);
    for (const text of [
      "Edit Product",
      "Product Information",
      "Product Status",
      "Request Price Change",
      'href="/store"',
    ])
      expect(edit.html).toContain(text);

    // The first test of its file: the previous file's last e-mails may still be on their way.
    await outboxQuiet();
    const before = await databaseFingerprint();
    const same = await store.browser.post(`/store/product/${product.id}/edit`, {
      intent: "update_status",
      status: "pending",
    });
    expect(same.status).toBe(400);
    expect(await same.text()).toContain("No change");
    const odd = await store.browser.post(`/store/product/${product.id}/edit`, {
      intent: "update_status",
      status: "live",
    });
    expect(odd.status).toBe(400);
    expect(await databaseFingerprint()).toBe(before);

    const approved = await store.browser.post(`/store/product/${product.id}/edit`, {
      intent: "update_status",
      status: "approved",
    });
    expect(await toastAfter(store.browser, approved)).toBe("Success / Product status updated to approved");
    expect(await first("SELECT status, concierge_status FROM products WHERE id = ?", product.id)).toEqual({
      status: "approved",
      concierge_status: "yes",
    });
    // Letting it go needs a reason, which the seller is shown (issue 24, item 8).
    const unexplained = await store.browser.post(`/store/product/${product.id}/edit`, {
      intent: "update_status",
      status: "rejected",
      reason: " ",
    });
    expect(unexplained.status).toBe(400);
    expect(await unexplained.text()).toContain("Please give a reason (at least 5 characters): the person is shown it.");
    expect(await first("SELECT status FROM products WHERE id = ?", product.id)).toEqual({ status: "approved" });
    const rejected = await store.browser.post(`/store/product/${product.id}/edit`, {
      intent: "update_status",
      status: "rejected",
      reason: "We no longer stock this brand.",
    });
    expect(rejected.headers.get("location")).toBe("/store?tab=products");
    expect(
      await first("SELECT status, concierge_status, store_id, rejection_reason FROM products WHERE id = ?", product.id),
    ).toEqual({
      status: "rejected",
      concierge_status: "no",
      store_id: null,
      rejection_reason: "We no longer stock this brand.",
    });
    expect((await page(store.browser, `/store/product/${product.id}/edit`)).status).toBe(404);
  });

  it.each([
    [
      "a reason of only spaces",
      { suggestedRentalPrice: "10", suggestedBuyingPrice: "", reason: "   " },
      "Please provide a reason for the price change request.",
    ],
    [
      "a negative price",
      { suggestedRentalPrice: "-5", suggestedBuyingPrice: "", reason: "Too high" },
      "Please enter a price greater than 0",
    ],
    [
      "a non-numeric price",
      { suggestedRentalPrice: "", suggestedBuyingPrice: "ten pounds", reason: "Too high" },
      "Please enter a price greater than 0",
    ],
    [
      "a zero price",
      { suggestedRentalPrice: "0", suggestedBuyingPrice: "", reason: "Too high" },
      "Please enter a price greater than 0",
    ],
    [
      "three decimals",
      { suggestedRentalPrice: "10.005", suggestedBuyingPrice: "", reason: "Too high" },
      "Please enter a price greater than 0",
    ],
  ])("refuses a price change with %s, nothing written", async (_label, fields, message) => {
    const store = await storeOwner();
    const product = await conciergeProduct(store.storeId);
    const before = await databaseFingerprint();
    const response = await store.browser.post(`/store/product/${product.id}/edit`, {
      intent: "request_price",
      ...fields,
    });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain(message);
    expect(await databaseFingerprint()).toBe(before);
  });

  it("requests a price change (blank = current), e-mails the owner, who accepts it on /vendor", async () => {
    const store = await storeOwner();
    const vendor = await as("vendor");
    const product = await conciergeProduct(store.storeId, vendor.id);
    const response = await store.browser.post(`/store/product/${product.id}/edit`, {
      intent: "request_price",
      suggestedRentalPrice: "12.50",
      suggestedBuyingPrice: "",
      reason: "  Similar coats rent for less.  ",
    });
    expect(await toastAfter(store.browser, response)).toBe(
      "Price change requested / The owner will accept or reject it on their dashboard.",
    );
    const request = await first<{ id: string }>(
      "SELECT id, owner_id, store_id, suggested_rental_price, suggested_buying_price, reason, status FROM price_change_requests WHERE product_id = ?",
      product.id,
    );
    expect(request).toMatchObject({
      owner_id: vendor.id,
      store_id: store.storeId,
      suggested_rental_price: 1250,
      suggested_buying_price: 12000,
      reason: "Similar coats rent for less.",
      status: "pending",
    });
    const mail = await eventually(() =>
      first<{ subject: string; body: string; payload: string }>(
        "SELECT subject, body, payload FROM notification_outbox WHERE recipient = ? AND kind = 'price_change_requested'",
        vendor.email,
      ),
    );
    expect(mail.subject).toBe(`${store.name} suggests a new price for ${product.name}`);
    expect(mail.body).toContain("£12.50");
    // One link, the notice's own, on the site's address: not the address the store happened to visit (decision 0068).
    expect(mail.body).not.toMatch(/https?:\/\//);
    expect(JSON.parse(mail.payload).cta).toEqual({
      label: "Answer the request",
      url: `${appConfig(env).siteUrl}/vendor?tab=notifications`,
    });

    // One suggestion waits at a time (decision 0067): the page says so, and a second is refused.
    expect((await page(store.browser, `/store/product/${product.id}/edit`)).html.replace(/<!-- -->/g, "")).toContain(
      "Your last suggestion for this item still waits for the owner's answer. You suggested £12.50 for 7 days and £120.00 to buy (unchanged) on",
    );
    const again = await store.browser.post(`/store/product/${product.id}/edit`, {
      intent: "request_price",
      suggestedRentalPrice: "11",
      suggestedBuyingPrice: "",
      reason: "A second thought on it.",
    });
    expect(again.status).toBe(409);
    expect(await again.text()).toContain("Price change already requested");
    expect(await first("SELECT count(*) AS n FROM price_change_requests WHERE product_id = ?", product.id)).toEqual({
      n: 1,
    });

    const notifications = await page(vendor.browser, "/vendor?tab=notifications");
    expect(notifications.html).toContain("Similar coats rent for less.");
    const notice = await eventually(() =>
      first<{ read_at: number | null }>(
        "SELECT read_at FROM notifications WHERE user_id = ? AND event_key = ?",
        vendor.id,
        `price_change_requested:${request!.id}`,
      ),
    );
    expect(notice.read_at).toBeNull();
    const accepted = await vendor.browser.post("/vendor?tab=notifications", {
      intent: "accept_price",
      requestId: request!.id,
    });
    expect(await toastAfter(vendor.browser, accepted)).toBe(
      "Request Accepted / Price change request has been accepted",
    );
    expect(await first("SELECT rental_price, buying_price FROM products WHERE id = ?", product.id)).toEqual({
      rental_price: 1250,
      buying_price: 12000,
    });
    // Answered on the dashboard, its notice is read (decision 0067).
    expect(
      (await first<{ read_at: number | null }>(
        "SELECT read_at FROM notifications WHERE user_id = ? AND event_key = ?",
        vendor.id,
        `price_change_requested:${request!.id}`,
      ))!.read_at,
    ).not.toBeNull();
    // Answered, the store may suggest again.
    expect((await page(store.browser, `/store/product/${product.id}/edit`)).html).toContain(
      'aria-label="Request price change"',
    );
  });
});
