import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { PASSWORD, signedInBrowser } from "./actors";
import { Browser } from "./http";
import { createProduct, createUser, eventually } from "./factories";
import { ask, cast, unreadNotices } from "./conversations-helpers";
import { countingD1, database, type RoundTrips } from "../../app/data/db.server";
import { batchParts, rideWithNextBatch, rowsPart } from "../../app/data/parts.server";
import { sqlPart } from "../../app/data/prepared.server";
import { users } from "../../db/schema";
import { eq } from "drizzle-orm";

// Decision 0115: a page every visitor shares reads its signed-in visitor's visit with its own
// first batch of reads, one D1 round trip instead of two. The statements that ride get their own
// results; a batch that writes takes no rider; riders with no batch to join go alone.

const fetchAnonymously = (path: string) => new Browser().fetch(path);

const request = () => {
  const trips: RoundTrips = { count: 0, ms: 0, sqlMs: 0 };
  return { trips, db: database(countingD1(env.DB, trips)) };
};

describe("statements that ride with the request's next batch", () => {
  it("come back with that batch's own results, in one round trip", async () => {
    const { trips, db } = request();
    const user = await createUser({ displayName: "Rider" });
    const visit = rideWithNextBatch(
      db,
      rowsPart(db.select({ name: users.displayName }).from(users).where(eq(users.id, user.id))),
    );
    const [[one], [two]] = await batchParts(db, [
      sqlPart<{ n: number }>(db, "select 1 as n", []),
      sqlPart<{ n: number }>(db, "select ? as n", [2]),
    ] as const);
    expect(await visit).toEqual([{ name: "Rider" }]);
    expect([one?.n, two?.n]).toEqual([1, 2]);
    expect(trips.count).toBe(1);
  });

  it("go alone when no batch of reads comes: not with a batch that writes", async () => {
    const { trips, db } = request();
    const user = await createUser({ displayName: "Before" });
    const visit = rideWithNextBatch(
      db,
      sqlPart<{ name: string }>(db, "select display_name as name from users where id = ?", [user.id]),
    );
    await db.batch([db.update(users).set({ displayName: "After" }).where(eq(users.id, user.id))]);
    // Sent after the write, alone: it reads what the write left.
    expect(await visit).toEqual([{ name: "After" }]);
    expect(trips.count).toBe(2);
  });

  it("share the failure of the batch they rode with", async () => {
    const { db } = request();
    const visit = rideWithNextBatch(db, sqlPart(db, "select 1", []));
    const page = batchParts(db, [sqlPart(db, "select * from no_such_table", [])] as const);
    await expect(page).rejects.toThrow(/no such table/);
    await expect(visit).rejects.toThrow(/no such table/);
  });
});

describe("a shared page rendered for its signed-in visitor", () => {
  it("shows their header and their saved heart, in one round trip", async () => {
    const vendor = await createUser();
    const product = await createProduct(vendor.id, { name: `Riding Coat ${Date.now()}` });
    const shopper = await signedInBrowser("shopper");
    await env.DB.prepare("INSERT INTO favorites (id, user_id, product_id, created_at) VALUES (?, ?, ?, ?)")
      .bind(`fav_${product.id}`, shopper.id, product.id, Date.now())
      .run();
    // The page's shared parts (settings, links, rates) are kept per isolate after a first visit.
    expect(await (await fetchAnonymously(`/product/${product.id}`)).text()).toContain('aria-label="Save to favorites"');
    const response = await shopper.browser.fetch(`/product/${product.id}`);
    const html = await response.text();
    expect(response.headers.get("server-timing")).toMatch(/desc="1 round trips"/);
    expect(html).toContain(product.name);
    expect(html).toContain('href="/account"');
    expect(html).toContain('aria-label="Remove from favorites"');
    expect(response.headers.get("cache-control")).toBe("private, no-store");
  });

  it("for a visitor whose account was deactivated: no header of theirs, the session ended, never shared", async () => {
    const shopper = await signedInBrowser("shopper");
    await env.DB.prepare("UPDATE users SET deactivated_at = ? WHERE id = ?").bind(Date.now(), shopper.id).run();
    const response = await shopper.browser.fetch("/all-products");
    expect(response.status).toBe(200);
    expect(await response.text()).not.toContain('href="/account"');
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    // The session is gone: the account's pages ask to sign in.
    expect((await shopper.browser.fetch("/account")).status).toBe(302);
  });
});

// Decisions 0140 and 0143: a page's GET reads the session as a stitched page does, a record read in
// this isolate in the last seconds; the visit read with the page says when the user's sessions last
// ended, and a record remembered from before then is read from KV again. Every action reads KV.
describe("a page's session, as remembered in the isolate", () => {
  const sessionsEndedAt = async (userId: string) =>
    (
      await env.DB.prepare("SELECT sessions_ended_at AS at FROM users WHERE id = ?")
        .bind(userId)
        .first<{ at: number }>()
    )?.at;

  /** A shopper whose record this isolate has read: a shared page and a page only they may see, signed in. */
  async function remembered() {
    const shopper = await signedInBrowser("shopper");
    // The visit's first page writes the user into the session's record (decision 0116); the next reads it.
    for (let page = 0; page < 2; page++)
      expect(await (await shopper.browser.fetch("/all-brands")).text()).toContain('href="/account"');
    expect((await shopper.browser.fetch("/account")).status).toBe(200);
    const { keys } = await env.SESSIONS.list({ prefix: `user-sessions:${shopper.id}:` });
    expect(keys.length).toBeGreaterThan(0);
    /** Its records leave KV as if from another isolate, which this one is not told of. */
    const dropRecords = async () => {
      for (const { name } of keys) await env.SESSIONS.delete(`session:${name.split(":").pop()}`);
    };
    return { shopper, dropRecords };
  }

  it("refuses a session ended elsewhere at once, on a page only its user may see and on a shared page", async () => {
    const { shopper, dropRecords } = await remembered();
    // What ending it elsewhere does (a sign-out, a password change): the record leaves KV, then
    // the user's row says when.
    await dropRecords();
    await env.DB.prepare("UPDATE users SET sessions_ended_at = ? WHERE id = ?").bind(Date.now(), shopper.id).run();
    const account = await shopper.browser.fetch("/account");
    expect(account.status).toBe(302);
    expect(account.headers.get("location")).toMatch(/^\/auth/);
    expect(await (await shopper.browser.fetch("/all-brands")).text()).not.toContain('href="/account"');
  });

  it("reads KV again after a sign-out in this isolate, and keeps the user's other sessions signed in", async () => {
    const { shopper } = await remembered();
    // The same person on a second device, remembered here too.
    const other = new Browser();
    await other.signIn(shopper.email, PASSWORD);
    expect((await other.fetch("/account")).status).toBe(200);
    const before = Date.now();
    expect((await shopper.browser.post("/auth/logout", {})).status).toBe(302);
    // What another isolate that remembers this session learns from the visit: read KV again.
    expect(await sessionsEndedAt(shopper.id)).toBeGreaterThanOrEqual(before);
    expect((await shopper.browser.fetch("/account")).status).toBe(302);
    expect((await other.fetch("/account")).status).toBe(200);
    expect(await (await other.fetch("/all-brands")).text()).toContain('href="/account"');
  });

  it("refuses an action for a record that left KV, and then forgets it for every page", async () => {
    const { shopper, dropRecords } = await remembered();
    await dropRecords();
    const action = await shopper.browser.post("/account", { intent: "profile" });
    expect(action.status).toBe(302);
    expect(action.headers.get("location")).toMatch(/^\/auth/);
    expect((await shopper.browser.fetch("/account")).status).toBe(302);
    expect(await (await shopper.browser.fetch("/all-brands")).text()).not.toContain('href="/account"');
  });
});

// Decision 0116: any GET authorizes with the user as the session kept them at their last visit,
// while the visit rides with the page's batch and checks it; a user who is no longer the one kept
// gets the page the visit read first would give, never the one the kept user would have seen.
describe("a page authorized with the user the session kept", () => {
  const trips = (response: Response) =>
    Number(response.headers.get("server-timing")?.match(/desc="(\d+) round trips"/)?.[1]);

  it("is one round trip for a seller's dashboard once their session keeps them", async () => {
    const vendor = await signedInBrowser("vendor");
    await (await vendor.browser.fetch("/account")).text();
    const response = await vendor.browser.fetch("/vendor?tab=products");
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("Seller Dashboard");
    expect(trips(response)).toBe(1);
  });

  it("sends a seller whose role was taken away home, as the visit read first does", async () => {
    const vendor = await signedInBrowser("vendor");
    expect((await vendor.browser.fetch("/vendor")).status).toBe(200);
    await env.DB.prepare("UPDATE user_roles SET role = 'shopper' WHERE user_id = ?").bind(vendor.id).run();
    const response = await vendor.browser.fetch("/vendor?tab=orders");
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/");
    expect(await response.text()).not.toContain("Seller Dashboard");
    // The session now keeps them as they are: the next page is refused at once, its visit alone
    // (not read once more for a page thrown away).
    const again = await vendor.browser.fetch("/vendor");
    expect(again.status).toBe(302);
    expect(trips(again)).toBe(1);
  });

  it("signs out a seller whose account was deactivated: the dashboard asks them to sign in", async () => {
    const vendor = await signedInBrowser("vendor");
    expect((await vendor.browser.fetch("/vendor")).status).toBe(200);
    await env.DB.prepare("UPDATE users SET deactivated_at = ? WHERE id = ?").bind(Date.now(), vendor.id).run();
    const response = await vendor.browser.fetch("/vendor?tab=orders");
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toMatch(/^\/auth\?redirectTo=/);
    expect((await vendor.browser.fetch("/account")).status).toBe(302);
  });

  // Decision 0124: the conversation page marks a reader's notices read only once the visit that
  // rode with its batch found them still signed in.
  it("marks nothing read for a reader whose account was deactivated: the conversation asks them to sign in", async () => {
    const { seller, shopper, item } = await cast();
    const id = await ask(shopper.browser, item.id, "Still for sale?");
    const link = `/account/messages/${id}`;
    await eventually(async () => (await unreadNotices(seller.id, link)) || null);
    await (await seller.browser.fetch("/account")).text();
    await env.DB.prepare("UPDATE users SET deactivated_at = ? WHERE id = ?").bind(Date.now(), seller.id).run();
    const response = await seller.browser.fetch(`/account/messages/${id}`);
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toMatch(/^\/auth\?redirectTo=/);
    expect(await response.text()).not.toContain("Still for sale?");
    expect(await unreadNotices(seller.id, link)).toBe(1);
  });

  // Decision 0121: the store dashboard reads the store the session kept with its tab.
  it("reads a store owner's dashboard in one trip, and never shows a store given away since to its old owner", async () => {
    const [first, second] = [await signedInBrowser("storeOwner"), await signedInBrowser("storeOwner")];
    const storeId = `s_kept_${crypto.randomUUID().slice(0, 8)}`;
    await env.DB.prepare("INSERT INTO stores (id, name, owner_id, created_at) VALUES (?, ?, ?, ?)")
      .bind(storeId, `Kept Store ${storeId}`, first.id, Date.now())
      .run();
    // The first page after the store is theirs reads it afresh; the session keeps it from then on.
    expect(await (await first.browser.fetch("/store")).text()).toContain(`Kept Store ${storeId}`);
    const kept = await first.browser.fetch("/store?tab=products");
    expect(await kept.text()).toContain(`Kept Store ${storeId}`);
    expect(trips(kept)).toBe(1);
    // Given to another owner: the old owner's kept store is refused by the visit riding with it.
    await env.DB.prepare("UPDATE stores SET owner_id = ? WHERE id = ?").bind(second.id, storeId).run();
    const after = await first.browser.fetch("/store?tab=orders");
    expect(after.status).toBe(200);
    expect(await after.text()).not.toContain(`Kept Store ${storeId}`);
    expect(await (await second.browser.fetch("/store?tab=orders")).text()).toContain(`Kept Store ${storeId}`);
    // Gone altogether: its new owner is shown no store, as one who never had one.
    await env.DB.prepare("DELETE FROM stores WHERE id = ?").bind(storeId).run();
    const gone = await second.browser.fetch("/store?tab=orders");
    expect(gone.status).toBe(200);
    expect(await gone.text()).not.toContain(`Kept Store ${storeId}`);
  });

  it("gives a seller made staff the admin pages at once", async () => {
    const vendor = await signedInBrowser("vendor");
    expect((await vendor.browser.fetch("/admin/orders")).status).not.toBe(200);
    await env.DB.prepare("UPDATE user_roles SET role = 'team_member', admin_subrole = 'admin' WHERE user_id = ?")
      .bind(vendor.id)
      .run();
    const response = await vendor.browser.fetch("/admin/orders");
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("Orders");
  });
});
