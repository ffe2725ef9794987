import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { changeOrderItem } from "../../app/services/order-lifecycle.server";
import { signedInBrowser } from "./actors";
import { createProduct, createUser, eventually } from "./factories";
import { DAY, postBack } from "./orders";
import {
  services,
  nextIp,
  runJob,
  concierge,
  rental,
  itemRow,
  outbox,
  paymentsOf,
  transactionsOf,
  orderAmounts,
} from "./lifecycle-fixtures";

// Issue 15: a shopper's own choices on a rental (Buy it now, Return it) and a concierge item's
// return, through the routes and services, the e-mails through the queue consumer; the jobs' side
// is lifecycle-rentals.test.ts. Every assertion is about this test's own records.

describe("a shopper's own choices", () => {
  it("Buy it now records the purchase, captures it, and tells the shopper and the owner; the daily job leaves it alone", async () => {
    const r = await rental(Date.now() - DAY);
    const page = `/account/orders/${r.orderId}`;
    expect((await r.shopper.browser.post(page, { intent: "buy_now", itemId: r.itemId })).status).toBe(302);
    expect((await r.shopper.browser.post(page, { intent: "buy_now", itemId: r.itemId })).status).toBe(302);
    expect(await itemRow(r.itemId)).toMatchObject({ status: "completed", rental_outcome: "bought" });
    const money = await transactionsOf(r.orderId);
    expect(money.map((t) => [t.type, t.gross, t.status])).toEqual([
      ["rental_fee", 1500, "completed"],
      ["rental_purchase", 12000, "completed"],
    ]);
    const { deliveryFee } = await orderAmounts(r.orderId);
    expect(
      (await paymentsOf(r.orderId)).filter((p) => p.operation === "capture").map((p) => [p.amount, p.status]),
    ).toEqual([
      [1500, "succeeded"],
      [deliveryFee, "succeeded"],
      [12000, "succeeded"],
    ]);
    await eventually(async () => (await outbox(r.shopper.email)).find((m) => m.kind === "rental_bought"));
    await eventually(async () => (await outbox(r.owner.email)).find((m) => m.kind === "owner_item_update"));
    await runJob("daily", Date.now() + 10 * DAY);
    expect(await itemRow(r.itemId)).toMatchObject({ status: "completed", rental_outcome: "bought" });
    expect((await transactionsOf(r.orderId)).map((t) => t.type)).toEqual(["rental_fee", "rental_purchase"]);
  });

  it("Return it sends the return instructions; the inspection puts the item back on sale and tells the shopper; nothing converts", async () => {
    const r = await rental(Date.now() - DAY);
    expect(
      (await r.shopper.browser.post(`/account/orders/${r.orderId}`, { intent: "request_return", itemId: r.itemId }))
        .status,
    ).toBe(302);
    const instructions = await eventually(async () =>
      (await outbox(r.shopper.email)).find((m) => m.kind === "return_instructions"),
    );
    expect(instructions.subject).toBe(
      `Return instructions for ${(await env.DB.prepare("SELECT name FROM products WHERE id = ?").bind(r.productId).first<{ name: string }>())!.name}`,
    );
    await runJob("daily", Date.now() + 10 * DAY);
    expect(await itemRow(r.itemId)).toMatchObject({ status: "return_requested" });
    const staff = await createUser();
    const inspected = await changeOrderItem(
      services(),
      r.itemId,
      { type: "inspect", outcome: "good" },
      { id: staff.id, role: "staff" },
      Date.now(),
    );
    expect(inspected).toMatchObject({ ok: true, changed: true });
    // Being prepared for its handler's turnaround before it is live again (decision 0080).
    expect(
      await env.DB.prepare("SELECT availability, prepared_until IS NOT NULL AS preparing FROM products WHERE id = ?")
        .bind(r.productId)
        .first(),
    ).toEqual({ availability: "rented", preparing: 1 });
    await eventually(async () => (await outbox(r.shopper.email)).find((m) => m.kind === "return_inspected"));
    expect((await transactionsOf(r.orderId)).map((t) => t.type)).toEqual(["rental_fee"]);
  });
});

describe("a concierge return", () => {
  it("is inspected by the store that handles it, on its dashboard, and goes back on sale; another store cannot", async () => {
    const storeOwner = await signedInBrowser("storeOwner", { ip: nextIp() });
    const other = await signedInBrowser("otherStoreOwner", { ip: nextIp() });
    await concierge((await createProduct((await createUser()).id)).id, other);
    const r = await rental(Date.now() - DAY, undefined, { concierge: true, storeOwner });
    // The store posts it; its owner is told it was rented (and is not asked to post it).
    const toldOwner = await eventually(async () =>
      (await outbox(r.owner.email)).find((m) => m.key.startsWith(`order_placed:${r.orderId}:concierge:`)),
    );
    expect(toldOwner).toMatchObject({ kind: "owner_item_update", subject: expect.stringMatching(/ was rented$/) });
    expect((await outbox(r.owner.email)).some((m) => m.kind === "order_to_send")).toBe(false);
    expect(
      (await r.shopper.browser.post(`/account/orders/${r.orderId}`, { intent: "request_return", itemId: r.itemId }))
        .status,
    ).toBe(302);
    const instructions = await eventually(async () =>
      (await outbox(r.shopper.email)).find((m) => m.kind === "return_instructions"),
    );
    expect(
      (await env.DB.prepare("SELECT body FROM notification_outbox WHERE message_key = ?")
        .bind(instructions.key)
        .first<{ body: string }>())!.body,
    ).toMatch(/Post it by [A-Z][a-z]+day \d+ [A-Z][a-z]+ to:\nJobs Store/);
    // The store it goes to is told it is coming, and when it is to be posted (decision 0068).
    const coming = await eventually(async () =>
      (await outbox(r.store!.email)).find((m) => m.kind === "handler_return_coming"),
    );
    expect(coming.subject).toMatch(/ is coming back to you$/);
    expect(
      (await env.DB.prepare("SELECT body FROM notification_outbox WHERE message_key = ?")
        .bind(coming.key)
        .first<{ body: string }>())!.body,
    ).toMatch(
      /They post it by [A-Z][a-z]+day \d+ [A-Z][a-z]+ to your store, with the order reference #[0-9A-HJKMNP-TV-Z]{8};/,
    );

    // Not posted yet: nothing has arrived, so there is nothing to record, and recording is refused (issue 46 item 4).
    const inspectForm = `name="itemId" value="${r.itemId}"`;
    const waiting = await (await storeOwner.browser.fetch("/store?tab=orders")).text();
    expect(waiting).toContain("Not posted yet: the shopper has not added a tracking number.");
    expect(waiting).not.toContain(inspectForm);
    const early = await storeOwner.browser.post("/store", { intent: "inspect", itemId: r.itemId, condition: "good" });
    expect(early.status).toBe(409);
    expect(await early.text()).toContain("This return has not been posted yet");
    expect(await itemRow(r.itemId)).toMatchObject({ status: "return_requested" });

    await postBack(r.shopper.browser, r.orderId, r.itemId);
    // Posted: the store's Orders tab offers the inspection forms for the item (the hidden itemId of its form).
    const dashboard = await (await storeOwner.browser.fetch("/store?tab=orders")).text();
    expect(dashboard).toContain("Good: back on sale");
    expect(dashboard).toContain(inspectForm);
    expect(dashboard).not.toContain("Not posted yet");
    // No outcome is chosen for the handler: the button alone puts nothing back on sale (decision 0067).
    expect(dashboard).not.toMatch(/<input type="radio"[^>]*name="outcome"[^>]*checked/);
    expect(await (await other.browser.fetch("/store?tab=orders")).text()).not.toContain(inspectForm);
    const refused = await other.browser.post("/store", { intent: "inspect", itemId: r.itemId, condition: "good" });
    expect(refused.status).toBe(404);
    expect(await itemRow(r.itemId)).toMatchObject({ status: "return_requested" });

    const response = await storeOwner.browser.post("/store", {
      intent: "inspect",
      itemId: r.itemId,
      condition: "good",
    });
    expect(response.status).toBe(302);
    expect(await itemRow(r.itemId)).toMatchObject({ status: "returned", rental_outcome: "returned" });
    // Being prepared for the store's turnaround before it is live again (decision 0080).
    expect(
      await env.DB.prepare("SELECT availability, prepared_until IS NOT NULL AS preparing FROM products WHERE id = ?")
        .bind(r.productId)
        .first(),
    ).toEqual({ availability: "rented", preparing: 1 });
    const who = await env.DB.prepare(
      "SELECT actor_id, actor_role FROM order_status_history WHERE order_item_id = ? AND to_status = 'returned'",
    )
      .bind(r.itemId)
      .all();
    expect(who.results).toEqual([{ actor_id: storeOwner.id, actor_role: "store" }]);
    await eventually(async () => (await outbox(r.shopper.email)).find((m) => m.kind === "return_inspected"));
    expect(await (await storeOwner.browser.fetch("/store?tab=orders")).text()).not.toContain(inspectForm);
  });
});
