import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { signedInBrowser } from "./actors";
import { createUser } from "./factories";
import { nextIp, loopback, rows, accountOf, setUpFrom, localSeller, onboard } from "./payouts-helpers";

// Payouts through Connect (issue 27 item 4; docs/decisions/0056-connect-payouts.md), with the
// local provider: 'Set up payouts' on the seller and store dashboards (a plain form, 303 to the
// hosted onboarding page), the local onboarding page (Complete / Leave unfinished), and who may.

describe("Set up payouts on the seller dashboard", () => {
  it("shows Not started, answers the form with a 303 to the hosted onboarding, and Complete makes it Active", async () => {
    const seller = await localSeller();
    const before = await (await seller.browser.fetch("/vendor")).text();
    expect(before).toContain("Set up payouts");
    expect(before).toMatch(/Payouts: <strong[^>]*>Not started</);
    const path = await setUpFrom(seller.browser, "/vendor");
    const account = await accountOf("owner", seller.id);
    expect(account).toMatchObject({
      provider: "local",
      status: "not_started",
      provider_account_id: path.split("/").pop(),
    });
    // Sent again (a second tab, a double click): the same account, a fresh link.
    expect(await setUpFrom(seller.browser, "/vendor")).toBe(path);
    expect(await rows("SELECT count(*) AS n FROM payee_accounts WHERE payee_id = ?", seller.id)).toEqual([{ n: 1 }]);

    await onboard(seller.browser, path, "complete");
    const after = await (await seller.browser.fetch("/vendor?payouts=return")).text();
    expect(after).toMatch(/Payouts: <strong[^>]*>Active</);
    expect(after).not.toContain("Before you can be paid");
    expect((await accountOf("owner", seller.id))?.status).toBe("active");
  });

  it("Leave unfinished leaves it pending verification, shown on the dashboard as still missing", async () => {
    const seller = await localSeller();
    const path = await setUpFrom(seller.browser, "/vendor");
    await onboard(seller.browser, path, "leave");
    expect((await accountOf("owner", seller.id))?.status).toBe("pending_verification");
    const html = await (await seller.browser.fetch("/vendor?payouts=return")).text();
    expect(html).toContain("Before you can be paid");
    expect(html).toContain("Your payout details are being verified");
    expect(html).toMatch(/Payouts: <strong[^>]*>Pending verification</);
    expect(html).toContain("Continue payout setup");
  });

  it("sets up the signed-in seller's own account only, whatever the form names", async () => {
    const other = await createUser();
    const seller = await signedInBrowser("vendor", { ip: nextIp() });
    const response = await seller.browser.post("/vendor", {
      intent: "setup_payouts",
      payeeId: other.id,
      payeeType: "owner",
    });
    expect(response.status).toBe(303);
    expect(await accountOf("owner", other.id)).toBeNull();
    expect(await accountOf("owner", seller.id)).not.toBeNull();
  });

  it("is not there for a shopper (the area guard) nor for anyone signed out", async () => {
    const shopper = await signedInBrowser("shopper", { ip: nextIp() });
    const refused = await shopper.browser.post("/vendor", { intent: "setup_payouts" });
    expect(refused.status).toBe(302);
    expect(refused.headers.get("location")).toBe("/");
    expect(await accountOf("owner", shopper.id)).toBeNull();
  });

  it("the onboarding page is not there from another machine, nor for an unknown account", async () => {
    const seller = await signedInBrowser("vendor", { ip: nextIp() });
    const path = await setUpFrom(seller.browser, "/vendor");
    expect((await seller.browser.fetch(path)).status).toBe(404);
    expect((await seller.browser.post(path, { intent: "complete" })).status).toBe(404);
    expect((await accountOf("owner", seller.id))?.status).toBe("not_started");
    const local = await localSeller();
    expect((await local.browser.fetch("/dev/payments/onboarding/acct_local_0000000000000000")).status).toBe(404);
    expect((await local.browser.fetch("/dev/payments/onboarding/not-an-account")).status).toBe(404);
    expect((await local.browser.post(path, { intent: "nonsense" })).status).toBe(400);
  });
});

describe("Set up payouts on the store dashboard", () => {
  async function storeOwnerWithStore(ip = loopback()) {
    const owner = await signedInBrowser("storeOwner", { ip });
    const storeId = `store_p_${crypto.randomUUID().slice(0, 8)}`;
    await env.DB.prepare(
      "INSERT INTO stores (id, name, owner_id, contact_email, created_at) VALUES (?, 'Payout Store', ?, ?, ?)",
    )
      .bind(storeId, owner.id, `${storeId}@example.test`, Date.now())
      .run();
    return { ...owner, storeId };
  }

  it("the store's owner sets up the store's account and comes back to the store dashboard", async () => {
    const owner = await storeOwnerWithStore();
    expect(await (await owner.browser.fetch("/store")).text()).toMatch(/Payouts: <strong[^>]*>Not started</);
    const path = await setUpFrom(owner.browser, "/store");
    expect(await accountOf("store", owner.storeId)).toMatchObject({ status: "not_started" });
    await onboard(owner.browser, path, "complete", "/store?payouts=return");
    expect(await (await owner.browser.fetch("/store?payouts=return")).text()).toMatch(/Payouts: <strong[^>]*>Active</);
  });

  it("another store's owner cannot reach it (their own store is the only one they act for), and staff running the store get a 403", async () => {
    const victim = await storeOwnerWithStore(nextIp());
    const other = await storeOwnerWithStore(nextIp());
    // ?store= is ignored for store owners (decision 0029): this sets up their own store.
    const own = await other.browser.post(`/store?store=${victim.storeId}`, { intent: "setup_payouts" });
    expect(own.status).toBe(303);
    expect(await accountOf("store", victim.storeId)).toBeNull();
    expect(await accountOf("store", other.storeId)).not.toBeNull();

    for (const who of ["superadmin", "admin"] as const) {
      const staff = await signedInBrowser(who, { ip: nextIp() });
      const refused = await staff.browser.post(`/store?store=${victim.storeId}`, { intent: "setup_payouts" });
      expect(refused.status).toBe(403);
      expect(await refused.text()).toContain("Only the store&#x27;s owner can set up its payouts");
      // They see the status, without the button.
      const page = await (await staff.browser.fetch(`/store?store=${victim.storeId}`)).text();
      expect(page).toMatch(/Payouts: <strong[^>]*>Not started</);
    }
    expect(await accountOf("store", victim.storeId)).toBeNull();
    // Staff without a store chosen: there is no store to act for.
    const staff = await signedInBrowser("superadmin", { ip: nextIp() });
    expect((await staff.browser.post("/store?store=no-such-store", { intent: "setup_payouts" })).status).toBe(404);
    // A seller without a store: the store area is not theirs.
    const seller = await signedInBrowser("vendor", { ip: nextIp() });
    expect((await seller.browser.post(`/store?store=${victim.storeId}`, { intent: "setup_payouts" })).status).toBe(302);
    expect(await accountOf("store", victim.storeId)).toBeNull();
  });
});
