import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import { calculatedPayout, orderOf, returnedRental } from "./admin-data";
import { database } from "../../app/data/db.server";
import { financeOverview } from "../../app/data/finance-report.server";
import { createUser, databaseFingerprint, eventually } from "./factories";
import { first, all, as, toastAfter } from "./admin-fixtures";
import { queueDrained } from "./queue-drained";

// The admin Orders and Financial tabs (issue 14 items 7-9; issue 24 item 4; decision 0031): order
// statuses and their history, returns the platform inspects, and the Financial tab's figures.

// Each case signs several actors in (PBKDF2) and waits for the queue: more than the default 5 s on a busy machine.
vi.setConfig({ testTimeout: 30_000 });

describe("Orders", () => {
  it("lists id, shopper, date, items and total in £, searchable by shopper and filtered by status", async () => {
    const shopper = await createUser({ fullName: "Findable Fiona", email: `fiona-${Date.now()}@example.test` });
    const order = await orderOf({ shopperId: shopper.id });
    const { browser } = await as("customerSupport");
    const html = await (await browser.fetch(`/admin/orders?q=${encodeURIComponent("FINDABLE fio")}`)).text();
    expect(html).toContain(order.orderId);
    expect(html).toContain("Findable Fiona");
    expect(html).toContain("£93.99");
    // What was charged at checkout: the order's page has what was paid and refunded since (decision 0068).
    expect(html).toContain(">Total at checkout</th>");
    expect(html).toContain(`href="/account/orders/${order.orderId}"`);
    expect(
      await (await browser.fetch(`/admin/orders?q=${encodeURIComponent("Findable Fiona")}&status=shipped`)).text(),
    ).not.toContain(order.orderId);
    // The status filter names each status in words.
    expect(html).toContain('<option value="awaiting_payment">Awaiting payment</option>');
    // LIKE wildcards are taken literally.
    expect(await (await browser.fetch("/admin/orders?q=%25%25%25")).text()).toContain("No orders match your search.");
  });

  it("saves a status with its history, and queues the shipment notification once per change", async () => {
    const order = await orderOf();
    const support = await as("customerSupport");
    const response = await support.browser.post("/admin/orders", {
      intent: "status",
      orderId: order.orderId,
      status: "shipped",
      returnTo: "/admin/orders?page=1",
    });
    expect(response.headers.get("location")).toBe("/admin/orders?page=1");
    expect(await toastAfter(support.browser, response)).toBe("Order status changed to shipped");
    expect(await first("SELECT status FROM orders WHERE id = ?", order.orderId)).toEqual({ status: "shipped" });
    expect(
      await all(
        "SELECT from_status, to_status, actor_id, actor_role FROM order_status_history WHERE order_id = ? AND order_item_id IS NULL",
        order.orderId,
      ),
    ).toEqual([{ from_status: "pending", to_status: "shipped", actor_id: support.id, actor_role: "staff" }]);
    const shopper = (await first<{ email: string }>("SELECT email FROM users WHERE id = ?", order.shopperId))!.email;
    const event = await eventually(() =>
      first<{ payload: string }>(
        "SELECT payload FROM notification_outbox WHERE recipient = ? AND kind = 'track_event:shipment_status_updated'",
        shopper,
      ),
    );
    expect(JSON.parse(event.payload).data).toMatchObject({
      email: shopper,
      eventName: "shipment_status_updated",
      eventProperties: { orderId: order.orderId, status: "shipped" },
    });
    await eventually(() =>
      first("SELECT id FROM notification_outbox WHERE recipient = ? AND kind = 'order_status_changed'", shopper),
    );

    // The same change again (a double submit) changes nothing and sends nothing more.
    await support.browser.post("/admin/orders", { intent: "status", orderId: order.orderId, status: "shipped" });
    await queueDrained();
    expect(await all("SELECT kind FROM notification_outbox WHERE recipient = ? ORDER BY kind", shopper)).toEqual([
      { kind: "order_status_changed" },
      { kind: "track_event:shipment_status_updated" },
    ]);
  });

  it("delivered opens a rental's 7-day window; cancelled puts the item back on sale", async () => {
    const rental = await orderOf({ option: "rental" });
    const admin = await as("admin");
    await admin.browser.post("/admin/orders", { intent: "status", orderId: rental.orderId, status: "delivered" });
    const item = await first<{ status: string; rental_starts_at: number; rental_ends_at: number }>(
      "SELECT status, rental_starts_at, rental_ends_at FROM order_items WHERE id = ?",
      rental.itemId,
    );
    expect(item!.status).toBe("active");
    expect(item!.rental_ends_at - item!.rental_starts_at).toBe(7 * 86_400_000);

    const purchase = await orderOf();
    await admin.browser.post("/admin/orders", { intent: "status", orderId: purchase.orderId, status: "cancelled" });
    expect(await first("SELECT status FROM orders WHERE id = ?", purchase.orderId)).toEqual({ status: "cancelled" });
    expect(await first("SELECT availability FROM products WHERE id = ?", purchase.productId)).toEqual({
      availability: "available",
    });
  });

  it("refuses a change the lifecycle does not allow (409) and a status outside the list (400), writing nothing", async () => {
    const cancelled = await orderOf({ status: "cancelled" });
    const { browser } = await as("admin");
    const before = await databaseFingerprint();
    const reopen = await browser.post("/admin/orders", {
      intent: "status",
      orderId: cancelled.orderId,
      status: "pending",
    });
    expect(reopen.status).toBe(409);
    expect(await reopen.text()).toContain("A cancelled order cannot be reopened.");
    for (const status of ["completed", "active", "lost", ""]) {
      const bad = await browser.post("/admin/orders", { intent: "status", orderId: cancelled.orderId, status });
      expect(bad.status, status).toBe(400);
      expect(await bad.text()).toContain("Please choose one of: pending, processing, shipped, delivered, cancelled.");
    }
    const missing = await browser.post("/admin/orders", {
      intent: "status",
      orderId: "order_missing",
      status: "shipped",
    });
    expect(missing.status).toBe(404);
    expect(await browser.post("/admin/orders", { intent: "explode" }).then((r) => r.status)).toBe(400);
    expect(await databaseFingerprint()).toBe(before);
  });

  it("lists returns the platform inspects, and records their condition; a store's returns are not ours", async () => {
    const ours = await returnedRental("vendor");
    const storeHandled = await returnedRental("store");
    const support = await as("customerSupport");
    const html = await (await support.browser.fetch("/admin/orders")).text();
    expect(html).toContain("Returns to inspect");
    expect(html).toContain(ours.productName);
    expect(html).not.toContain(storeHandled.productName);

    const good = await support.browser.post("/admin/orders", {
      intent: "inspect",
      itemId: ours.itemId,
      condition: "good",
    });
    expect(await toastAfter(support.browser, good)).toBe("Return received in good condition");
    expect(await first("SELECT status, inspection, inspected_by FROM order_items WHERE id = ?", ours.itemId)).toEqual({
      status: "returned",
      inspection: "good",
      inspected_by: support.id,
    });
    // Being prepared for its handler's turnaround before it is live again (decision 0080).
    expect(
      await first(
        "SELECT availability, prepared_until IS NOT NULL AS preparing FROM products WHERE id = ?",
        ours.productId,
      ),
    ).toEqual({ availability: "rented", preparing: 1 });

    const before = await databaseFingerprint();
    const theirs = await support.browser.post("/admin/orders", {
      intent: "inspect",
      itemId: storeHandled.itemId,
      condition: "damaged",
    });
    expect(theirs.status).toBe(404);
    const noCondition = await support.browser.post("/admin/orders", {
      intent: "inspect",
      itemId: ours.itemId,
      condition: "so-so",
    });
    expect(noCondition.status).toBe(400);
    expect(await databaseFingerprint()).toBe(before);
  });
});

describe("the Financial tab, readable (issue 24, item 4)", () => {
  const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

  it("names payees with links to their pages, shows ids whose last 8 differ, and totals the period it says", async () => {
    const payout = await calculatedPayout();
    const name = `Payee${Date.now().toString(36)}`;
    await env.DB.prepare("UPDATE users SET display_name = ? WHERE id = ?").bind(name, payout.ownerId).run();
    const { browser } = await as("superadmin");
    const today = day(Date.now());
    const list = async (kind: string) =>
      (await (await browser.fetch(`/admin/financial?from=${today}&to=${today}&list=${kind}`)).text()).replace(
        /<!-- -->/g,
        "",
      );
    const [html, payouts] = [await list("transactions"), await list("payouts")];
    for (const page of [html, payouts]) {
      expect(page).toContain(`href="/${name}"`);
      expect(page).not.toContain(`>${payout.ownerId.slice(-8)}<`);
    }
    // The transaction's item and the payout's sum explain the rows; the whole id is there for screen readers and on hover.
    expect(html).toContain(payout.productName);
    expect(payouts).toContain("£90.00 gross − £9.00 commission = £81.00");
    expect(payouts).toContain(`title="${payout.id}"`);
    const period = html.match(/cover (\d+ \w+ \d{4}) – (\d+ \w+ \d{4}) \(UTC days\)/);
    expect(period?.[1]).toBe(period?.[2]);
    // The ids a row shows differ between rows (the spec's last 8 characters).
    const shown = [...html.matchAll(/<span aria-hidden="true">([^<]{8})<\/span>/g)].map((m) => m[1]);
    const transactionIds = await env.DB.prepare("SELECT id FROM transactions ORDER BY created_at DESC LIMIT 50").all<{
      id: string;
    }>();
    expect(
      new Set(transactionIds.results.filter((t) => shown.includes(t.id.slice(-8))).map((t) => t.id.slice(-8))).size,
    ).toBe(transactionIds.results.filter((t) => shown.includes(t.id.slice(-8))).length);
  });

  it("shows one list a page, the transactions unless another is asked for, each tab with its count and the period", async () => {
    await calculatedPayout();
    const { browser } = await as("superadmin");
    const today = day(Date.now());
    const open = async (query: string) =>
      (await (await browser.fetch(`/admin/financial?${query}`)).text()).replace(/<!-- -->/g, "").replace(/&amp;/g, "&");
    const lists = ["Transactions", "Commissions", "Payouts"];
    const listsOn = (html: string) => lists.filter((title) => html.includes(`>${title} of `));
    const period = `from=${today}&to=${today}`;
    for (const [query, shown] of [
      [period, "Transactions"],
      [`${period}&list=commissions`, "Commissions"],
      [`${period}&list=payouts`, "Payouts"],
      [`${period}&list=everything`, "Transactions"],
    ] as const) {
      const html = await open(query);
      expect(listsOn(html)).toEqual([shown]);
      const tabs = html.slice(html.indexOf('aria-label="Financial lists"'));
      expect(tabs).toMatch(new RegExp(`aria-current="page"[^>]*>${shown} \\(\\d+\\)`));
      // Each tab keeps the period asked for.
      expect(tabs).toContain(`href="/admin/financial?${period}"`);
      expect(tabs).toContain(`href="/admin/financial?${period}&list=payouts"`);
    }
    // The period's form keeps the list shown; the default period's links name none.
    expect(await open(`${period}&list=payouts`)).toContain('<input type="hidden" name="list" value="payouts"/>');
    expect(await open("")).toContain('href="/admin/financial?list=commissions"');
  });

  it("counts what is paid and to pay to sellers and stores, not the platform's own commission rows", async () => {
    // A period of its own, far from every other test's rows.
    const at = Date.UTC(2031, 0, 15);
    const week = 7 * 86_400_000;
    const insert = (id: string, type: string, recipient: string, net: number, status: string, weeksBack = 1) =>
      env.DB.prepare(
        "INSERT INTO payouts (id, recipient_type, recipient_id, period_start, period_end, total_amount, commission_amount, net_amount, status, created_at) VALUES (?, ?, ?, ?, ?, ?, 0, ?, ?, ?)",
      ).bind(id, type, recipient, at - weeksBack * week, at - (weeksBack - 1) * week, net, net, status, at);
    const owner = await createUser();
    await env.DB.batch([
      insert(`po_own_${at}`, "owner", owner.id, 8100, "calculated"),
      insert(`po_plat_${at}`, "platform", "platform", 900, "calculated"),
      insert(`po_plat_paid_${at}`, "platform", "platform", 500, "paid", 2),
    ]);
    const { totals } = await financeOverview(database(env.DB), { from: at, to: at + 86_400_000 });
    expect(totals).toMatchObject({ payoutsCalculated: 8100, payoutsPaid: 0, payoutCount: 3 });
  });

  it("downloads the transactions, commissions and payouts of a chosen period as CSV, and refuses a bad period with a 400", async () => {
    const payout = await calculatedPayout();
    const { browser } = await as("superadmin");
    const today = day(Date.now());
    const csv = await browser.fetch(`/admin/financial/export?kind=payouts&from=${today}&to=${today}`);
    expect(csv.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(csv.headers.get("content-disposition")).toBe(
      `attachment; filename="closetloop-payouts-${today}-to-${today}.csv"`,
    );
    const rows = (await csv.text()).split("\r\n");
    expect(rows[0]).toBe(
      "Payout ID,Payee type,Payee,Period start (UTC),Period ends before (UTC),Gross (GBP),Commission (GBP),Net (GBP),Carried in (GBP),Due (GBP),Status,Paid (UTC)",
    );
    expect(rows.find((r) => r.startsWith(`${payout.id},`))).toContain(",90.00,9.00,81.00,0.00,81.00,calculated,");
    const transactions = await (
      await browser.fetch(`/admin/financial/export?kind=transactions&from=${today}&to=${today}`)
    ).text();
    expect(transactions).toContain(`${payout.transactionId},`);
    const commissions = await (
      await browser.fetch(`/admin/financial/export?kind=commissions&from=${today}&to=${today}`)
    ).text();
    expect(commissions).toContain(`${payout.commissionId},`);
    const past = await (
      await browser.fetch("/admin/financial/export?kind=payouts&from=2020-01-01&to=2020-01-31")
    ).text();
    expect(past).not.toContain(payout.id);

    for (const [path, message] of [
      ["/admin/financial/export?kind=payouts&from=2026-13-01", "Please enter a date as YYYY-MM-DD."],
      [
        "/admin/financial/export?kind=everything",
        "Please choose what to download: transactions, commissions or payouts.",
      ],
      ["/admin/financial?from=2026-11-02&to=2026-11-01", "The start date must be on or before the end date."],
    ]) {
      const refused = await browser.fetch(path!);
      expect(refused.status).toBe(400);
      expect(await refused.text()).toContain(message);
    }
  });

  it("refuses the download to other staff with the tab's reason: a small page with a way on for a browser, a plain line for others", async () => {
    const { browser } = await as("admin");
    const page = await browser.fetch("/admin/financial/export?kind=payouts", {
      headers: { accept: "text/html,application/xhtml+xml" },
    });
    expect(page.status).toBe(403);
    expect(page.headers.get("content-type")).toBe("text/html; charset=utf-8");
    const html = await page.text();
    expect(html).toContain("<h1>Access Denied</h1>");
    expect(html).toContain("Your role on the team does not include this tab.");
    expect(html).toContain('<a href="/">Back to Closetloop</a>');
    const line = await browser.fetch("/admin/financial/export?kind=payouts");
    expect([line.status, await line.text()]).toEqual([
      403,
      "Access Denied - Your role on the team does not include this tab.",
    ]);
  });
});
