import { formatGBP } from "../../app/domain/money";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { database } from "../../app/data/db.server";
import { UNLINKED_USER_DATA, USER_REFERENCES } from "../../app/data/personal-data.server";
import { appConfig } from "../../app/env.server";
import { staffSetOrderStatus } from "../../app/services/order-lifecycle.server";
import { localFailKey } from "../../app/services/payments-local.server";
import { captureDue } from "../../app/services/payments.server";
import { createProduct, createUser, databaseFingerprint } from "./factories";
import { Browser } from "./http";
import { placeOrder } from "./orders";
import { member, userForeignKeys, at, FIXTURES, subjectWithEverything } from "./personal-data-fixtures";

// The data export (issue 13; seller-store-admin.md §3, §7). The schema's own foreign keys say
// which columns point at a user: every one of them must be exported (and cleared by deletion,
// personal-data-deletion.test.ts).

describe("every column that names a user", () => {
  it("is covered: the schema's foreign keys to users are exactly the ones export and deletion handle", async () => {
    const { found } = await userForeignKeys();
    expect(USER_REFERENCES.map((r) => `${r.table}.${r.column}`).sort()).toEqual(found);
  });

  it("has a fixture here, so the test below puts a row in it", () => {
    const covered = [...USER_REFERENCES, ...UNLINKED_USER_DATA].map((r) => `${r.table}.${r.column}`).sort();
    expect(Object.keys(FIXTURES).sort()).toEqual(covered);
  });
});

describe("Export my data", () => {
  it("downloads closetloop-data-YYYY-MM-DD.json, indented by 2, with every row that names the user and none of their secrets; it writes nothing", async () => {
    const s = await subjectWithEverything();
    const before = await databaseFingerprint();
    const response = await s.browser.post("/account/export", {});
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(response.headers.get("content-disposition")).toBe(
      `attachment; filename="closetloop-data-${new Date().toISOString().slice(0, 10)}.json"`,
    );
    expect(response.headers.get("cache-control")).toContain("no-store");
    const text = await response.text();
    expect(text.startsWith('{\n  "exported_at": "')).toBe(true);
    expect(text).not.toMatch(/password_hash|password_salt|token_hash|m_token/);
    const file = JSON.parse(text);
    for (const key of [
      "profile",
      "products",
      "orders",
      "cart_items",
      "favorites",
      "reviews",
      "exported_at",
      "data_subject_rights",
      "roles",
      "stores",
      "store_requests",
      "brand_suggestions",
      "price_change_requests",
      "sessions",
      "newsletter",
      "transactions",
      "payouts",
    ]) {
      expect(file, key).toHaveProperty(key);
    }
    expect(file.profile).toMatchObject({ id: s.id, email: s.email });
    expect(file.data_subject_rights).toMatchObject({
      access: expect.any(String),
      portability: expect.any(String),
      contact: "privacy@closetloop.co.uk",
    });
    expect(file.orders[0]).toMatchObject({
      id: "order_m_own",
      items: [
        {
          id: "m_item_own",
          name: "Bought by the subject",
          return_carrier: "evri",
          return_tracking_number: "RET987654321",
        },
      ],
      billing_address: { city: "Marker Town" },
    });
    expect(file.newsletter).toEqual({ subscribed: true, subscribed_at: expect.any(String) });
    expect(file.sessions.length).toBeGreaterThanOrEqual(1);
    expect(file.sessions[0]).toEqual({ signed_in_at: expect.any(String), last_active_at: expect.any(String) });

    const shown = [...USER_REFERENCES, ...UNLINKED_USER_DATA].filter((r) => r.exportedAs !== null);
    for (const ref of shown) {
      const { marker } = FIXTURES[`${ref.table}.${ref.column}`]!(s, 0);
      expect(JSON.stringify(at(file, ref.exportedAs!)), `${ref.table}.${ref.column} in ${ref.exportedAs}`).toContain(
        marker,
      );
    }
    expect(await databaseFingerprint()).toBe(before);
  });

  it("lists the payment calls of the shopper's own orders, failed attempts included, without the provider's details, and never another shopper's", async () => {
    const services = { env, config: appConfig(env), db: database(env.DB) };
    const staff = await createUser();
    const coat = await createProduct((await createUser()).id, { buyingPrice: 6500 });
    const bag = await createProduct((await createUser()).id, { buyingPrice: 3100 });
    const ada = await member("shopper");
    const bob = await member("shopper");
    const mine = await placeOrder(ada, [{ productId: coat.id, option: "purchase" }]);
    const theirs = await placeOrder(bob, [{ productId: bag.id, option: "purchase" }]);
    const amounts = (orderId: string) =>
      env.DB.prepare("SELECT delivery_fee AS fee, total_amount AS total FROM orders WHERE id = ?")
        .bind(orderId)
        .first<{ fee: number; total: number }>()
        .then((r) => r!);
    const { fee, total } = await amounts(mine.orderId);

    // Ada's order: delivered while the provider refuses captures, then retried (as the daily job does, for this order only).
    await env.CACHE.put(localFailKey(mine.orderId), "capture");
    await staffSetOrderStatus(services, mine.orderId, "delivered", staff.id, Date.now());
    await env.CACHE.delete(localFailKey(mine.orderId));
    expect(await captureDue(services, Date.now() + 60_000, mine.orderId)).toEqual({ captured: 2, failed: 0 });
    // Bob's order: cancelled, its authorization given back.
    await staffSetOrderStatus(services, theirs.orderId, "cancelled", staff.id, Date.now());

    const exported = async (who: typeof ada) => {
      const response = await who.browser.post("/account/export", {});
      expect(response.status).toBe(200);
      const text = await response.text();
      return { text, file: JSON.parse(text) as { orders: { id: string; payments: Record<string, unknown>[] }[] } };
    };
    const call = (
      orderId: string,
      operation: string,
      chargeFor: string,
      amount: number,
      status: string,
      orderItemId: string | null = null,
    ) => ({
      // Amounts as a person reads them, with their currency (issue 46 item 4), not bare pence.
      order_id: orderId,
      operation,
      charge_for: chargeFor,
      order_item_id: orderItemId,
      amount: formatGBP(amount),
      currency: "GBP",
      status,
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/),
    });
    const saleLine = mine.items[0]!.id;
    const adas = await exported(ada);
    expect(adas.file.orders.map((o) => o.id)).toEqual([mine.orderId]);
    expect(adas.file.orders[0]).toMatchObject({
      reference: expect.stringMatching(/^[0-9A-HJKMNP-TV-Z]{8}$/),
      total_amount: formatGBP(total),
      delivery_fee: formatGBP(fee),
      currency: "GBP",
    });
    expect(adas.text).not.toMatch(/"(price|amount|total_amount|delivery_fee)": \d/);
    expect(adas.file.orders[0]!.payments).toEqual([
      call(mine.orderId, "authorize", "order_total", total, "succeeded"),
      call(mine.orderId, "capture", "sale", 6500, "failed", saleLine),
      call(mine.orderId, "capture", "delivery_fee", fee, "failed"),
      call(mine.orderId, "capture", "sale", 6500, "succeeded", saleLine),
      call(mine.orderId, "capture", "delivery_fee", fee, "succeeded"),
    ]);
    // Nothing of Bob's, and nothing that is the provider's or the platform's (references, errors, payment idempotency keys).
    expect(adas.text).not.toContain(theirs.orderId);
    for (const secret of [
      /local_(authorize|capture|refund)_/,
      /"provider/,
      /told to fail/,
      /(authorize|capture|refund):/,
    ])
      expect(adas.text.match(secret)?.[0] ?? null, String(secret)).toBeNull();

    const bobs = await exported(bob);
    const bobTotal = (await amounts(theirs.orderId)).total;
    expect(bobs.file.orders.map((o) => o.id)).toEqual([theirs.orderId]);
    expect(bobs.file.orders[0]!.payments).toEqual([
      call(theirs.orderId, "authorize", "order_total", bobTotal, "succeeded"),
      call(theirs.orderId, "refund", "order_total", bobTotal, "succeeded"),
    ]);
    expect(bobs.text).not.toContain(mine.orderId);
  });

  it("asks a visitor who is not signed in to sign in", async () => {
    const response = await new Browser().post("/account/export", {});
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toMatch(/^\/auth\?redirectTo=/);
  });
});
