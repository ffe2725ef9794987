import { createExecutionContext, createMessageBatch, getQueueResult } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { changeOrderItem } from "../../app/services/order-lifecycle.server";
import worker from "../../workers/app";
import { signedInBrowser } from "./actors";
import { createProduct, createUser, eventually } from "./factories";
import { DAY } from "./orders";
import {
  services,
  HOUR,
  nextIp,
  runJob,
  rental,
  itemRow,
  outbox,
  paymentsOf,
  transactionsOf,
  orderAmounts,
  payout,
} from "./lifecycle-fixtures";

// Issue 15: the daily and weekly jobs through the Worker's own scheduled handler with a moved
// clock, the e-mails through its queue consumer: reminders, conversions, payouts. A shopper's own
// choices and returns have lifecycle-choices.test.ts; the payment seam lifecycle-payments.test.ts.
// Every assertion is about this test's own records: the jobs act on every order in the file.

describe("the daily job", () => {
  it("reminds once the day before, converts the rental when its window ends, records and captures its money, and tells shopper and owner", async () => {
    // Delivered on Tuesday 5 Jan 2027 at 10:00 UTC: the window ends Tuesday 12 Jan at 10:00.
    const deliveredAt = Date.UTC(2027, 0, 5, 10);
    const r = await rental(deliveredAt);
    expect(await itemRow(r.itemId)).toMatchObject({ status: "active", rental_ends_at: deliveredAt + 7 * DAY });

    // Sunday 03:00: more than a day left, nothing happens.
    await runJob("daily", Date.UTC(2027, 0, 10, 3));
    expect(await itemRow(r.itemId)).toMatchObject({ status: "active", reminder_sent_at: null });

    // Monday 03:00, the day before (31 h left, the window ends after the job's hour): reminded
    // now, not on the day itself (issue 46 item 4). Twice, and twice at once: one reminder.
    const reminderTime = Date.UTC(2027, 0, 11, 3);
    await Promise.all([runJob("daily", reminderTime), runJob("daily", reminderTime)]);
    await runJob("daily", reminderTime + HOUR);
    expect(await itemRow(r.itemId)).toMatchObject({ status: "active", reminder_sent_at: reminderTime });
    // Tuesday 03:00, the day it ends: nothing more.
    await runJob("daily", Date.UTC(2027, 0, 12, 3));
    const reminder = await eventually(async () =>
      (await outbox(r.shopper.email)).find((m) => m.kind === "rental_reminder"),
    );
    expect(reminder.subject).toMatch(/^Your rental of .+ ends tomorrow$/);
    expect((await outbox(r.shopper.email)).filter((m) => m.kind === "rental_reminder")).toHaveLength(1);
    const body = (await env.DB.prepare("SELECT body FROM notification_outbox WHERE message_key = ?")
      .bind(reminder.key)
      .first<{ body: string }>())!.body;
    // One date, in the words every deadline uses (decision 0069).
    expect(body).toContain("ends tomorrow (Tuesday 12 January). Before then, keep it with Buy it now");
    // The order by its reference (decision 0076).
    expect(body).toMatch(/Your order #[0-9A-HJKMNP-TV-Z]{8}: /);
    // Every e-mail about an order links to its page, absolutely, from the site's address.
    expect(body).toContain(`http://localhost:4173/account/orders/${r.orderId}`);

    // Wednesday 03:00: the window ended without Buy or Return. Two runs at once convert it once.
    const convertTime = Date.UTC(2027, 0, 13, 3);
    await Promise.all([runJob("daily", convertTime), runJob("daily", convertTime)]);
    await runJob("daily", convertTime + HOUR);
    expect(await itemRow(r.itemId)).toMatchObject({ status: "completed", rental_outcome: "converted" });
    expect(
      (await env.DB.prepare("SELECT availability FROM products WHERE id = ?").bind(r.productId).first())!.availability,
    ).toBe("sold");
    const conversions = await env.DB.prepare(
      "SELECT actor_role, from_status, to_status FROM order_status_history WHERE order_item_id = ? AND to_status = 'completed'",
    )
      .bind(r.itemId)
      .all();
    expect(conversions.results).toEqual([{ actor_role: "system", from_status: "active", to_status: "completed" }]);

    // Money: the fee at delivery and the buying price at conversion, each split to the penny and captured once.
    const money = await transactionsOf(r.orderId);
    expect(
      money.map(({ type, gross, net, commissions, status }) => ({ type, gross, net, commissions, status })),
    ).toEqual([
      { type: "rental_fee", gross: 1500, net: 1350, commissions: 150, status: "completed" },
      { type: "rental_conversion", gross: 12000, net: 10800, commissions: 1200, status: "completed" },
    ]);
    const calls = await paymentsOf(r.orderId);
    const { total, deliveryFee } = await orderAmounts(r.orderId);
    expect(calls).toEqual([
      { operation: "authorize", amount: total, status: "succeeded", key: `authorize:${r.orderId}` },
      { operation: "capture", amount: 1500, status: "succeeded", key: `capture:${money[0]!.id}` },
      { operation: "capture", amount: deliveryFee, status: "succeeded", key: `capture:delivery:${r.orderId}` },
      { operation: "capture", amount: 12000, status: "succeeded", key: `capture:${money[1]!.id}` },
    ]);

    // Each e-mail once, however often the job ran.
    const sold = await eventually(async () =>
      (await outbox(r.owner.email)).find((m) => m.kind === "owner_item_update"),
    );
    // The text of 'was sold' links to where the owner sees it (issue 46 item 4).
    expect(sold.subject).toMatch(/ was sold$/);
    const soldBody = (await env.DB.prepare("SELECT body FROM notification_outbox WHERE message_key = ?")
      .bind(sold.key)
      .first<{ body: string }>())!.body;
    expect(soldBody).toContain("Your orders: http://localhost:4173/vendor?tab=orders");
    const shopperMail = await eventually(async () => {
      const rows = await outbox(r.shopper.email);
      return rows.some((m) => m.kind === "rental_converted") ? rows : null;
    });
    expect(shopperMail.filter((m) => m.kind === "rental_reminder")).toHaveLength(1);
    expect(shopperMail.filter((m) => m.kind === "rental_converted")).toHaveLength(1);
    // Told to post it when it was ordered (issue 22), then that it was sold.
    expect((await outbox(r.owner.email)).map((m) => m.kind).sort()).toEqual(["order_to_send", "owner_item_update"]);
  });

  it("sends a redelivered reminder once", async () => {
    const r = await rental(Date.UTC(2027, 1, 1, 12));
    await runJob("daily", Date.UTC(2027, 1, 8, 3));
    const reminder = await eventually(async () =>
      (await outbox(r.shopper.email)).find((m) => m.kind === "rental_reminder"),
    );
    const { payload } = (await env.DB.prepare("SELECT payload FROM notification_outbox WHERE message_key = ?")
      .bind(reminder.key)
      .first<{ payload: string }>())!;
    const batch = createMessageBatch("closetloop-notifications", [
      { id: "again", timestamp: new Date(), attempts: 1, body: JSON.parse(payload) },
    ]);
    const ctx = createExecutionContext();
    await worker.queue(batch, env, ctx);
    expect((await getQueueResult(batch, ctx)).explicitAcks).toEqual(["again"]);
    expect((await outbox(r.shopper.email)).filter((m) => m.kind === "rental_reminder")).toHaveLength(1);
  });
});

describe("the search index", () => {
  const segments = () =>
    env.DB.prepare("SELECT count(DISTINCT segid) AS n FROM products_fts_idx")
      .first<{ n: number }>()
      .then((r) => r!.n);

  it("is merged into one segment by the daily job, and still finds what it found", async () => {
    const owner = await createUser();
    const word = `merge${crypto.randomUUID().slice(0, 6)}`;
    await createProduct(owner.id, { name: `${word} Coat`, rentalPrice: 1250 });
    await createProduct(owner.id, { name: `${word} Cape`, rentalPrice: 3300 });
    // Each write added a segment of its own.
    expect(await segments()).toBeGreaterThan(1);
    const listing = async () =>
      (
        await worker.fetch(
          new Request(`http://localhost/all-products?search=${word}&rental_min=12.5&rental_max=33`),
          env,
          createExecutionContext(),
        )
      ).text();
    expect(await listing()).toContain("2 products found");
    await runJob("daily", Date.now());
    expect(await segments()).toBe(1);
    expect(await listing()).toContain("2 products found");
  });
});

describe("the weekly job", () => {
  it("makes one payout per recipient for the week that ended, linked and adding up, once, and tells each recipient", async () => {
    // Delivered Tuesday 6 Apr 2027; bought (Buy it now through the service) on Thursday 8 Apr.
    const deliveredAt = Date.UTC(2027, 3, 6, 10);
    const direct = await rental(deliveredAt, { rentalPrice: 1500, buyingPrice: 12000 });
    const store = await rental(deliveredAt, { rentalPrice: 2005, buyingPrice: 30001 }, { concierge: true });
    for (const r of [direct, store]) {
      const bought = await changeOrderItem(
        services(),
        r.itemId,
        { type: "buy_now" },
        { id: r.shopper.id, role: "shopper" },
        deliveredAt + 2 * DAY,
        (o) => o.userId === r.shopper.id,
      );
      expect(bought).toMatchObject({ ok: true, changed: true });
    }
    const superadmin = await signedInBrowser("superadmin", { ip: nextIp() });
    // Monday 12 Apr 06:00 closes the week 5–12 Apr. Twice at once, then again.
    const monday = Date.UTC(2027, 3, 12, 6);
    await Promise.all([runJob("weekly", monday), runJob("weekly", monday)]);
    await runJob("weekly", monday + HOUR);

    const period = { periodStart: Date.UTC(2027, 3, 5), periodEnd: Date.UTC(2027, 3, 12) };
    // The direct owner: fee 1500 + purchase 12000; 10% each to the platform.
    expect(await payout("owner", direct.owner.id)).toEqual([
      { id: expect.any(String), ...period, total: 13500, commission: 1350, net: 12150, status: "calculated" },
    ]);
    // The concierge owner: 2005 → 201 + 201 (half up), 30001 → 3000 + 3000; the rest is theirs.
    expect(await payout("owner", store.owner.id)).toEqual([
      { id: expect.any(String), ...period, total: 32006, commission: 6402, net: 25604, status: "calculated" },
    ]);
    expect(await payout("store", store.store!.storeId)).toEqual([
      { id: expect.any(String), ...period, total: 3201, commission: 3201, net: 3201, status: "calculated" },
    ]);
    const [platform] = await payout("platform", "platform");
    expect(platform).toMatchObject({ ...period, status: "calculated" });

    // Every transaction is linked to its owner's payout; every commission to its recipient's.
    for (const r of [direct, store]) {
      const [owned] = await payout("owner", r.owner.id);
      for (const t of await transactionsOf(r.orderId)) {
        expect(t.payoutId).toBe(owned!.id);
        expect(t.net + t.commissions).toBe(t.gross);
      }
    }
    const linked = await env.DB.prepare(
      "SELECT coalesce(sum(commission_amount), 0) AS total FROM commissions WHERE payout_id = ?",
    )
      .bind(platform!.id)
      .first<{ total: number }>();
    expect(platform!.total).toBe(linked!.total);
    const mine = await env.DB.prepare(
      "SELECT count(*) AS n FROM commissions c JOIN transactions t ON t.id = c.transaction_id WHERE c.recipient_type = 'platform' AND t.order_id IN (?, ?) AND c.payout_id = ?",
    )
      .bind(direct.orderId, store.orderId, platform!.id)
      .first<{ n: number }>();
    expect(mine!.n).toBe(4);

    // Next week: nothing new for these recipients (nothing is counted twice).
    await runJob("weekly", monday + 7 * DAY);
    expect(await payout("owner", direct.owner.id)).toHaveLength(1);
    expect(await payout("store", store.store!.storeId)).toHaveLength(1);

    // Each recipient is told once.
    const ownerMail = await eventually(async () =>
      (await outbox(direct.owner.email)).find((m) => m.kind === "payout_calculated"),
    );
    expect(ownerMail.subject).toBe("Your Closetloop payout for the week of 5 April 2027: £121.50");
    await eventually(async () => (await outbox(store.store!.email)).find((m) => m.kind === "payout_calculated"));
    // The platform's payout goes to its superadmins (roleFlags: team_member or admin with the superadmin subrole).
    await eventually(async () =>
      (await outbox(superadmin.email)).find(
        (m) =>
          m.kind === "payout_calculated" && m.subject.startsWith("Your Closetloop payout for the week of 5 April 2027"),
      ),
    );
    expect((await outbox(direct.owner.email)).filter((m) => m.kind === "payout_calculated")).toHaveLength(1);
  });
});
