import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { database } from "../../app/data/db.server";
import { appConfig } from "../../app/env.server";
import { tellConciergeRequest, tellPriceAnswered } from "../../app/services/notices.server";
import { signedInBrowser } from "./actors";
import { calculatedPayout } from "./admin-data";
import { createProduct, createUser, eventually } from "./factories";
import { Browser } from "./http";

// Each event of issue 23 reaches the party it concerns, once: a notification row for an account
// (and its e-mail by preference), the e-mail alone for someone without one.

const app = () => ({ env, db: database(env.DB), config: appConfig(env) });
const noticeOf = (userId: string, kind: string) =>
  eventually(() =>
    env.DB.prepare("SELECT title, body, link FROM notifications WHERE user_id = ? AND kind = ?")
      .bind(userId, kind)
      .first<{ title: string; body: string; link: string }>(),
  );
const count = async (sql: string, ...binds: unknown[]) =>
  (await env.DB.prepare(sql)
    .bind(...binds)
    .first<{ n: number }>())!.n;

async function storeWithOwner() {
  const owner = await signedInBrowser("storeOwner");
  const storeId = `store_n_${crypto.randomUUID().slice(0, 8)}`;
  await env.DB.prepare(
    "INSERT INTO stores (id, name, description, owner_id, contact_email, created_at) VALUES (?, 'Notice Rails', 'Rails.', ?, ?, ?)",
  )
    .bind(storeId, owner.id, owner.email, Date.now())
    .run();
  return { owner, storeId };
}

describe("the events, each to the party it concerns", () => {
  it("a store request: the applicant is thanked by e-mail, the admins are told it waits", async () => {
    const email = `applicant-${crypto.randomUUID().slice(0, 8)}@example.test`;
    const admin = await signedInBrowser("admin");
    const sent = await new Browser().post("/auth", {
      intent: "store_request",
      contactName: "Jo",
      storeName: "Jo's Rails",
      storeAddress: "1 High St",
      storeWebsite: "",
      contactEmail: email,
    });
    expect(sent.status).toBe(302);
    await eventually(() =>
      env.DB.prepare("SELECT id FROM notification_outbox WHERE recipient = ? AND kind = 'store_request_received'")
        .bind(email)
        .first(),
    );
    expect((await noticeOf(admin.id, "store_request_waiting")).title).toBe("Jo's Rails asks to become a partner store");
  });

  it("a concierge request to the store, and the store's answer (with its reason) to the seller", async () => {
    const { owner, storeId } = await storeWithOwner();
    const seller = await signedInBrowser("vendor");
    const product = await createProduct(seller.id, { productStatus: "pending" });
    await env.DB.prepare("UPDATE products SET store_id = ?, concierge_status = 'pending' WHERE id = ?")
      .bind(storeId, product.id)
      .run();
    await tellConciergeRequest(app(), product.id);
    expect((await noticeOf(owner.id, "concierge_request")).link).toBe("/store?tab=requests");
    // The seller by the name the store's dashboard shows (decision 0068).
    const shown = `Rails${seller.id.slice(-6)}`;
    await env.DB.prepare("UPDATE users SET display_name = ? WHERE id = ?").bind(shown, seller.id).run();
    await tellConciergeRequest(app(), product.id, Date.now());
    await eventually(() =>
      env.DB.prepare(
        "SELECT id FROM notifications WHERE user_id = ? AND kind = 'concierge_request' AND instr(body, ?) > 0",
      )
        .bind(owner.id, `${shown} asks Notice Rails to look after`)
        .first(),
    );
    await owner.browser.post("/store?tab=requests", {
      intent: "reject_request",
      productId: product.id,
      reason: "We do not take coats this season.",
    });
    const told = await noticeOf(seller.id, "concierge_decided");
    expect(told.title).toBe(`Notice Rails will not manage ${product.name}`);
    expect(told.body).toContain("Their reason: We do not take coats this season.");
  });

  it("the owner's answer to a price request goes to the store", async () => {
    const { owner, storeId } = await storeWithOwner();
    const seller = await createUser();
    const product = await createProduct(seller.id);
    const requestId = `pcr_${crypto.randomUUID()}`;
    await env.DB.prepare(
      "INSERT INTO price_change_requests (id, product_id, store_id, owner_id, suggested_rental_price, suggested_buying_price, reason, status, created_at) VALUES (?, ?, ?, ?, 1200, 9000, 'Too high', 'accepted', ?)",
    )
      .bind(requestId, product.id, storeId, seller.id, Date.now())
      .run();
    await tellPriceAnswered(app(), requestId, "accepted");
    expect((await noticeOf(owner.id, "price_change_answered")).title).toBe(
      `The owner accepted your new price for ${product.name}`,
    );
  });

  it("a payout marked paid goes to its payee, once", async () => {
    const payout = await calculatedPayout();
    const superadmin = await signedInBrowser("superadmin");
    await superadmin.browser.post("/admin/financial", { intent: "markPaid", payoutId: payout.id });
    expect((await noticeOf(payout.ownerId, "payout_paid")).title).toBe("Your payout of £81.00 is paid");
    await superadmin.browser.post("/admin/financial", { intent: "markPaid", payoutId: payout.id });
    expect(
      await count("SELECT count(*) AS n FROM notifications WHERE user_id = ? AND kind = 'payout_paid'", payout.ownerId),
    ).toBe(1);
  });

  it("a brand suggestion's outcome goes to the seller who made it, with the reason", async () => {
    const seller = await createUser();
    const id = `suggestion_${crypto.randomUUID().slice(0, 8)}`;
    await env.DB.prepare(
      "INSERT INTO brand_suggestions (id, suggested_name, suggested_by, status, created_at) VALUES (?, 'Nopebrand', ?, 'pending', ?)",
    )
      .bind(id, seller.id, Date.now())
      .run();
    const admin = await signedInBrowser("admin");
    await admin.browser.post("/admin/brand-review", {
      intent: "reject",
      suggestionId: id,
      reason: "Not a fashion label.",
    });
    const told = await noticeOf(seller.id, "brand_suggestion_decided");
    expect(told.title).toBe("Your brand suggestion Nopebrand was rejected");
    expect(told.body).toContain("Our reason: Not a fashion label.");
  });
});
