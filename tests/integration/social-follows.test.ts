import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { signedInBrowser } from "./actors";
import { createProduct, createUser, databaseFingerprint, outboxQuiet } from "./factories";
import { queueDrained } from "./queue-drained";
import { runDaily } from "./alerts-helpers";
import { as, block, get, settle } from "./personal-page-helpers";

// Following sellers and stores (issue 46 item 1; decision 0090): the Follow button on a profile
// (a plain form: 'Following' after), the follower count, the account's Following list, home's
// 'From sellers you follow' (a personal part, never in the shared copy), the notification of a
// listing gone live, the daily digest for those who chose it, and every refusal.

const rows = async (sql: string, ...binds: unknown[]) =>
  (
    await env.DB.prepare(sql)
      .bind(...binds)
      .all()
  ).results;
const followButton = (html: string, key: string) =>
  html.match(new RegExp(`<form[^>]*data-follow="${key}"[\\s\\S]*?</form>`))?.[0] ?? "";

async function seller(name: string) {
  const user = await createUser({
    displayName: `${name}${crypto.randomUUID().slice(0, 6)}`,
    fullName: `Private ${name} Fullname`,
  });
  return user as typeof user & { displayName: string };
}

describe("following a seller", () => {
  it("follows from the profile without JavaScript: back on the profile it says Following and counts the follower; the list unfollows", async () => {
    const vera = await seller("Vera");
    const shopper = await signedInBrowser("shopper");
    const profile = `/${vera.displayName}`;
    const before = await (await shopper.browser.fetch(profile)).text();
    expect(followButton(before, `seller:${vera.id}`)).toContain(">Follow</button>");
    expect(before).toContain("0 followers");

    const response = await shopper.browser.post("/account/following", {
      intent: "follow",
      kind: "seller",
      id: vera.id,
      returnTo: profile,
    });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(profile);
    // Back on the profile (rendered for them, with the toast): Following, and the public count.
    const html = await (await shopper.browser.fetch(profile)).text();
    expect(followButton(html, `seller:${vera.id}`)).toContain(">Following</button>");
    expect(followButton(html, `seller:${vera.id}`)).toContain('aria-pressed="true"');
    expect(html).toContain("1 follower");
    // The Worker as deployed: the shared page, stitched for this visitor, says Following too, and
    // carries it in the data block for hydration; the shared copy never holds anyone's Following.
    await settle(shopper.browser);
    const stitched = await as(shopper.browser, profile);
    expect(stitched.state).toMatch(/^stitched/);
    expect(followButton(stitched.text, `seller:${vera.id}`)).toContain(">Following</button>");
    expect(block(stitched.text).follows).toEqual({ [`seller:${vera.id}`]: true });
    const anonymous = await get(profile);
    expect(anonymous.state).toMatch(/^(hit|memory)$/);
    expect(followButton(anonymous.text, `seller:${vera.id}`)).toContain(">Follow</button>");
    expect(anonymous.text).not.toContain(">Following</button>");
    expect(anonymous.text).toContain("1 follower");

    const list = await (await shopper.browser.fetch("/account/following")).text();
    expect(list).toContain(vera.displayName);
    expect(list).not.toContain("Private Vera Fullname");
    expect(
      (await shopper.browser.post("/account/following", { intent: "unfollow", kind: "seller", id: vera.id })).status,
    ).toBe(302);
    expect(await rows("SELECT id FROM follows WHERE follower_id = ?", shopper.id)).toEqual([]);
    expect(await (await shopper.browser.fetch("/account/following")).text()).toContain(
      "You don&#x27;t follow anyone yet",
    );
  });

  it("follows in place with JavaScript (the fetcher's answer) and a store from its page", async () => {
    const owner = await createUser();
    const storeId = `store_follow_${crypto.randomUUID().slice(0, 8)}`;
    await env.DB.prepare("INSERT INTO stores (id, name, owner_id, created_at) VALUES (?, 'Follow Boutique', ?, ?)")
      .bind(storeId, owner.id, Date.now())
      .run();
    const shopper = await signedInBrowser("shopper");
    const enhanced = await shopper.browser.post("/account/following", {
      intent: "follow",
      kind: "store",
      id: storeId,
      enhanced: "1",
    });
    expect(enhanced.status).toBe(200);
    const page = await (await shopper.browser.fetch(`/store/${storeId}`)).text();
    expect(followButton(page, `store:${storeId}`)).toContain(">Following</button>");
    expect(page).toContain("1 follower");
    expect(await (await shopper.browser.fetch("/account/following")).text()).toContain("Follow Boutique");
  });

  it.each([
    ["oneself", async (me: string) => ({ kind: "seller", id: me }), 400, "You cannot follow yourself"],
    [
      "a deactivated seller",
      async () => {
        const gone = await createUser();
        await env.DB.prepare("UPDATE users SET deactivated_at = ? WHERE id = ?").bind(Date.now(), gone.id).run();
        return { kind: "seller", id: gone.id };
      },
      404,
      "This seller is no longer on Closetloop",
    ],
    ["nobody", async () => ({ kind: "seller", id: "user_nobody" }), 404, "This seller is no longer on Closetloop"],
    ["a made-up kind", async () => ({ kind: "admin", id: "user_x" }), 400, "Choose a seller or a store to follow"],
  ])("refuses following %s with a message and a 4xx, changing nothing", async (_label, target, status, message) => {
    const shopper = await signedInBrowser("shopper");
    const fields = await target(shopper.id);
    const before = await databaseFingerprint();
    const response = await shopper.browser.post("/account/following", { intent: "follow", ...fields, enhanced: "1" });
    expect(response.status).toBe(status);
    expect(await response.text()).toContain(message);
    expect(await databaseFingerprint()).toBe(before);
  });

  it("the product page's seller card and 'Ships to' speak for whoever handles the item: its seller, or the store managing it", async () => {
    const vera = await seller("Vera");
    const storeId = `store_item_${crypto.randomUUID().slice(0, 8)}`;
    await env.DB.prepare(
      "INSERT INTO stores (id, name, owner_id, ship_reach, ship_fee_europe, ship_fee_world, created_at) VALUES (?, 'Item Boutique', ?, 'worldwide', 1500, 2500, ?)",
    )
      .bind(storeId, (await createUser()).id, Date.now())
      .run();
    const own = await createProduct(vera.id, { name: `Own Coat ${vera.displayName}` });
    const managed = await createProduct(vera.id, { name: `Managed Coat ${vera.displayName}` });
    await env.DB.prepare("UPDATE products SET store_id = ?, status = 'approved', concierge_status = 'yes' WHERE id = ?")
      .bind(storeId, managed.id)
      .run();
    const shopper = await signedInBrowser("shopper");
    await shopper.browser.post("/account/following", { intent: "follow", kind: "store", id: storeId });

    const ownPage = await (await shopper.browser.fetch(`/product/${own.id}`)).text();
    expect(followButton(ownPage, `seller:${vera.id}`)).toContain(">Follow</button>");
    expect(ownPage).toContain("Ships within the United Kingdom only");
    const managedPage = await (await shopper.browser.fetch(`/product/${managed.id}`)).text();
    expect(followButton(managedPage, `store:${storeId}`)).toContain(">Following</button>");
    expect(managedPage).toContain("Ships worldwide");
    expect(managedPage).toContain("Europe: £15.00 delivery");
  });

  it("refuses a second follow with 409 and keeps one", async () => {
    const vera = await seller("Twice");
    const shopper = await signedInBrowser("shopper");
    await shopper.browser.post("/account/following", { intent: "follow", kind: "seller", id: vera.id });
    const before = await databaseFingerprint();
    const twice = await shopper.browser.post("/account/following", {
      intent: "follow",
      kind: "seller",
      id: vera.id,
      enhanced: "1",
    });
    expect(twice.status).toBe(409);
    expect(await twice.text()).toContain("You already follow them");
    expect(await databaseFingerprint()).toBe(before);
    expect(await rows("SELECT count(*) AS n FROM follows WHERE follower_id = ?", shopper.id)).toEqual([{ n: 1 }]);
  });
});

describe("what followers see", () => {
  it("home's 'From sellers you follow' is stitched in for the follower only, never into the shared copy", async () => {
    const vera = await seller("Rail");
    const item = await createProduct(vera.id, { name: `Followed Frock ${crypto.randomUUID().slice(0, 6)}` });
    const shopper = await signedInBrowser("shopper");
    await shopper.browser.post("/account/following", { intent: "follow", kind: "seller", id: vera.id });
    // Rendered for them (a page with a toast, a client navigation): from the loader.
    expect(await (await shopper.browser.fetch("/")).text()).toContain("From sellers you follow");
    // The Worker as deployed: the shared home page with the rail stitched in.
    await settle(shopper.browser);
    const home = await as(shopper.browser, "/");
    expect(home.state).toMatch(/^stitched/);
    const rail = home.text.match(/<section data-personal="following"[\s\S]*?<\/section>/)?.[0] ?? "";
    expect(rail).toContain("From sellers you follow");
    expect(rail).toContain(item.name);
    expect(block(home.text).followingRail.map((p: { id: string }) => p.id)).toContain(item.id);
    // The shared copy (the next anonymous visitor's, from the page cache) has only the empty placeholder.
    const anonymous = await get("/");
    expect(anonymous.state).toMatch(/^(hit|memory)$/);
    expect(anonymous.text).not.toContain("From sellers you follow");
    expect(anonymous.text).toContain('<div data-personal="following" hidden=""></div>');
    // Another signed-in shopper, following nobody, has no rail either.
    const other = await signedInBrowser("shopper");
    await settle(other.browser);
    const theirs = await as(other.browser, "/");
    expect(theirs.state).toMatch(/^stitched/);
    expect(theirs.text).not.toContain("From sellers you follow");
    expect(theirs.text).toContain('<div data-personal="following" hidden=""></div>');
  });

  it("a followed seller's listing gone live reaches the notification centre, never an e-mail of its own; the daily digest goes to those who chose it", async () => {
    await outboxQuiet();
    const vera = await seller("Live");
    const pending = await createProduct(vera.id, {
      name: `Digest Dress ${crypto.randomUUID().slice(0, 6)}`,
      productStatus: "pending",
    });
    await env.DB.prepare("UPDATE products SET status = 'pending' WHERE id = ?").bind(pending.id).run();
    const keen = await signedInBrowser("shopper");
    const quiet = await signedInBrowser("shopper");
    for (const follower of [keen, quiet])
      await follower.browser.post("/account/following", { intent: "follow", kind: "seller", id: vera.id });
    // The keen one switches the daily e-mail on (the Profile's settings: every category's box is sent).
    const settings = await keen.browser.post("/account?tab=profile", {
      intent: "notification_preferences",
      email: ["selling", "store", "payouts", "marketing", "alerts", "messages", "following"],
    });
    expect(settings.status).toBe(302);

    const reviewer = await signedInBrowser("productReviewer");
    expect((await reviewer.browser.post("/admin/products", { intent: "approve", productId: pending.id })).status).toBe(
      302,
    );
    await queueDrained();
    for (const follower of [keen, quiet]) {
      expect(await rows("SELECT kind, title, link FROM notifications WHERE user_id = ?", follower.id)).toEqual([
        {
          kind: "followed_new_listing",
          title: `New from ${vera.displayName}: ${pending.name}`,
          link: `/product/${pending.id}`,
        },
      ]);
      expect(await rows("SELECT id FROM notification_outbox WHERE recipient = ?", follower.email)).toEqual([]);
    }
    expect(await (await keen.browser.fetch("/account/notifications")).text()).toContain(`New from ${vera.displayName}`);

    const morning = Date.now() + 60_000;
    await runDaily(morning);
    await queueDrained();
    const digests = await rows(
      "SELECT recipient, subject, body, payload FROM notification_outbox WHERE kind = 'following_digest'",
    );
    expect(digests.map((d) => d.recipient)).toEqual([keen.email]);
    expect(digests[0]!.subject).toBe("New from sellers you follow: 1 item");
    expect(String(digests[0]!.body)).toContain(pending.name);
    // Its category carries the one-click unsubscribe link when rendered (email-render.server.tsx).
    expect(JSON.parse(String(digests[0]!.payload))).toMatchObject({ category: "following", userId: keen.id });
    // The digest is no notification of its own, and a second run the same day sends nothing more.
    expect(
      await rows("SELECT kind FROM notifications WHERE user_id = ? AND kind = 'following_digest'", keen.id),
    ).toEqual([]);
    await runDaily(morning + 60_000);
    await queueDrained();
    expect(await rows("SELECT count(*) AS n FROM notification_outbox WHERE kind = 'following_digest'")).toEqual([
      { n: 1 },
    ]);
  });
});
