import { createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { database } from "../../app/data/db.server";
import { NOTIFY_ME_MESSAGES, SAVED_SEARCH_MESSAGES } from "../../app/domain/alerts";
import { appConfig } from "../../app/env.server";
import { tellBackOnSale, tellPriceDrop } from "../../app/services/alerts.server";
import { changeOrderItem } from "../../app/services/order-lifecycle.server";
import worker from "../../workers/app";
import { CRON } from "../../workers/cron";
import { signedInBrowser } from "./actors";
import { createProduct, createUser, databaseFingerprint, eventually } from "./factories";
import { Browser } from "./http";
import { deliver, placeOrder } from "./orders";

// Issue 25, items 6 and 7: a rented item's expected return and 'Notify me' (told once when it is
// back on sale), favourites' price drops (once per drop), and saved searches (the daily job tells
// of each new match once, once a day at most), with their refusals.

const app = () => ({ env, db: database(env.DB), config: appConfig(env) });
const DAY = 86_400_000;
const tag = `al${Date.now().toString(36)}`;
let ipSeq = 0;
const nextIp = () => `10.225.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}`;
const shopper = () => signedInBrowser("shopper", { ip: nextIp() });
const noticesOf = (userId: string, kind: string) =>
  env.DB.prepare("SELECT event_key AS eventKey, title, body, link FROM notifications WHERE user_id = ? AND kind = ? ORDER BY created_at, rowid").bind(userId, kind).all<{ eventKey: string; title: string; body: string; link: string }>().then((r) => r.results);
const count = async (sql: string, ...binds: unknown[]) => (await env.DB.prepare(sql).bind(...binds).first<{ n: number }>())!.n;
/** Lets the queue deliver what was sent (a notice that should not come has had its chance). */
const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

async function runDaily(scheduledTime: number) {
  const ctx = createExecutionContext();
  await worker.scheduled(createScheduledController({ cron: CRON.daily, scheduledTime }), env, ctx);
  await waitOnExecutionContext(ctx);
}

/** An item out on rental to someone: ordered, delivered, in its window. */
async function rentedItem(name = `Rented Gown ${tag}`) {
  const owner = await createUser();
  const product = await createProduct(owner.id, { name: `${name} ${crypto.randomUUID().slice(0, 6)}` });
  const renter = await shopper();
  const order = await placeOrder(renter, [{ productId: product.id, option: "rental" }]);
  await deliver(order.orderId);
  return { product, renter, itemId: order.items[0]!.id };
}

describe("a rented item's page", () => {
  it("says when it is expected back (the window's end plus 3 days) and offers 'Notify me'", async () => {
    const { product } = await rentedItem();
    const endsAt = (await env.DB.prepare("SELECT rental_ends_at AS e FROM order_items WHERE product_id = ?").bind(product.id).first<{ e: number }>())!.e;
    const html = await (await new Browser(nextIp()).fetch(`/product/${product.id}`)).text();
    const date = new Intl.DateTimeFormat("en-GB", { weekday: "long", day: "numeric", month: "long", timeZone: "Europe/London" }).format(endsAt + 3 * DAY).replace(",", "");
    expect(html).toContain("Currently rented");
    expect(html).toContain(`Expected back by ${date}`);
    expect(html).toContain(`action="/product/${product.id}/notify"`);
    // An item on sale says neither.
    const onSale = await createProduct((await createUser()).id);
    const plain = await (await new Browser(nextIp()).fetch(`/product/${onSale.id}`)).text();
    expect(plain).not.toContain("Expected back");
    expect(plain).not.toContain("/notify");
  });
});

describe("'Notify me'", () => {
  it("signed out: sign in, then back to the item's notify page", async () => {
    const { product } = await rentedItem();
    const response = await new Browser(nextIp()).post(`/product/${product.id}/notify`, {});
    expect(response.headers.get("location")).toBe(`/auth?redirectTo=${encodeURIComponent(`/product/${product.id}/notify`)}`);
    expect(await count("SELECT count(*) AS n FROM back_in_stock_requests WHERE product_id = ?", product.id)).toBe(0);
  });

  it("is told once when the item is back on sale after its return, however often they ask or it is told", async () => {
    const { product, renter, itemId } = await rentedItem();
    const waiting = await shopper();
    for (let i = 0; i < 2; i++) {
      const asked = await waiting.browser.post(`/product/${product.id}/notify`, {});
      expect(asked.status).toBe(302);
      expect(asked.headers.get("location")).toBe(`/product/${product.id}`);
    }
    expect(await count("SELECT count(*) AS n FROM back_in_stock_requests WHERE product_id = ? AND user_id = ?", product.id, waiting.id)).toBe(1);
    const page = await (await waiting.browser.fetch(`/product/${product.id}/notify`)).text();
    expect(page).toContain(NOTIFY_ME_MESSAGES.waiting.replaceAll("'", "&#x27;"));
    // Returned: nothing yet while it is on its way back.
    const now = Date.now();
    expect((await changeOrderItem(app(), itemId, { type: "request_return" }, { id: renter.id, role: "shopper" }, now)).ok).toBe(true);
    await settle();
    expect(await noticesOf(waiting.id, "back_in_stock")).toEqual([]);
    // Inspected in good condition: back on sale, and the waiting shopper is told.
    expect((await changeOrderItem(app(), itemId, { type: "inspect", outcome: "good" }, { id: null, role: "staff" }, now + 1)).ok).toBe(true);
    const [notice] = await eventually(async () => {
      const rows = await noticesOf(waiting.id, "back_in_stock");
      return rows.length ? rows : null;
    });
    expect(notice).toMatchObject({ title: `${product.name} is back`, link: `/product/${product.id}` });
    // Told again, the inspection repeated: still once.
    await tellBackOnSale(app(), [product.id], now + 2);
    await changeOrderItem(app(), itemId, { type: "inspect", outcome: "good" }, { id: null, role: "staff" }, now + 3);
    await settle();
    expect(await noticesOf(waiting.id, "back_in_stock")).toHaveLength(1);
    expect(await count("SELECT count(*) AS n FROM notification_outbox WHERE recipient = ? AND kind = 'back_in_stock'", waiting.email)).toBe(1);
  });

  it("a cancelled rental puts the item back and tells the shopper waiting for it", async () => {
    const owner = await createUser();
    const product = await createProduct(owner.id);
    const renter = await shopper();
    const order = await placeOrder(renter, [{ productId: product.id, option: "rental" }]);
    const waiting = await shopper();
    expect((await waiting.browser.post(`/product/${product.id}/notify`, {})).status).toBe(302);
    const cancelled = await renter.browser.post(`/account/orders/${order.orderId}`, { intent: "cancel_order" });
    expect(cancelled.status).toBeLessThan(400);
    await eventually(async () => (await noticesOf(waiting.id, "back_in_stock"))[0]);
  });

  it("refuses a sold item, an item on sale and a missing one, writing nothing", async () => {
    const user = await shopper();
    const sold = await createProduct((await createUser()).id);
    await env.DB.prepare("UPDATE products SET availability = 'sold' WHERE id = ?").bind(sold.id).run();
    const onSale = await createProduct((await createUser()).id);
    const before = await databaseFingerprint();
    const soldReply = await user.browser.post(`/product/${sold.id}/notify`, {});
    expect(soldReply.status).toBe(409);
    expect(await soldReply.text()).toContain(NOTIFY_ME_MESSAGES.sold);
    const onSaleReply = await user.browser.post(`/product/${onSale.id}/notify`, {});
    expect(onSaleReply.status).toBe(409);
    expect(await onSaleReply.text()).toContain(NOTIFY_ME_MESSAGES.available);
    expect((await user.browser.post(`/product/missing-${tag}/notify`, {})).status).toBe(404);
    expect(await databaseFingerprint()).toBe(before);
  });
});

describe("a favourite's price drop", () => {
  /** The store's price request, answered by the owner (the way prices change besides the edit form). */
  async function acceptedPrice(owner: { id: string; browser: Browser }, productId: string, rental: number, buying: number) {
    const storeId = `store_al_${crypto.randomUUID().slice(0, 8)}`;
    const requestId = `pcr_${crypto.randomUUID()}`;
    const storeOwner = await createUser();
    await env.DB.batch([
      env.DB.prepare("INSERT INTO stores (id, name, owner_id, contact_email, created_at) VALUES (?, 'Drop Rails', ?, ?, ?)").bind(storeId, storeOwner.id, `${storeId}@example.test`, Date.now()),
      env.DB.prepare("INSERT INTO price_change_requests (id, product_id, store_id, owner_id, suggested_rental_price, suggested_buying_price, reason, status, created_at) VALUES (?, ?, ?, ?, ?, ?, 'Sells faster', 'pending', ?)").bind(
        requestId,
        productId,
        storeId,
        owner.id,
        rental,
        buying,
        Date.now(),
      ),
    ]);
    const response = await owner.browser.post("/vendor?tab=notifications", { intent: "accept_price", requestId });
    expect(response.status).toBe(302);
    return requestId;
  }

  it("tells each shopper who saved it once per drop: a further drop again, the same prices never twice, a rise never", async () => {
    const owner = await signedInBrowser("vendor", { ip: nextIp() });
    const product = await createProduct(owner.id, { rentalPrice: 3000, buyingPrice: 20000 });
    const fan = await shopper();
    const other = await shopper();
    expect((await fan.browser.post("/favorites", { intent: "toggle", productId: product.id, enhanced: "1" })).status).toBe(200);

    await acceptedPrice(owner, product.id, 2500, 20000);
    const first = await eventually(async () => (await noticesOf(fan.id, "price_drop"))[0]);
    expect(first).toMatchObject({ title: `${product.name} is now cheaper`, link: `/product/${product.id}` });
    expect(first.body).toContain("Rent it for 7 days: £25.00 (was £30.00)");

    // The same drop told again (a replayed answer, a second call): nothing new.
    await tellPriceDrop(app(), product.id, { rentalPrice: 3000, buyingPrice: 20000 });
    // A rise: nothing.
    await acceptedPrice(owner, product.id, 2800, 21000);
    await settle();
    expect(await noticesOf(fan.id, "price_drop")).toHaveLength(1);

    // A further drop to new prices: told again.
    await acceptedPrice(owner, product.id, 2000, 19000);
    const both = await eventually(async () => {
      const rows = await noticesOf(fan.id, "price_drop");
      return rows.length === 2 ? rows : null;
    });
    expect(both[1]!.body).toContain("Buy it: £190.00 (was £210.00)");
    expect(await noticesOf(other.id, "price_drop")).toEqual([]);
  });
});

describe("saved searches", () => {
  it("saves a listing URL with a name from a listing page, lists it in the account and deletes it", async () => {
    const user = await shopper();
    const listing = await (await user.browser.fetch("/all-products?color=Black&after=abc")).text();
    expect(listing).toContain('action="/account/saved-searches"');
    expect(listing).toContain('name="url" value="/all-products?color=Black"');
    const saved = await user.browser.post("/account/saved-searches", { intent: "save", name: "Black things", url: "/all-products?color=Black" });
    expect(saved.headers.get("location")).toBe("/account/saved-searches");
    const page = await (await user.browser.fetch("/account/saved-searches")).text();
    expect(page).toContain("Black things");
    expect(page).toContain('href="/all-products?color=Black"');
    const [row] = (await env.DB.prepare("SELECT id FROM saved_searches WHERE user_id = ?").bind(user.id).all<{ id: string }>()).results;
    expect((await user.browser.post("/account/saved-searches", { intent: "delete", id: row!.id })).status).toBe(302);
    expect(await (await user.browser.fetch("/account/saved-searches")).text()).not.toContain("Black things");
  });

  it("refuses a URL that is not a listing, an empty or over-long name and a 21st search, at the field, writing nothing", async () => {
    const user = await shopper();
    const cases: [Record<string, string>, number, string][] = [
      [{ name: "Mine", url: "/account" }, 400, SAVED_SEARCH_MESSAGES.notListing],
      [{ name: "Mine", url: "https://evil.example/product/1" }, 400, SAVED_SEARCH_MESSAGES.notListing],
      [{ name: "Mine", url: `/categories/no-such-${tag}` }, 400, SAVED_SEARCH_MESSAGES.notListing],
      [{ name: "  ", url: "/all-products" }, 400, SAVED_SEARCH_MESSAGES.nameMissing],
      [{ name: "x".repeat(61), url: "/all-products" }, 400, SAVED_SEARCH_MESSAGES.nameTooLong],
    ];
    for (const [fields, status, message] of cases) {
      const before = await databaseFingerprint();
      const response = await user.browser.post("/account/saved-searches", { intent: "save", ...fields });
      expect(response.status, JSON.stringify(fields)).toBe(status);
      expect(await response.text()).toContain(message);
      expect(await databaseFingerprint()).toBe(before);
    }
    const now = Date.now();
    await env.DB.batch(
      Array.from({ length: 20 }, (_, i) => env.DB.prepare("INSERT INTO saved_searches (id, user_id, name, url, created_at) VALUES (?, ?, ?, '/all-products', ?)").bind(`ss_max_${user.id}_${i}`, user.id, `Search ${i}`, now + i)),
    );
    const before = await databaseFingerprint();
    const full = await user.browser.post("/account/saved-searches", { intent: "save", name: "One more", url: "/all-products" });
    expect(full.status).toBe(409);
    expect(await full.text()).toContain(SAVED_SEARCH_MESSAGES.tooMany);
    expect(await databaseFingerprint()).toBe(before);
  });

  it("the daily job tells of each new match once, once a UK day at most, by e-mail with a one-click link that deletes the search", async () => {
    const user = await shopper();
    const brand = `Brand${tag}`;
    const seller = await createUser();
    const savedAt = Date.UTC(2027, 1, 1, 12);
    const old = await createProduct(seller.id, { brand, name: `Old Coat ${tag}`, createdAt: savedAt - DAY });
    const a = await createProduct(seller.id, { brand, name: `New Coat A ${tag}`, createdAt: savedAt + DAY });
    const b = await createProduct(seller.id, { brand, name: `New Coat B ${tag}`, createdAt: savedAt + DAY + 1000 });
    const elsewhere = await createProduct(seller.id, { brand: `Other${tag}`, createdAt: savedAt + DAY });
    const searchId = `ss_job_${tag}`;
    await env.DB.prepare("INSERT INTO saved_searches (id, user_id, name, url, created_at) VALUES (?, ?, 'My brand', ?, ?)").bind(searchId, user.id, `/all-products?brand=${brand}`, savedAt).run();

    // 3 Feb 03:00 UTC: A and B are new; the old one and another brand's are not.
    await runDaily(Date.UTC(2027, 1, 3, 3));
    const [first] = await eventually(async () => {
      const rows = await noticesOf(user.id, "saved_search_matches");
      return rows.length ? rows : null;
    });
    expect(first).toMatchObject({ title: "2 new items match “My brand”", link: `/all-products?brand=${brand}` });
    const email = await eventually(() => env.DB.prepare("SELECT body FROM notification_outbox WHERE recipient = ? AND kind = 'saved_search_matches'").bind(user.email).first<{ body: string }>());
    expect(email.body).toContain(a.name);
    expect(email.body).toContain(b.name);
    expect(email.body).not.toContain(old.name);
    expect(email.body).not.toContain(elsewhere.id);
    expect(await count("SELECT count(*) AS n FROM saved_search_hits WHERE saved_search_id = ?", searchId)).toBe(2);

    // A new match later that day: not told until the next day; then only it.
    const c = await createProduct(seller.id, { brand, name: `New Coat C ${tag}`, createdAt: Date.UTC(2027, 1, 3, 8) });
    await runDaily(Date.UTC(2027, 1, 3, 9));
    await settle();
    expect(await noticesOf(user.id, "saved_search_matches")).toHaveLength(1);
    await Promise.all([runDaily(Date.UTC(2027, 1, 4, 3)), runDaily(Date.UTC(2027, 1, 4, 3))]);
    const both = await eventually(async () => {
      const rows = await noticesOf(user.id, "saved_search_matches");
      return rows.length === 2 ? rows : null;
    });
    expect(both[1]!.title).toBe("1 new item matches “My brand”");
    // Nothing new the day after: nothing told.
    await runDaily(Date.UTC(2027, 1, 5, 3));
    await settle();
    expect(await noticesOf(user.id, "saved_search_matches")).toHaveLength(2);
    const emails = (await env.DB.prepare("SELECT body FROM notification_outbox WHERE recipient = ? AND kind = 'saved_search_matches' ORDER BY created_at").bind(user.email).all<{ body: string }>()).results;
    expect(emails).toHaveLength(2);
    expect(emails[1]!.body).toContain(c.name);
    expect(emails[1]!.body).not.toContain(a.name);

    // The one-click link: GET asks, POST deletes the search (signed out, from the e-mail).
    const link = /(\/saved-searches\/unsubscribe\?token=[^\s]+)/.exec(emails[1]!.body)![1]!;
    const visitor = new Browser(nextIp());
    const ask = await visitor.fetch(link);
    expect(ask.status).toBe(200);
    expect(await ask.text()).toContain("Delete your saved search “My brand”");
    expect(await count("SELECT count(*) AS n FROM saved_searches WHERE id = ?", searchId)).toBe(1);
    const done = await visitor.post(link, {});
    expect(await done.text()).toContain("Your saved search “My brand” is deleted");
    expect(await count("SELECT count(*) AS n FROM saved_searches WHERE id = ?", searchId)).toBe(0);
    // Its token is no account unsubscribe link, and a tampered one is refused.
    const token = new URL(link, "http://x").searchParams.get("token")!;
    expect((await visitor.fetch(`/unsubscribe?token=${encodeURIComponent(token)}`)).status).toBe(400);
    expect((await visitor.fetch(`/saved-searches/unsubscribe?token=${encodeURIComponent(token.slice(0, -2))}xx`)).status).toBe(400);
  });

  it("e-mails only where the person's alerts preference allows; the notification is written either way", async () => {
    const user = await shopper();
    const brand = `Quiet${tag}`;
    const savedAt = Date.UTC(2027, 2, 1, 12);
    await createProduct((await createUser()).id, { brand, createdAt: savedAt + DAY });
    await env.DB.batch([
      env.DB.prepare("INSERT INTO notification_preferences (user_id, category, email, updated_at) VALUES (?, 'alerts', 0, ?)").bind(user.id, savedAt),
      env.DB.prepare("INSERT INTO saved_searches (id, user_id, name, url, created_at) VALUES (?, ?, 'Quiet', ?, ?)").bind(`ss_quiet_${tag}`, user.id, `/all-products?brand=${brand}`, savedAt),
    ]);
    await runDaily(Date.UTC(2027, 2, 3, 3));
    await eventually(async () => (await noticesOf(user.id, "saved_search_matches"))[0]);
    await settle();
    expect(await count("SELECT count(*) AS n FROM notification_outbox WHERE recipient = ? AND kind = 'saved_search_matches'", user.email)).toBe(0);
  });
});
