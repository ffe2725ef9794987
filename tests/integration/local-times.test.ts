import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { eventually } from "./factories";
import { DAY, placeOrder, shownReference } from "./orders";
import { itemRow, outbox, rental, runJob } from "./lifecycle-fixtures";
import { PASSWORD, signedIn, signedInBrowser } from "./actors";
import { createProduct } from "./factories";
import { dispatchBy } from "../../app/domain/shipping";
import { delivered, opened } from "./claims-helpers";
import { changeItem } from "../../app/data/order-lifecycle.server";
import { database } from "../../app/data/db.server";

// Dates and times where the reader is (issue 45 item 6; decision 0087): the order page in the
// browser's zone (its cookie), the daily reminder on the day before in the shopper's own zone.
// Decision 0095: the dashboards and staff pages in the reader's zone, e-mails in the recipient's.

let ipSeq = 0;
const nextIp = () => `10.236.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}`;
const clock = (ms: number, zone: string) =>
  new Intl.DateTimeFormat("en-GB", { hour: "2-digit", minute: "2-digit", hourCycle: "h23", timeZone: zone }).format(ms);
const weekdayDate = (ms: number, zone: string) =>
  new Intl.DateTimeFormat("en-GB", { weekday: "long", day: "numeric", month: "long", timeZone: zone })
    .format(ms)
    .replace(",", "");

/** A seller's listing ordered by a shopper (a purchase, to post within 2 working days). */
async function sold() {
  const vendor = await signedInBrowser("vendor", { ip: nextIp() });
  const dress = await createProduct(vendor.id, { rentalPrice: 2000, buyingPrice: 9000 });
  const shopper = await signedInBrowser("shopper", { ip: nextIp() });
  return { vendor, shopper, dress };
}
const placedAt = async (orderId: string) =>
  (await env.DB.prepare("SELECT created_at FROM orders WHERE id = ?").bind(orderId).first<{ created_at: number }>())!
    .created_at;

describe("times in the reader's zone", () => {
  it("reminds a shopper in Paris on the day before in Paris, and names Paris time", async () => {
    // The window ends at 23:30 UTC on Tuesday 12 January 2027: 00:30 on Wednesday 13 in Paris.
    const deliveredAt = Date.UTC(2027, 0, 5, 23, 30);
    const r = await rental(deliveredAt);
    await env.DB.prepare("UPDATE users SET time_zone = 'Europe/Paris' WHERE id = ?").bind(r.shopper.id).run();
    // Monday 03:00 UTC: tomorrow for a UK reader, the day after tomorrow in Paris.
    await runJob("daily", Date.UTC(2027, 0, 11, 3));
    expect(await itemRow(r.itemId)).toMatchObject({ status: "active", reminder_sent_at: null });
    const tuesday = Date.UTC(2027, 0, 12, 3);
    await runJob("daily", tuesday);
    expect(await itemRow(r.itemId)).toMatchObject({ status: "active", reminder_sent_at: tuesday });
    const reminder = await eventually(async () =>
      (await outbox(r.shopper.email)).find((m) => m.kind === "rental_reminder"),
    );
    expect(reminder.subject).toMatch(/ends tomorrow$/);
    const body = (await env.DB.prepare("SELECT body FROM notification_outbox WHERE message_key = ?")
      .bind(reminder.key)
      .first<{ body: string }>())!.body;
    expect(body).toContain("ends tomorrow (Wednesday 13 January, 00:30 (Paris time)).");
  });

  it("shows a rental's end on its order page in the browser's zone, and reads a forged zone as the UK's", async () => {
    const deliveredAt = Date.now() - DAY;
    const r = await rental(deliveredAt);
    const endsAt = deliveredAt + 7 * DAY;
    const page = `/account/orders/${r.orderId}`;
    r.shopper.browser.cookies.set("closetloop_tz", "America%2FNew_York");
    const html = await (await r.shopper.browser.fetch(page)).text();
    const inNewYork = new Intl.DateTimeFormat("en-GB", {
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
      timeZone: "America/New_York",
    }).format(endsAt);
    expect(html).toContain(`${inNewYork} (New York time)`);
    expect(html).toContain("The 7 days end on ");
    r.shopper.browser.cookies.set("closetloop_tz", "Mars%2FOlympus");
    const forged = await r.shopper.browser.fetch(page);
    expect(forged.status).toBe(200);
    const text = await forged.text();
    expect(text).not.toContain("The 7 days end on ");
    expect(text).toMatch(/Return or buy by [A-Z][a-z]+day \d{1,2} [A-Z][a-z]+</);
  });

  it("shows a seller in Paris the post-by deadline on their Orders tab in Paris time, named; in the UK the day alone", async () => {
    const { vendor, shopper, dress } = await sold();
    const { orderId } = await placeOrder(shopper, [{ productId: dress.id, option: "purchase" }]);
    const deadline = dispatchBy(await placedAt(orderId));
    vendor.browser.cookies.set("closetloop_tz", "Europe%2FParis");
    const paris = await (await vendor.browser.fetch("/vendor?tab=orders")).text();
    expect(paris).toContain(`Order ${await shownReference(orderId)}`);
    // The end of a UK day is an hour later in Paris, in winter and summer alike: 00:59 the next day.
    expect(paris).toContain(
      `Post by ${weekdayDate(deadline, "Europe/Paris")} at ${clock(deadline, "Europe/Paris")} (Paris time)`,
    );
    expect(clock(deadline, "Europe/Paris")).toBe("00:59");
    vendor.browser.cookies.set("closetloop_tz", "Europe%2FLondon");
    const london = await (await vendor.browser.fetch("/vendor?tab=orders")).text();
    expect(london).toContain(`Post by ${weekdayDate(deadline, "Europe/London")} · placed`);
    expect(london).not.toContain("(Paris time)");
  });

  it("e-mails a seller in New York their post-by deadline in New York time, named; a seller with no zone gets the UK day", async () => {
    const { vendor, shopper, dress } = await sold();
    await env.DB.prepare("UPDATE users SET time_zone = 'America/New_York' WHERE id = ?").bind(vendor.id).run();
    const { orderId } = await placeOrder(shopper, [{ productId: dress.id, option: "purchase" }]);
    const deadline = dispatchBy(await placedAt(orderId));
    const mail = await eventually(async () => (await outbox(vendor.email)).find((m) => m.kind === "order_to_send"));
    expect(mail.subject).toBe(
      `New order ${await shownReference(orderId)}: please post it by ${weekdayDate(deadline, "America/New_York")} at ${clock(deadline, "America/New_York")} (New York time)`,
    );
    const body = (await env.DB.prepare("SELECT body FROM notification_outbox WHERE message_key = ?")
      .bind(mail.key)
      .first<{ body: string }>())!.body;
    expect(body).toContain(
      `Please post it by ${weekdayDate(deadline, "America/New_York")} at ${clock(deadline, "America/New_York")} (New York time) to:`,
    );

    const other = await sold();
    const second = await placeOrder(other.shopper, [{ productId: other.dress.id, option: "purchase" }]);
    const ukMail = await eventually(async () =>
      (await outbox(other.vendor.email)).find((m) => m.kind === "order_to_send"),
    );
    expect(ukMail.subject).toBe(
      `New order ${await shownReference(second.orderId)}: please post it by ${weekdayDate(dispatchBy(await placedAt(second.orderId)), "Europe/London")}`,
    );
  });

  it("gives a seller in New York an offer's lapse time in New York time, on the conversation page and in the e-mail", async () => {
    const { vendor, shopper, dress } = await sold();
    await env.DB.prepare("UPDATE users SET time_zone = 'America/New_York' WHERE id = ?").bind(vendor.id).run();
    expect((await shopper.browser.post("/account/offers/new", { productId: dress.id, amount: "70" })).status).toBe(302);
    const row = (await env.DB.prepare("SELECT conversation_id, expires_at FROM offers WHERE product_id = ?")
      .bind(dress.id)
      .first<{ conversation_id: string; expires_at: number }>())!;
    const lapses = `${weekdayDate(row.expires_at, "America/New_York")} at ${clock(row.expires_at, "America/New_York")} (New York time)`;
    const mail = await eventually(async () => (await outbox(vendor.email)).find((m) => m.kind === "offer_handler"));
    const body = (await env.DB.prepare("SELECT body FROM notification_outbox WHERE message_key = ?")
      .bind(mail.key)
      .first<{ body: string }>())!.body;
    expect(body).toContain(`within 48 hours (by ${lapses}); after that it lapses.`);
    vendor.browser.cookies.set("closetloop_tz", "America%2FNew_York");
    expect(await (await vendor.browser.fetch(`/account/messages/${row.conversation_id}`)).text()).toContain(
      `Lapses ${lapses}`,
    );
    // The shopper's browser says nothing of its zone: UK time, not named.
    const ukView = await (await shopper.browser.fetch(`/account/messages/${row.conversation_id}`)).text();
    expect(ukView).toContain(
      `Lapses ${weekdayDate(row.expires_at, "Europe/London")} at ${clock(row.expires_at, "Europe/London")}<`,
    );
  });

  it("remembers the browser's zone at sign-in, so a seller who never ordered gets e-mails in it", async () => {
    const seller = await signedIn("vendor", { ip: nextIp() });
    seller.browser.cookies.set("closetloop_tz", "Australia%2FSydney");
    await seller.browser.signIn(seller.email, PASSWORD);
    const zone = () =>
      env.DB.prepare("SELECT time_zone FROM users WHERE id = ?").bind(seller.id).first<{ time_zone: string | null }>();
    expect(await zone()).toEqual({ time_zone: "Australia/Sydney" });
    const dress = await createProduct(seller.id, { rentalPrice: 2000, buyingPrice: 9000 });
    const shopper = await signedInBrowser("shopper", { ip: nextIp() });
    const { orderId } = await placeOrder(shopper, [{ productId: dress.id, option: "purchase" }]);
    const deadline = dispatchBy(await placedAt(orderId));
    const mail = await eventually(async () => (await outbox(seller.email)).find((m) => m.kind === "order_to_send"));
    expect(mail.subject).toContain(
      `please post it by ${weekdayDate(deadline, "Australia/Sydney")} at ${clock(deadline, "Australia/Sydney")} (Sydney time)`,
    );
  });

  it("gives a seller in Sydney a claim's answer-by deadline in Sydney time, in the e-mail and on the claim's page", async () => {
    const t = await delivered();
    await env.DB.prepare("UPDATE users SET time_zone = 'Australia/Sydney' WHERE id = ?").bind(t.vendor.id).run();
    const claim = await opened(t);
    const dueAt = (await env.DB.prepare("SELECT due_at FROM claims WHERE id = ?")
      .bind(claim.id)
      .first<{ due_at: number }>())!.due_at;
    const inSydney = `${weekdayDate(dueAt, "Australia/Sydney")} at ${clock(dueAt, "Australia/Sydney")} (Sydney time)`;
    const body = (await env.DB.prepare(
      "SELECT body FROM notification_outbox WHERE recipient = ? AND kind = 'claim_handler'",
    )
      .bind(t.vendor.email)
      .first<{ body: string }>())!.body;
    expect(body).toContain(`Please answer within 3 days (by ${inSydney}): refund it`);
    t.vendor.browser.cookies.set("closetloop_tz", "Australia%2FSydney");
    expect(await (await t.vendor.browser.fetch(claim.page)).text()).toContain(`(answer by ${inSydney})`);
    expect(await (await t.vendor.browser.fetch("/vendor?tab=orders")).text()).toContain(`: answer by ${inSydney}`);
  });

  it("tells a shopper in Paris until when their checkout holds the items, in Paris time", async () => {
    const { shopper, dress } = await sold();
    shopper.browser.cookies.set("closetloop_tz", "Europe%2FParis");
    const { orderId } = await placeOrder(shopper, [{ productId: dress.id, option: "purchase" }], { pay: false });
    const until = (await env.DB.prepare("SELECT payment_expires_at AS at FROM orders WHERE id = ?")
      .bind(orderId)
      .first<{ at: number }>())!.at;
    const page = (await (await shopper.browser.fetch(`/account/orders/${orderId}`)).text()).replace(/<!-- -->/g, "");
    expect(page).toContain(`reserved until ${clock(until, "Europe/Paris")} (Paris time)`);
  });

  it("shows staff in New York when a returned rental is live again, in New York time", async () => {
    const r = await rental(Date.now() - 8 * DAY);
    expect(
      (
        await changeItem(
          database(env.DB),
          r.itemId,
          { type: "request_return" },
          { id: r.shopper.id, role: "shopper" },
          Date.now() - 7 * DAY,
        )
      ).ok,
    ).toBe(true);
    expect(
      (
        await changeItem(
          database(env.DB),
          r.itemId,
          { type: "inspect", outcome: "good" },
          { id: null, role: "staff" },
          Date.now(),
        )
      ).ok,
    ).toBe(true);
    const until = (await env.DB.prepare("SELECT prepared_until AS at FROM products WHERE id = ?")
      .bind(r.productId)
      .first<{ at: number }>())!.at;
    const staff = await signedInBrowser("admin", { ip: nextIp() });
    staff.browser.cookies.set("closetloop_tz", "America%2FNew_York");
    const html = await (await staff.browser.fetch("/admin/orders")).text();
    expect(html).toContain(
      `live again ${weekdayDate(until, "America/New_York")} at ${clock(until, "America/New_York")} (New York time)`,
    );
  });
});
