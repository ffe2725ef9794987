import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { SAVED_SEARCH_MESSAGES } from "../../app/domain/alerts";
import { createProduct, createUser, databaseFingerprint, eventually } from "./factories";
import { Browser } from "./http";
import { toastAfter } from "./admin-content-fixtures";
import { DAY, tag, nextIp, shopper, noticesOf, count, settle, runDaily } from "./alerts-helpers";

// Issue 25, item 7: saved searches (the daily job tells of each new match once, once a day at
// most), with their refusals.

describe("saved searches", () => {
  it("saves a listing URL with a name from a listing page, lists it in the account and deletes it", async () => {
    const user = await shopper();
    const listing = await (await user.browser.fetch("/all-products?color=Black&after=abc")).text();
    expect(listing).toContain('action="/account/saved-searches"');
    expect(listing).toContain('name="url" value="/all-products?color=Black"');
    const saved = await user.browser.post("/account/saved-searches", {
      intent: "save",
      name: "Black things",
      url: "/all-products?color=Black",
    });
    expect(saved.headers.get("location")).toBe("/account/saved-searches");
    const page = await (await user.browser.fetch("/account/saved-searches")).text();
    expect(page).toContain("Black things");
    expect(page).toContain('href="/all-products?color=Black"');
    // The same listing again is kept once, and the person is told under which name.
    const twice = await user.browser.post("/account/saved-searches", {
      intent: "save",
      name: "Black again",
      url: "/all-products?color=Black",
    });
    expect(await toastAfter(user.browser, twice)).toEqual([
      "Already saved",
      "You already saved this search as “Black things”.",
    ]);
    expect(
      await env.DB.prepare("SELECT count(*) AS n FROM saved_searches WHERE user_id = ?").bind(user.id).first(),
    ).toEqual({ n: 1 });
    const [row] = (
      await env.DB.prepare("SELECT id FROM saved_searches WHERE user_id = ?").bind(user.id).all<{ id: string }>()
    ).results;
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
      Array.from({ length: 20 }, (_, i) =>
        env.DB.prepare(
          "INSERT INTO saved_searches (id, user_id, name, url, created_at) VALUES (?, ?, ?, '/all-products', ?)",
        ).bind(`ss_max_${user.id}_${i}`, user.id, `Search ${i}`, now + i),
      ),
    );
    const before = await databaseFingerprint();
    const full = await user.browser.post("/account/saved-searches", {
      intent: "save",
      name: "One more",
      url: "/all-products?color=Red",
    });
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
    await env.DB.prepare(
      "INSERT INTO saved_searches (id, user_id, name, url, created_at) VALUES (?, ?, 'My brand', ?, ?)",
    )
      .bind(searchId, user.id, `/all-products?brand=${brand}`, savedAt)
      .run();

    // 3 Feb 03:00 UTC: A and B are new; the old one and another brand's are not.
    await runDaily(Date.UTC(2027, 1, 3, 3));
    const [first] = await eventually(async () => {
      const rows = await noticesOf(user.id, "saved_search_matches");
      return rows.length ? rows : null;
    });
    expect(first).toMatchObject({ title: "2 new items match “My brand”", link: `/all-products?brand=${brand}` });
    const email = await eventually(() =>
      env.DB.prepare("SELECT body FROM notification_outbox WHERE recipient = ? AND kind = 'saved_search_matches'")
        .bind(user.email)
        .first<{ body: string }>(),
    );
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
    const emails = (
      await env.DB.prepare(
        "SELECT body FROM notification_outbox WHERE recipient = ? AND kind = 'saved_search_matches' ORDER BY created_at",
      )
        .bind(user.email)
        .all<{ body: string }>()
    ).results;
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
    expect(
      (await visitor.fetch(`/saved-searches/unsubscribe?token=${encodeURIComponent(token.slice(0, -2))}xx`)).status,
    ).toBe(400);
  });

  it("e-mails only where the person's alerts preference allows; the notification is written either way", async () => {
    const user = await shopper();
    const brand = `Quiet${tag}`;
    const savedAt = Date.UTC(2027, 2, 1, 12);
    await createProduct((await createUser()).id, { brand, createdAt: savedAt + DAY });
    await env.DB.batch([
      env.DB.prepare(
        "INSERT INTO notification_preferences (user_id, category, email, updated_at) VALUES (?, 'alerts', 0, ?)",
      ).bind(user.id, savedAt),
      env.DB.prepare(
        "INSERT INTO saved_searches (id, user_id, name, url, created_at) VALUES (?, ?, 'Quiet', ?, ?)",
      ).bind(`ss_quiet_${tag}`, user.id, `/all-products?brand=${brand}`, savedAt),
    ]);
    await runDaily(Date.UTC(2027, 2, 3, 3));
    await eventually(async () => (await noticesOf(user.id, "saved_search_matches"))[0]);
    await settle();
    expect(
      await count(
        "SELECT count(*) AS n FROM notification_outbox WHERE recipient = ? AND kind = 'saved_search_matches'",
        user.email,
      ),
    ).toBe(0);
  });
});
