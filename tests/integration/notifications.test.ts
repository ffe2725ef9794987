import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { CATEGORY_NOTES } from "../../app/domain/notifications";
import { database } from "../../app/data/db.server";
import { appConfig } from "../../app/env.server";
import { renderEmail } from "../../app/services/email-render.server";
import { noticeDelivery, noticeMessage } from "../../app/services/notify.server";
import { emailProvider } from "../../app/services/providers.server";
import { signUnsubscribe } from "../../app/domain/unsubscribe";
import { signedInBrowser } from "./actors";
import { createProduct, eventually } from "./factories";
import { Browser } from "./http";

// The one notification service (issue 23): each event writes one notification for the person it
// concerns and, by their preference, one e-mail; a redelivery writes nothing new; the header's
// bell counts what is unread; e-mails go out as HTML and text; unsubscribing works signed out.

const config = () => appConfig(env);
const first = <T = Record<string, unknown>>(sql: string, ...binds: unknown[]) =>
  env.DB.prepare(sql)
    .bind(...binds)
    .first<T>();
const all = async <T = Record<string, unknown>>(sql: string, ...binds: unknown[]) =>
  (
    await env.DB.prepare(sql)
      .bind(...binds)
      .all<T>()
  ).results;

async function pendingProduct() {
  const seller = await signedInBrowser("vendor");
  const product = await createProduct(seller.id, { productStatus: "pending" });
  return { seller, product };
}

describe("a product review tells its seller", () => {
  it("writes one notification and one e-mail with the reviewer's reason, linking to the listing; the bell counts it until it is read", async () => {
    const { seller, product } = await pendingProduct();
    const reviewer = await signedInBrowser("productReviewer");
    const rejected = await reviewer.browser.post("/admin/products", {
      intent: "reject",
      productId: product.id,
      reason: "The photos are too dark.",
    });
    expect(rejected.status).toBe(302);
    const row = await eventually(() =>
      first<{ title: string; body: string; link: string; category: string; read_at: number | null }>(
        "SELECT title, body, link, category, read_at FROM notifications WHERE user_id = ? AND kind = 'product_rejected'",
        seller.id,
      ),
    );
    expect(row).toMatchObject({
      title: `${product.name} was not approved`,
      link: `/vendor/product/${product.id}/edit`,
      category: "selling",
      read_at: null,
    });
    const mail = await eventually(() =>
      first<{ subject: string; body: string }>(
        "SELECT subject, body FROM notification_outbox WHERE recipient = ? AND kind = 'product_rejected'",
        seller.email,
      ),
    );
    expect(mail.body).toContain("Their reason: The photos are too dark.");

    // The header's bell, on a page rendered for them and on a stitched shared page alike.
    for (const path of ["/account", "/all-products"]) {
      expect(await (await seller.browser.fetch(path)).text(), path).toContain('aria-label="Notifications, 1 unread"');
    }
    // Opening it marks it read and goes to its subject.
    const id = (await first<{ id: string }>("SELECT id FROM notifications WHERE user_id = ?", seller.id))!.id;
    const open = await seller.browser.post("/account/notifications", { intent: "open", id });
    expect([open.status, open.headers.get("location")]).toEqual([303, `/vendor/product/${product.id}/edit`]);
    expect(await (await seller.browser.fetch("/account")).text()).toContain('aria-label="Notifications"');
    // A page past the end of the list says where the list is, not that there is nothing yet.
    const past = await (await seller.browser.fetch("/account/notifications?page=9")).text();
    expect(past).toContain("There is nothing on page 9.");
    expect(past).not.toContain("No notifications yet");
  });

  it("writes the notification but sends no e-mail when the seller chose in-site only for selling", async () => {
    const { seller, product } = await pendingProduct();
    const unknown = await seller.browser.post("/account?tab=profile", {
      intent: "notification_preferences",
      email: "gossip",
    });
    expect(unknown.status).toBe(400);
    expect(await unknown.text()).toContain("Unknown e-mail category: gossip.");
    expect(await first("SELECT count(*) AS n FROM notification_preferences WHERE user_id = ?", seller.id)).toEqual({
      n: 0,
    });
    const saved = await seller.browser.post("/account?tab=profile", {
      intent: "notification_preferences",
      email: "marketing",
    });
    expect(saved.status).toBe(302);
    const admin = await signedInBrowser("admin");
    await admin.browser.post("/admin/products", { intent: "approve", productId: product.id });
    await eventually(() =>
      first("SELECT id FROM notifications WHERE user_id = ? AND kind = 'product_approved'", seller.id),
    );
    // The queue has delivered the message (its notification exists); no e-mail was recorded for it.
    expect(
      await all("SELECT id FROM notification_outbox WHERE recipient = ? AND kind = 'product_approved'", seller.email),
    ).toEqual([]);
  });
});

describe("the notification service", () => {
  it("notifies once for a redelivered message, and nothing at all for a deleted account", async () => {
    const seller = await signedInBrowser("vendor");
    const db = database(env.DB);
    const message = noticeMessage(config(), {
      key: `test:${crypto.randomUUID()}`,
      kind: "payout_paid",
      userId: seller.id,
      to: seller.email,
      title: "Your payout of £9.00 is paid",
      text: "Hello,\n\nWe paid it.",
      link: "/vendor?tab=orders",
      action: "Your dashboard",
    });
    expect(await noticeDelivery(db, message, Date.now())).toBe("emailed");
    expect(await noticeDelivery(db, message, Date.now())).toBe("emailed");
    expect(await all("SELECT title, body FROM notifications WHERE user_id = ?", seller.id)).toEqual([
      { title: "Your payout of £9.00 is paid", body: "We paid it." },
    ]);
    const gone = noticeMessage(config(), {
      key: "test:gone",
      kind: "payout_paid",
      userId: "user_deleted_long_ago",
      to: "gone@example.test",
      title: "t",
      text: "x",
      link: "/",
      action: "a",
    });
    expect(await noticeDelivery(db, gone, Date.now())).toBe("not_emailed");
    expect(await all("SELECT id FROM notifications WHERE user_id = 'user_deleted_long_ago'")).toEqual([]);
  });

  it("sends the provider an HTML part and a text part, with the unsubscribe headers on marketing", async () => {
    let sent: Record<string, unknown> | null = null;
    const provider = emailProvider(
      { ...config(), EMAIL_API_KEY: "key", EMAIL_API_URL: "https://mail.example/send" },
      (async (_url: string, init: RequestInit) => {
        sent = JSON.parse(String(init.body));
        return new Response("{}", { status: 200 });
      }) as typeof fetch,
    );
    const message = noticeMessage(config(), {
      key: "test:welcome",
      kind: "newsletter_welcome",
      userId: null,
      to: "reader@example.test",
      title: "Welcome to the Closetloop newsletter",
      text: "Hello,\n\nThank you for subscribing.",
      link: "/all-products",
      action: "Browse new arrivals",
    });
    await provider.send(await renderEmail(config(), message, Date.now()));
    const body = sent as unknown as { html: string; text: string; headers: Record<string, string> };
    expect(body.html).toMatch(/^<!DOCTYPE html/);
    expect(body.html).toContain("Browse new arrivals");
    expect(body.html).toContain("Unsubscribe");
    expect(body.text).toContain("Thank you for subscribing.");
    expect(body.text).toMatch(/Unsubscribe: https?:\/\/\S+\/unsubscribe\?token=/);
    expect(body.headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    expect(body.headers["List-Unsubscribe"]).toMatch(/^<https?:\/\/\S+\/unsubscribe\?token=\S+>$/);
  });
});

describe("unsubscribing", () => {
  it("works signed out from the e-mail's link; a forged or expired link changes nothing", async () => {
    const seller = await signedInBrowser("vendor");
    const now = Date.now();
    const token = await signUnsubscribe(
      { who: `u:${seller.id}`, category: "marketing", expires: now + 60_000 },
      config().SESSION_SECRET,
    );
    const visitor = new Browser();
    const ask = await visitor.fetch(`/unsubscribe?token=${encodeURIComponent(token)}`);
    expect(ask.status).toBe(200);
    expect(await ask.text()).toContain("Stop receiving marketing e-mails from Closetloop?");
    expect(await first("SELECT email FROM notification_preferences WHERE user_id = ?", seller.id)).toBeNull();

    for (const bad of [
      token.slice(0, -3) + "AAA",
      await signUnsubscribe(
        { who: `u:${seller.id}`, category: "marketing", expires: now - 1 },
        config().SESSION_SECRET,
      ),
    ]) {
      const refused = await visitor.post(`/unsubscribe?token=${encodeURIComponent(bad)}`, {
        "List-Unsubscribe": "One-Click",
      });
      expect(refused.status).toBe(400);
    }
    expect(await first("SELECT email FROM notification_preferences WHERE user_id = ?", seller.id)).toBeNull();

    const done = await visitor.post(`/unsubscribe?token=${encodeURIComponent(token)}`, {
      "List-Unsubscribe": "One-Click",
    });
    expect(done.status).toBe(200);
    expect(await done.text()).toContain(
      "You are unsubscribed from marketing e-mails. You can change this at any time in your account.",
    );
    expect(
      await first("SELECT email FROM notification_preferences WHERE user_id = ? AND category = 'marketing'", seller.id),
    ).toEqual({ email: 0 });
    // The marketing contact is updated through the queue.
    await eventually(() =>
      first("SELECT id FROM notification_outbox WHERE recipient = ? AND kind = 'update_contact'", seller.email),
    );
    // The link opened again says so instead of asking again (decision 0067).
    expect(await (await visitor.fetch(`/unsubscribe?token=${encodeURIComponent(token)}`)).text()).toContain(
      "You are already unsubscribed from marketing e-mails.",
    );
  });

  it("passes the account's Marketing choice to the marketing tool, and the newsletter's link of an account's address switches it off (decision 0068)", async () => {
    const person = await signedInBrowser("shopper");
    // Each choice says what it holds (staff find their review queues under Selling and Store).
    const profile = await (await person.browser.fetch("/account?tab=profile")).text();
    for (const note of Object.values(CATEGORY_NOTES)) expect(profile).toContain(note);
    const updates = () =>
      all<{ payload: string }>(
        "SELECT payload FROM notification_outbox WHERE recipient = ? AND kind = 'update_contact' ORDER BY created_at",
        person.email,
      );
    // Saved with Marketing unticked: the contact is unsubscribed; saved again unchanged: nothing more.
    expect(
      (await person.browser.post("/account?tab=profile", { intent: "notification_preferences", email: "selling" }))
        .status,
    ).toBe(302);
    await eventually(async () => (await updates())[0]);
    expect(
      (await person.browser.post("/account?tab=profile", { intent: "notification_preferences", email: "selling" }))
        .status,
    ).toBe(302);
    // Ticked again: subscribed again.
    expect(
      (await person.browser.post("/account?tab=profile", { intent: "notification_preferences", email: "marketing" }))
        .status,
    ).toBe(302);
    await eventually(async () => ((await updates()).length === 2 ? true : undefined));
    expect((await updates()).map((u) => JSON.parse(u.payload).data.unsubscribed)).toEqual([true, false]);

    const token = await signUnsubscribe(
      { who: `e:${person.email}`, category: "marketing", expires: Date.now() + 60_000 },
      config().SESSION_SECRET,
    );
    expect(
      (await new Browser().post(`/unsubscribe?token=${encodeURIComponent(token)}`, { "List-Unsubscribe": "One-Click" }))
        .status,
    ).toBe(200);
    expect(
      await first("SELECT email FROM notification_preferences WHERE user_id = ? AND category = 'marketing'", person.id),
    ).toEqual({ email: 0 });
  });

  it("tells a newsletter subscriber without an account how to subscribe again, not to use an account", async () => {
    const token = await signUnsubscribe(
      { who: "e:reader@example.test", category: "marketing", expires: Date.now() + 60_000 },
      config().SESSION_SECRET,
    );
    const done = await new Browser().post(`/unsubscribe?token=${encodeURIComponent(token)}`, {
      "List-Unsubscribe": "One-Click",
    });
    const text = await done.text();
    expect(text).toContain(
      "You are unsubscribed from marketing e-mails. You can subscribe again at any time from the foot of any page.",
    );
    expect(text).not.toContain("in your account");
  });
});
