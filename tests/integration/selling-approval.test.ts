import { env } from "cloudflare:workers";
import { afterAll, describe, expect, it, vi } from "vitest";
import { SELLING_MESSAGES } from "../../app/domain/selling";
import { signedIn, signedInBrowser } from "./actors";
import { eventually } from "./factories";
import { accountOf, first, form, mailTo, ownStore, roleOf, setMode } from "./selling-helpers";

// Start selling (issue 27 item 7; decision 0057) by approval: when sign-up is 'by approval' a
// verified person's request goes to staff, who decline it with a reason or approve it. Bad input
// changes nothing. Open sign-up: selling-open.test.ts.

vi.setConfig({ testTimeout: 30_000 });

afterAll(() => setMode("open"));

describe("Start selling by approval", () => {
  it("sends a request staff decline with a reason, then approve; the applicant is told each time", async () => {
    const admin = await signedInBrowser("admin");
    // The setting is chosen on the Content tab; an unknown value is refused.
    const bad = await admin.browser.post("/admin/content", { intent: "selling", seller_signup: "everyone" });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain("Please choose who can start selling");
    const saved = await admin.browser.post("/admin/content", { intent: "selling", seller_signup: "approval" });
    expect(saved.status).toBe(302);

    const shopper = await signedInBrowser("shopper");
    expect(await (await shopper.browser.fetch("/account/start-selling")).text()).toContain("Send request");
    const sent = await shopper.browser.post("/account/start-selling", form());
    expect(sent.status).toBe(302);
    expect(sent.headers.get("location")).toBe("/account?tab=products");
    expect(await roleOf(shopper.id)).toBeNull();
    expect(await first("SELECT status FROM seller_requests WHERE user_id = ?", shopper.id)).toEqual({
      status: "pending",
    });
    expect((await mailTo(shopper.email, "seller_request_received")).subject).toBe("We received your request to sell");
    expect(await (await shopper.browser.fetch("/account?tab=products")).text()).toContain("is waiting for review");
    // Asking twice while it waits: refused, one request.
    const twice = await shopper.browser.post("/account/start-selling", form());
    expect(twice.status).toBe(409);
    expect(await twice.text()).toContain(SELLING_MESSAGES.pending);

    // Staff see it on the Users tab, and the admins were told it waits.
    const users = await (await admin.browser.fetch("/admin/users")).text();
    expect(users).toContain("Requests to sell");
    expect(users).toContain(shopper.email);
    expect(
      await eventually(() =>
        first("SELECT kind FROM notifications WHERE user_id = ? AND kind = 'seller_request_waiting'", admin.id),
      ),
    ).toEqual({ kind: "seller_request_waiting" });

    // Declining needs a reason; with one, the applicant reads it.
    const noReason = await admin.browser.post("/admin/users", { intent: "reject", sellerId: shopper.id, reason: "" });
    expect(noReason.status).toBe(400);
    expect(await first("SELECT status FROM seller_requests WHERE user_id = ?", shopper.id)).toEqual({
      status: "pending",
    });
    const declined = await admin.browser.post("/admin/users", {
      intent: "reject",
      sellerId: shopper.id,
      reason: "Please add photos of your own items first.",
    });
    expect(declined.status).toBe(302);
    expect((await mailTo(shopper.email, "seller_request_decided")).body).toContain(
      "Please add photos of your own items first.",
    );
    expect(await roleOf(shopper.id)).toBeNull();

    // Asking again, then approved: vendor access, stamped by the staff member.
    expect((await shopper.browser.post("/account/start-selling", form())).status).toBe(302);
    const approved = await admin.browser.post("/admin/users", { intent: "approve", sellerId: shopper.id });
    expect(approved.status).toBe(302);
    expect(await roleOf(shopper.id)).toEqual({ role: "individual", seller_role: "vendor", assigned_by: admin.id });
    expect(await first("SELECT status, reviewed_by FROM seller_requests WHERE user_id = ?", shopper.id)).toEqual({
      status: "approved",
      reviewed_by: admin.id,
    });
    // Deciding it again: it no longer waits.
    const again = await admin.browser.post("/admin/users", { intent: "approve", sellerId: shopper.id });
    expect(again.status).toBe(404);
    expect(await again.text()).toContain(SELLING_MESSAGES.notFound);
    await setMode("open");
  });

  it("changes a store owner's display name and role only when staff approve: then /store and /vendor both answer", async () => {
    await setMode("approval");
    const admin = await signedInBrowser("admin");
    const owner = await signedInBrowser("storeOwner");
    await ownStore(owner.id);
    const before = await accountOf(owner.id);
    const sent = form({ "return.city": "Glasgow" });
    expect((await owner.browser.post("/account/start-selling", sent)).status).toBe(302);
    // Waiting: the account is as it was (the terms' acceptance aside), the store still theirs, no vendor access.
    expect(await accountOf(owner.id)).toMatchObject({
      display_name: before!.display_name,
      return_address: before!.return_address,
    });
    expect(await roleOf(owner.id)).toMatchObject({ role: "store", seller_role: "store" });
    expect((await owner.browser.fetch("/store")).status).toBe(200);
    expect((await owner.browser.fetch("/vendor")).status).not.toBe(200);
    // Staff see the name it asks for.
    expect(await (await admin.browser.fetch("/admin/users")).text()).toContain(sent.displayName);

    expect((await admin.browser.post("/admin/users", { intent: "approve", sellerId: owner.id })).status).toBe(302);
    const after = await accountOf(owner.id);
    expect(after!.display_name).toBe(sent.displayName);
    expect(JSON.parse(after!.return_address!)).toMatchObject({ city: "Glasgow", addressLine1: "8 Elm Row" });
    expect(await roleOf(owner.id)).toEqual({ role: "individual", seller_role: "store", assigned_by: admin.id });
    expect((await owner.browser.fetch("/store")).status).toBe(200);
    expect((await owner.browser.fetch("/vendor")).status).toBe(200);
    await setMode("open");
  });

  it("refuses to approve a request whose display name someone took while it waited (409), and changes nothing", async () => {
    await setMode("approval");
    const admin = await signedInBrowser("admin");
    const shopper = await signedInBrowser("shopper");
    const sent = form();
    expect((await shopper.browser.post("/account/start-selling", sent)).status).toBe(302);
    const other = await signedIn("shopper");
    await env.DB.prepare("UPDATE users SET display_name = ? WHERE id = ?").bind(sent.displayName, other.id).run();
    const refused = await admin.browser.post("/admin/users", { intent: "approve", sellerId: shopper.id });
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain("The display name this request asks for is now someone else&#x27;s");
    expect(await roleOf(shopper.id)).toBeNull();
    expect(await first("SELECT status FROM seller_requests WHERE user_id = ?", shopper.id)).toEqual({
      status: "pending",
    });
    expect((await accountOf(shopper.id))!.display_name).toBeNull();
    await setMode("open");
  });
});
