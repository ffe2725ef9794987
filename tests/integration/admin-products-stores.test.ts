import { beforeEach, describe, expect, it, vi } from "vitest";
import { forgetPages } from "../../app/services/page-cache.server";
import { storeRequestRow } from "./admin-data";
import { createProduct, createUser, databaseFingerprint } from "./factories";
import { TAB_DENIED, first, as, toastAfter, anonymousPage } from "./admin-fixtures";
import { placeOrder } from "./orders";

// The admin Products and Stores tabs (issue 14; decision 0031): approving and rejecting pending
// products (live at once with the page cache on) and store requests. The store-account function
// has its own file (store-approval.test.ts).

// Each case signs several actors in (PBKDF2) and waits for the queue: more than the default 5 s on a busy machine.
vi.setConfig({ testTimeout: 30_000 });

describe("Products", () => {
  beforeEach(() => forgetPages());

  it("approving a pending product makes it live at once on /all-products, even with the page cache on", async () => {
    const owner = await createUser({ displayName: `paula-${Date.now().toString(36)}` });
    const tag = `Approvable${Date.now().toString(36)}`;
    const product = await createProduct(owner.id, { name: `${tag} Coat`, productStatus: "pending" });
    const listing = `/all-products?search=${tag}`;
    expect((await anonymousPage(listing)).text).not.toContain(`${tag} Coat`);
    expect((await anonymousPage(listing)).state).toBe("memory");

    const reviewer = await as("productReviewer");
    const list = await (await reviewer.browser.fetch(`/admin/products?q=${tag}`)).text();
    expect(list).toContain(owner.displayName);
    expect(list).toContain(owner.email);
    expect(list).toContain(`aria-label="Approve ${tag} Coat"`);
    // Not on the shop yet: View opens its details, not a public page that would be 'Product not found' (decision 0068).
    expect(list).toContain(`href="/vendor/product/${product.id}/edit"`);
    const response = await reviewer.browser.post("/admin/products", { intent: "approve", productId: product.id });
    expect(await toastAfter(reviewer.browser, response)).toBe("Product approved successfully");
    expect(
      await first("SELECT status, product_status, concierge_status FROM products WHERE id = ?", product.id),
    ).toEqual({ status: "approved", product_status: "live", concierge_status: "no" });
    expect(
      await first("SELECT actor_id, action FROM audit_log WHERE target_type = 'product' AND target_id = ?", product.id),
    ).toEqual({ actor_id: reviewer.id, action: "product.approve" });

    const after = await anonymousPage(listing);
    expect(after.state).toBe("miss");
    expect(after.text).toContain(`${tag} Coat`);
  });

  it("rejects a pending product with a reason the seller sees (rejected, archived); only pending ones, and never twice", async () => {
    const owner = await as("vendor");
    const product = await createProduct(owner.id, { productStatus: "pending" });
    const { browser } = await as("admin");
    const unchanged = await databaseFingerprint();
    for (const reason of [undefined, "", "  ", "dark"]) {
      const refused = await browser.post("/admin/products", {
        intent: "reject",
        productId: product.id,
        ...(reason === undefined ? {} : { reason }),
      });
      expect(refused.status).toBe(400);
      expect(await refused.text()).toContain("Please give a reason (at least 5 characters): the person is shown it.");
    }
    expect(await databaseFingerprint()).toBe(unchanged);
    // The refused page said it; the next page does not say it again (decision 0067).
    expect(await (await browser.fetch("/admin/products?status=approved")).text()).not.toContain("Please give a reason");
    const response = await browser.post("/admin/products", {
      intent: "reject",
      productId: product.id,
      reason: "The photos are too  dark to judge the condition.",
    });
    expect(await toastAfter(browser, response)).toBe("Product rejected successfully");
    expect(
      await first("SELECT status, product_status, rejection_reason FROM products WHERE id = ?", product.id),
    ).toEqual({
      status: "rejected",
      product_status: "archived",
      rejection_reason: "The photos are too dark to judge the condition.",
    });
    // The seller reads it, next to labelled badges, on their Products tab.
    const mine = (await (await owner.browser.fetch("/vendor?tab=products")).text()).replace(/<!-- -->/g, "");
    expect(mine).toContain("Review: rejected");
    expect(mine).toContain("Listing: archived");
    expect(mine).toContain("Reason: The photos are too dark to judge the condition.");
    const before = await databaseFingerprint();
    for (const intent of ["approve", "reject"]) {
      const again = await browser.post("/admin/products", {
        intent,
        productId: product.id,
        reason: "A second opinion",
      });
      expect(again.status).toBe(409);
      expect(await again.text()).toContain("Only pending products can be approved or rejected.");
    }
    expect((await browser.post("/admin/products", { intent: "approve", productId: "prod_missing" })).status).toBe(404);
    expect(await databaseFingerprint()).toBe(before);
  });

  it("a customer-support user posting a product approval is refused, nothing written", async () => {
    const owner = await createUser();
    const product = await createProduct(owner.id, { productStatus: "pending" });
    const { browser } = await as("customerSupport");
    const before = await databaseFingerprint();
    const response = await browser.post("/admin/products", { intent: "approve", productId: product.id });
    expect(response.status).toBe(403);
    expect(await response.text()).toContain(TAB_DENIED);
    expect(await databaseFingerprint()).toBe(before);
  });

  it("View opens the vendor edit route for a superadmin; the concierge column is derived", async () => {
    const owner = await createUser();
    const product = await createProduct(owner.id, { name: `Viewable ${Date.now()}` });
    const { browser } = await as("superadmin");
    const html = await (await browser.fetch(`/admin/products?q=${encodeURIComponent(product.name)}`)).text();
    expect(html).toContain(`href="/vendor/product/${product.id}/edit"`);
    expect(html).toContain("Concierge: no");
    expect(html).toContain("£15.00");
  });

  it("View opens the public page for a product reviewer, and a listing not on the shop yet its details (no dead end, decision 0068)", async () => {
    const owner = await createUser();
    const live = await createProduct(owner.id, { name: `Live Viewable ${Date.now()}` });
    const pending = await createProduct(owner.id, { name: `Pending Viewable ${Date.now()}`, productStatus: "pending" });
    const { browser } = await as("productReviewer");
    const html = await (await browser.fetch(`/admin/products?q=Viewable`)).text();
    expect(html).toContain(`href="/product/${live.id}"`);
    expect(html).toContain(`href="/vendor/product/${pending.id}/edit"`);
    expect((await browser.fetch(`/vendor/product/${pending.id}/edit`)).status).toBe(200);
  });
});

describe("Products ordered and not with their shopper yet", () => {
  it("say where the order stands, not 'Out on rental' (decision 0069)", async () => {
    const owner = await createUser();
    const tag = `Ordered${Date.now().toString(36)}`;
    const product = await createProduct(owner.id, { name: `${tag} Coat` });
    const buyer = await as("shopper");
    await placeOrder(buyer, [{ productId: product.id, option: "rental" }]);
    const { browser } = await as("admin");
    const row = (await (await browser.fetch(`/admin/products?q=${tag}`)).text()).replace(/<!-- -->/g, "");
    expect(row).toContain(">Ordered: to post<");
    expect(row).not.toContain(">Out on rental<");
  });
});

describe("Stores", () => {
  it("approves a store request from the tab (the account is made) and rejects another", async () => {
    const request = await storeRequestRow();
    const rejected = await storeRequestRow();
    const { browser, id } = await as("admin");
    const html = await (await browser.fetch("/admin/stores")).text();
    expect(html).toContain(request.storeName);
    const response = await browser.post("/admin/stores", { intent: "approve", requestId: request.id });
    expect(await toastAfter(browser, response)).toBe("Store request approved and store account created successfully");
    expect(
      await first(
        "SELECT s.name, u.email FROM stores s JOIN users u ON u.id = s.owner_id WHERE s.request_id = ?",
        request.id,
      ),
    ).toEqual({ name: request.storeName, email: request.email });
    const unexplained = await browser.post("/admin/stores", { intent: "reject", requestId: rejected.id });
    expect(unexplained.status).toBe(400);
    expect(await first("SELECT status FROM store_requests WHERE id = ?", rejected.id)).toEqual({ status: "pending" });
    const reject = await browser.post("/admin/stores", {
      intent: "reject",
      requestId: rejected.id,
      reason: "We already have a partner on that street.",
    });
    expect(await toastAfter(browser, reject)).toBe("Store request rejected");
    expect(
      await first("SELECT status, reviewed_by, rejection_reason FROM store_requests WHERE id = ?", rejected.id),
    ).toEqual({ status: "rejected", reviewed_by: id, rejection_reason: "We already have a partner on that street." });
    const again = await browser.post("/admin/stores", { intent: "approve", requestId: request.id });
    expect(again.status).toBe(409);
    expect(await again.text()).toContain("This store request was already approved.");
  });
});
