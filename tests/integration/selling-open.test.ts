import { env } from "cloudflare:workers";
import { afterAll, describe, expect, it, vi } from "vitest";
import { SELLING_MESSAGES } from "../../app/domain/selling";
import { startSelling } from "../../app/services/selling.server";
import { signedIn, signedInBrowser } from "./actors";
import { accountOf, app, asFormData, first, form, mailTo, ownStore, roleOf, setMode } from "./selling-helpers";

// Start selling (issue 27 item 7; decision 0057), open sign-up: a verified person becomes a seller
// from their account at once (the default). Bad input changes nothing. When the site sells by
// approval, through a request staff decide: selling-approval.test.ts.

vi.setConfig({ testTimeout: 30_000 });

afterAll(() => setMode("open"));

describe("Start selling, open sign-up", () => {
  it("turns a verified shopper into a seller in one form: terms, display name, return address", async () => {
    const shopper = await signedInBrowser("shopper");
    const tab = await (await shopper.browser.fetch("/account?tab=products")).text();
    expect(tab).toContain("You need vendor access to manage products");
    expect(tab).toContain('href="/account/start-selling"');

    const page = await shopper.browser.fetch("/account/start-selling");
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("seller terms");
    expect(html).toContain('href="/pages/seller_terms"');

    const sent = form();
    const started = await shopper.browser.post("/account/start-selling", sent);
    expect(started.status).toBe(302);
    expect(started.headers.get("location")).toBe("/vendor");
    expect(await roleOf(shopper.id)).toEqual({ role: "individual", seller_role: "vendor", assigned_by: shopper.id });
    const user = await first<{ display_name: string; city: string; terms: number | null }>(
      "SELECT display_name, json_extract(return_address, '$.city') AS city, seller_terms_accepted_at AS terms FROM users WHERE id = ?",
      shopper.id,
    );
    expect(user).toMatchObject({ display_name: sent.displayName, city: "Edinburgh" });
    expect(user!.terms).not.toBeNull();
    expect((await mailTo(shopper.email, "selling_started")).subject).toBe("You can now sell on Closetloop");
    expect((await shopper.browser.fetch("/vendor")).status).toBe(200);
    expect(
      await first("SELECT action FROM audit_log WHERE target_id = ? AND action = 'user.start_selling'", shopper.id),
    ).toEqual({ action: "user.start_selling" });

    // A seller already: the page says so and leads to the dashboard; a second post changes nothing.
    const seller = await (await shopper.browser.fetch("/account/start-selling")).text();
    expect(seller).toContain(SELLING_MESSAGES.alreadySelling);
    expect(seller).toContain('href="/vendor"');
    const again = await shopper.browser.post("/account/start-selling", form());
    expect(again.status).toBe(409);
    expect(await again.text()).toContain(SELLING_MESSAGES.alreadySelling);
    expect(
      (await first<{ display_name: string }>("SELECT display_name FROM users WHERE id = ?", shopper.id))!.display_name,
    ).toBe(sent.displayName);
  });

  it.each([
    ["without the terms", { acceptTerms: "" }, SELLING_MESSAGES.termsRequired],
    ["with a display name that makes no clean address", { displayName: "<b>me</b>" }, "Display name can use letters"],
    ["without a city", { "return.city": "" }, "City"],
  ])("refuses a form %s with a clear message, and changes nothing", async (_what, overrides, message) => {
    const shopper = await signedInBrowser("shopper");
    const response = await shopper.browser.post("/account/start-selling", form(overrides));
    expect(response.status).toBe(400);
    expect(await response.text()).toContain(message);
    expect(await roleOf(shopper.id)).toBeNull();
    expect(await first("SELECT seller_terms_accepted_at FROM users WHERE id = ?", shopper.id)).toEqual({
      seller_terms_accepted_at: null,
    });
  });

  it("refuses a display name someone else has (409), at its field", async () => {
    const other = await signedIn("vendor");
    const taken = `Taken${Date.now().toString(36)}`;
    await env.DB.prepare("UPDATE users SET display_name = ? WHERE id = ?").bind(taken, other.id).run();
    const shopper = await signedInBrowser("shopper");
    const response = await shopper.browser.post("/account/start-selling", form({ displayName: taken.toLowerCase() }));
    expect(response.status).toBe(409);
    const refused = await response.text();
    expect(refused).toContain("This display name is already taken");
    // The terms box comes back as it was sent: ticked (decision 0068).
    expect(refused).toMatch(/<input type="checkbox"[^>]* name="acceptTerms" checked=""/);
    expect(await roleOf(shopper.id)).toBeNull();
    // Said at once, beside the form's other mistakes: not only once the rest is right.
    const both = await shopper.browser.post(
      "/account/start-selling",
      form({ displayName: taken.toLowerCase(), "return.city": "" }),
    );
    expect(both.status).toBe(400);
    const bothText = await both.text();
    expect(bothText).toContain("This display name is already taken");
    expect(bothText).toContain("City is required");
  });

  it("refuses unverified and deactivated accounts (403) and staff (409)", async () => {
    const unverified = await signedIn("shopper", { verified: false });
    const deactivated = await signedIn("shopper", { deactivated: true });
    const legacyAdmin = await signedIn("shopper");
    await env.DB.prepare("INSERT INTO user_roles (user_id, role, assigned_at) VALUES (?, 'admin', 0)")
      .bind(legacyAdmin.id)
      .run();
    expect(await startSelling(app(), unverified.id, asFormData(form()), Date.now())).toMatchObject({
      ok: false,
      status: 403,
      message: SELLING_MESSAGES.unverified,
    });
    expect(await startSelling(app(), deactivated.id, asFormData(form()), Date.now())).toMatchObject({
      ok: false,
      status: 403,
      message: SELLING_MESSAGES.deactivated,
    });
    expect(await startSelling(app(), legacyAdmin.id, asFormData(form()), Date.now())).toMatchObject({
      ok: false,
      status: 409,
      message: SELLING_MESSAGES.staffAccount,
    });
    expect(await roleOf(unverified.id)).toBeNull();
    expect(await roleOf(deactivated.id)).toBeNull();
  });

  it("settles a request made while the site sold by approval: the person sells at once, and it no longer waits for staff", async () => {
    const asked = await signedInBrowser("shopper");
    await env.DB.prepare("INSERT INTO seller_requests (user_id, status, created_at) VALUES (?, 'pending', ?)")
      .bind(asked.id, Date.now() - 86_400_000)
      .run();
    // Their Products tab shows the way in, not a request still waiting (decision 0068).
    const tab = await (await asked.browser.fetch("/account?tab=products")).text();
    expect(tab).toContain("no longer needs to wait for review: you can start now.");
    expect(tab).toContain('href="/account/start-selling"');
    expect(tab).not.toContain("is waiting for review");
    const started = await asked.browser.post("/account/start-selling", form());
    expect(started.status).toBe(302);
    expect(started.headers.get("location")).toBe("/vendor");
    expect(await roleOf(asked.id)).toMatchObject({ seller_role: "vendor" });
    expect(await first("SELECT status, reviewed_by FROM seller_requests WHERE user_id = ?", asked.id)).toEqual({
      status: "approved",
      reviewed_by: asked.id,
    });
    const admin = await signedInBrowser("admin");
    const users = await (await admin.browser.fetch("/admin/users")).text();
    const waiting = users.slice(users.indexOf('id="seller-requests"'), users.indexOf("Recently decided"));
    expect(waiting).toContain("Requests to sell");
    expect(waiting).not.toContain(asked.email);
  });

  it("lets a store owner sell as themselves at once, keeping their store: their display name changes, /store and /vendor both answer", async () => {
    const owner = await signedInBrowser("storeOwner");
    await ownStore(owner.id);
    const sent = form();
    const response = await owner.browser.post("/account/start-selling", sent);
    expect(response.status).toBe(302);
    expect(await roleOf(owner.id)).toMatchObject({ role: "individual", seller_role: "store" });
    expect(await accountOf(owner.id)).toMatchObject({ display_name: sent.displayName });
    expect((await owner.browser.fetch("/store")).status).toBe(200);
    expect((await owner.browser.fetch("/vendor")).status).toBe(200);
  });

  it("tells anyone who already sells so (409) and changes nothing, whichever the sign-up mode", async () => {
    for (const mode of ["open", "approval"]) {
      await setMode(mode);
      for (const actor of ["vendor", "storeOwner"] as const) {
        const seller = await signedInBrowser(actor);
        // A store owner who started selling already: vendor access beside their store.
        if (actor === "storeOwner")
          await env.DB.prepare("UPDATE user_roles SET role = 'individual' WHERE user_id = ?").bind(seller.id).run();
        const before = { account: await accountOf(seller.id), role: await roleOf(seller.id) };
        const response = await seller.browser.post("/account/start-selling", form({ "return.city": "Glasgow" }));
        expect(response.status, `${actor} (${mode})`).toBe(409);
        expect(await response.text()).toContain(SELLING_MESSAGES.alreadySelling);
        expect(await accountOf(seller.id)).toEqual(before.account);
        expect(await roleOf(seller.id)).toEqual(before.role);
        expect(await first("SELECT status FROM seller_requests WHERE user_id = ?", seller.id)).toBeNull();
      }
    }
    await setMode("open");
  });
});
