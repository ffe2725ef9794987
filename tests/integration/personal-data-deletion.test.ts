import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { DELETED_OWNER_ID, USER_REFERENCES } from "../../app/data/personal-data.server";
import { PASSWORD } from "./actors";
import { createProduct, createUser, databaseFingerprint, eventually } from "./factories";
import { Browser } from "./http";
import { deliver, placeOrder } from "./orders";
import {
  member,
  scalar,
  userForeignKeys,
  subjectWithEverything,
  rowsNaming,
  nextIpSeq,
} from "./personal-data-fixtures";

// The account's deletion (issue 13; seller-store-admin.md §4, §7; docs/decisions/0028-account-deletion.md).
// The schema's own foreign keys say which columns point at a user: every one of them must be
// cleared by deletion (and exported, personal-data-export.test.ts).

describe("Delete my account", () => {
  it("deletes every row and image of the user in one go, keeps financial records de-identified, ends every session and signs out", async () => {
    const s = await subjectWithEverything();
    const elsewhere = new Browser(`10.79.9.${nextIpSeq() % 250}`);
    await elsewhere.signIn(s.email, PASSWORD);
    const otherOrder = await scalar("SELECT count(*) AS n FROM order_items WHERE order_id = 'order_m_other'");

    const response = await s.browser.post("/account?tab=profile", { intent: "delete_account", password: PASSWORD });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/");
    expect(
      response.headers.getSetCookie().some((c) => /^cl_session=;/.test(c) || /cl_session=[^;]*;.*Max-Age=0/i.test(c)),
    ).toBe(true);
    const home = await (await s.browser.fetch("/")).text();
    expect(home).toContain("Account Deleted");
    expect(home).toContain("Your account and all associated data have been permanently deleted.");
    expect(home).toContain('aria-label="Sign in"');
    expect((await elsewhere.fetch("/account")).headers.get("location")).toMatch(/^\/auth\?redirectTo=/);
    await expect(new Browser(`10.79.8.${nextIpSeq() % 250}`).signIn(s.email, PASSWORD)).rejects.toThrow(/401/);

    // The marketing tool is asked to erase their contact (decision 0068); the record of it names nobody.
    const erasure = await eventually(() =>
      env.DB.prepare("SELECT recipient, payload FROM notification_outbox WHERE message_key = ?")
        .bind(`account-deleted:${s.id}`)
        .first<{ recipient: string; payload: string }>(),
    );
    expect(JSON.parse(erasure.payload)).toMatchObject({
      action: "delete_contact",
      data: { email: "erased@closetloop.invalid" },
    });
    // No row anywhere holds their id or e-mail address.
    const { tables } = await userForeignKeys();
    expect(await rowsNaming(tables, s.id, s.email)).toEqual([]);
    for (const ref of USER_REFERENCES)
      expect(
        await scalar(`SELECT count(*) AS n FROM ${ref.table} WHERE ${ref.column} = ?`, s.id),
        `${ref.table}.${ref.column}`,
      ).toBe(0);
    // Other people's records the user touched stay, without the link.
    for (const id of [
      "m_bs_rev",
      "m_sr_rev",
      "m_pcr_rev",
      "m_hist",
      "m_item_inspected",
      "m_content",
      "m_media",
      "m_post",
      "m_payout_paid",
      "m_audit",
      "m_brand",
    ]) {
      const table = {
        m_bs_rev: "brand_suggestions",
        m_sr_rev: "store_requests",
        m_pcr_rev: "price_change_requests",
        m_hist: "order_status_history",
        m_item_inspected: "order_items",
        m_content: "site_content",
        m_media: "media_library",
        m_post: "blog_posts",
        m_payout_paid: "payouts",
        m_audit: "audit_log",
        m_brand: "brands",
      }[id]!;
      expect(await scalar(`SELECT count(*) AS n FROM ${table} WHERE id = ?`, id), id).toBe(1);
    }
    expect(
      await scalar("SELECT count(*) AS n FROM user_roles WHERE user_id = ? AND assigned_by IS NULL", s.other.id),
    ).toBe(1);
    // Financial records keep their amounts.
    expect(
      await env.DB.prepare(
        "SELECT owner_id, gross_amount, net_amount, product_id FROM transactions WHERE id = 'm_txn'",
      ).first(),
    ).toEqual({ owner_id: null, gross_amount: 7000, net_amount: 6300, product_id: "m_prod_sold" });
    expect(
      await env.DB.prepare(
        "SELECT recipient_id LIKE 'deleted_%' AS pseudonymous, total_amount FROM payouts WHERE id = 'm_payout_owner'",
      ).first(),
    ).toEqual({ pseudonymous: 1, total_amount: 7000 });
    expect(
      await env.DB.prepare(
        "SELECT detail, target_id LIKE 'deleted_%' AS pseudonymous FROM audit_log WHERE id = 'm_audit_target'",
      ).first(),
    ).toEqual({ detail: "{}", pseudonymous: 1 });
    // The product someone else bought stays for their order's sake, stripped and owned by no one real.
    expect(
      await env.DB.prepare(
        "SELECT owner_id, images, product_status, description FROM products WHERE id = 'm_prod_sold'",
      ).first(),
    ).toEqual({ owner_id: DELETED_OWNER_ID, images: "[]", product_status: "archived", description: null });
    expect(await scalar("SELECT count(*) AS n FROM products WHERE id = 'm_prod_own'")).toBe(0);
    expect(await scalar("SELECT count(*) AS n FROM order_items WHERE order_id = 'order_m_other'")).toBe(otherOrder);
    expect(await env.DB.prepare("SELECT seller_id FROM order_items WHERE id = 'm_item_sold'").first()).toEqual({
      seller_id: null,
    });
    // Their store is gone: the concierge product it managed is the other seller's alone again.
    expect(
      await env.DB.prepare("SELECT store_id, concierge_status FROM products WHERE id = 'm_prod_other'").first(),
    ).toEqual({ store_id: null, concierge_status: "no" });
    // Images: theirs are gone, other people's stay.
    const left = (await env.IMAGES.list()).objects.map((o) => o.key);
    expect(left.filter((k) => k.includes(s.id) || k.includes("m_store_own"))).toEqual([]);
    expect(left).toContain(`products/${s.other.id}/m_prod_other_1_0.png`);
    expect(left).toContain(`variants/400/products/${s.other.id}/m_prod_other_1_0.png.webp`);
    // The other user is untouched.
    expect(await scalar("SELECT count(*) AS n FROM users WHERE id = ?", s.other.id)).toBe(1);
  });

  it("is refused with a clear message while an order of theirs is in flight, and deletes nothing", async () => {
    const shopper = await member("shopper");
    const owner = await createUser();
    const coat = await createProduct(owner.id);
    const { reference } = await placeOrder(shopper, [{ productId: coat.id, option: "purchase" }]);
    const before = await databaseFingerprint();
    const response = await shopper.browser.post("/account?tab=profile", {
      intent: "delete_account",
      password: PASSWORD,
    });
    expect(response.status).toBe(409);
    const html = await response.text();
    expect(html).toContain("Deletion Failed");
    expect(html).toContain("Your account cannot be deleted while you have orders in progress");
    // Which ones, as My Orders names them (decision 0068).
    expect(html).toContain(`In progress: #${reference}.`);
    expect(await databaseFingerprint()).toBe(before);
    expect((await shopper.browser.fetch("/account")).status).toBe(200);
  });

  it("is refused while an item they sell is in someone's unfinished order (an active rental), and deletes nothing", async () => {
    const vendor = await member("vendor");
    const shopper = await member("shopper");
    const coat = await createProduct(vendor.id);
    const { orderId } = await placeOrder(shopper, [{ productId: coat.id, option: "rental" }]);
    await deliver(orderId);
    const before = await databaseFingerprint();
    const response = await vendor.browser.post("/account?tab=profile", {
      intent: "delete_account",
      password: PASSWORD,
    });
    expect(response.status).toBe(409);
    expect(await response.text()).toContain(
      "Your account cannot be deleted while items you sell are in orders that are not finished",
    );
    expect(await databaseFingerprint()).toBe(before);
  });

  it.each([
    ["no password", "", "Please enter your password to confirm"],
    ["a wrong password", "not-my-password", "Password is incorrect"],
  ])("asks for the password: %s is refused and nothing is deleted", async (_label, password, message) => {
    const user = await member("shopper");
    const before = await databaseFingerprint();
    const response = await user.browser.post("/account?tab=profile", { intent: "delete_account", password });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain(message);
    expect(await databaseFingerprint()).toBe(before);
  });

  it("deletes a shopper whose orders are all finished; their completed orders go, the seller's sale record stays", async () => {
    const shopper = await member("shopper");
    const owner = await createUser();
    const coat = await createProduct(owner.id, { buyingPrice: 9000 });
    const { orderId } = await placeOrder(shopper, [{ productId: coat.id, option: "purchase" }]);
    await deliver(orderId);
    const response = await shopper.browser.post("/account?tab=profile", {
      intent: "delete_account",
      password: PASSWORD,
    });
    expect(response.headers.get("location")).toBe("/");
    expect(await scalar("SELECT count(*) AS n FROM orders WHERE id = ?", orderId)).toBe(0);
    expect(
      await env.DB.prepare("SELECT order_id, owner_id, gross_amount FROM transactions WHERE product_id = ?")
        .bind(coat.id)
        .first(),
    ).toEqual({ order_id: null, owner_id: owner.id, gross_amount: 9000 });
  });
});
