import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import { forgetPages } from "../../app/services/page-cache.server";
import { database } from "../../app/data/db.server";
import { deactivateUser, saveRoles, targetUser } from "../../app/data/admin-users.server";
import { PASSWORD, signedIn, signedInBrowser } from "./actors";
import { calculatedPayout, orderOf } from "./admin-data";
import { createProduct, createUser, databaseFingerprint, eventually } from "./factories";
import { Browser } from "./http";
import { first, all, as, activeSuperadmins, withOnlySuperadmins, toastAfter, anonymousPage } from "./admin-fixtures";

// The admin Users and Roles tabs (issue 14; decision 0031): what staff see of users and what
// they may change, roles saved only by superadmins, and never the last active superadmin.

// Each case signs several actors in (PBKDF2) and waits for the queue: more than the default 5 s on a busy machine.
vi.setConfig({ testTimeout: 30_000 });

describe("Users", () => {
  it("shows name, e-mail, type, roles, orders, joined and status; searchable", async () => {
    const person = await createUser({ fullName: "Tabled Tom", email: `tom-${Date.now()}@example.test` });
    await orderOf({ shopperId: person.id });
    await orderOf({ shopperId: person.id });
    const { browser } = await as("admin");
    const html = await (await browser.fetch(`/admin/users?q=${encodeURIComponent(person.email)}`)).text();
    const row = /<tbody[^>]*>(<tr[\s\S]*?<\/tr>)/.exec(html)![1]!;
    for (const text of ["Tabled Tom", person.email, "individual", "Shopper", ">2<", ">active<"])
      expect(row).toContain(text);
    // An admin is not offered Superadmin; a superadmin is.
    expect(row).not.toContain('value="superadmin"');
    const superadmin = await as("superadmin");
    expect(
      await (await superadmin.browser.fetch(`/admin/users?q=${encodeURIComponent(person.email)}`)).text(),
    ).toContain('<option value="superadmin">Superadmin</option>');
  });

  it("assigns and removes an admin sub-role by §4's rule (a shopper goes back to a shopper), with an audit row each", async () => {
    const person = await createUser();
    const admin = await as("admin");
    const assign = await admin.browser.post("/admin/users", {
      intent: "subrole",
      userId: person.id,
      subrole: "product_reviewer",
    });
    expect(await toastAfter(admin.browser, assign)).toBe("Admin role assigned successfully");
    expect(await first("SELECT role, admin_subrole, assigned_by FROM user_roles WHERE user_id = ?", person.id)).toEqual(
      { role: "team_member", admin_subrole: "product_reviewer", assigned_by: admin.id },
    );
    const remove = await admin.browser.post("/admin/users", { intent: "subrole", userId: person.id, subrole: "none" });
    expect(await toastAfter(admin.browser, remove)).toBe("Admin role removed successfully");
    // Removing the staff role grants no selling: they had none (decision 0064).
    expect(await first("SELECT role, admin_subrole FROM user_roles WHERE user_id = ?", person.id)).toBeNull();
    expect(
      await all(
        "SELECT actor_id, action FROM audit_log WHERE target_type = 'user' AND target_id = ? ORDER BY created_at, rowid",
        person.id,
      ),
    ).toEqual([
      { actor_id: admin.id, action: "user.subrole" },
      { actor_id: admin.id, action: "user.subrole" },
    ]);
  });

  it("grants and removes vendor access", async () => {
    const person = await signedIn("shopper");
    const admin = await as("admin");
    const grant = await admin.browser.post("/admin/users", { intent: "vendor", userId: person.id, vendor: "grant" });
    expect(await toastAfter(admin.browser, grant)).toBe("Role updated successfully");
    const seller = new Browser("10.91.0.1");
    await seller.signIn(person.email, PASSWORD);
    expect((await seller.fetch("/vendor")).status).toBe(200);
    await admin.browser.post("/admin/users", { intent: "vendor", userId: person.id, vendor: "revoke" });
    expect(await first("SELECT count(*) AS n FROM user_roles WHERE user_id = ?", person.id)).toEqual({ n: 0 });
    expect((await seller.fetch("/vendor")).status).toBe(302);
  });

  it("refuses an admin granting superadmin or changing a superadmin, a role outside the enum, and changes to oneself", async () => {
    const person = await createUser();
    const target = await signedIn("superadmin");
    const admin = await as("admin");
    const before = await databaseFingerprint();
    const grant = await admin.browser.post("/admin/users", {
      intent: "subrole",
      userId: person.id,
      subrole: "superadmin",
    });
    expect(grant.status).toBe(403);
    expect(await grant.text()).toContain("Only superadmins can assign the superadmin role.");
    const demote = await admin.browser.post("/admin/users", { intent: "subrole", userId: target.id, subrole: "none" });
    expect(demote.status).toBe(403);
    for (const subrole of ["owner", "SUPERADMIN", "", "team_member"]) {
      const bad = await admin.browser.post("/admin/users", { intent: "subrole", userId: person.id, subrole });
      expect(bad.status, subrole).toBe(400);
      expect(await bad.text()).toContain(
        "Please choose one of: None, Admin, Product Reviewer, Customer Support, Superadmin.",
      );
    }
    const badVendor = await admin.browser.post("/admin/users", {
      intent: "vendor",
      userId: person.id,
      vendor: "maybe",
    });
    expect(badVendor.status).toBe(400);
    const self = await admin.browser.post("/admin/users", { intent: "subrole", userId: admin.id, subrole: "none" });
    expect(self.status).toBe(403);
    expect(await self.text()).toContain("You cannot change your own roles.");
    expect(
      (await admin.browser.post("/admin/users", { intent: "subrole", userId: "user_missing", subrole: "admin" }))
        .status,
    ).toBe(404);
    expect(await databaseFingerprint()).toBe(before);
  });

  it("sends a password reset e-mail through the queue", async () => {
    const person = await signedIn("vendor");
    const admin = await as("admin");
    const response = await admin.browser.post("/admin/users", { intent: "reset", userId: person.id });
    expect(await toastAfter(admin.browser, response)).toBe("Password reset email sent successfully");
    const mail = await eventually(() =>
      first<{ body: string }>(
        "SELECT body FROM notification_outbox WHERE recipient = ? AND kind = 'password_reset'",
        person.email,
      ),
    );
    expect(mail.body).toContain("/auth/reset?token=");
    expect(
      await first("SELECT action FROM audit_log WHERE target_id = ? AND actor_id = ?", person.id, admin.id),
    ).toEqual({ action: "user.password_reset_sent" });
  });

  it("deactivation (superadmin only): sessions end at once, sign-in is refused, the seller's items and profile leave the public pages; reactivation brings them back", async () => {
    const seller = await signedInBrowser("vendor", { ip: "10.92.0.1" });
    const name = `Deact${Date.now().toString(36)}`;
    await env.DB.prepare("UPDATE users SET display_name = ? WHERE id = ?").bind(name, seller.id).run();
    const live = await createProduct(seller.id, { name: `${name} Jacket` });
    const pending = await createProduct(seller.id, { name: `${name} Scarf`, productStatus: "pending" });
    expect((await seller.browser.fetch("/account")).status).toBe(200);
    forgetPages();
    expect((await anonymousPage(`/all-products?search=${name}`)).text).toContain(`${name} Jacket`);
    expect((await anonymousPage(`/all-products?search=${name}`)).state).toBe("memory");

    const admin = await as("admin");
    const before = await databaseFingerprint();
    const refused = await admin.browser.post("/admin/users", { intent: "deactivate", userId: seller.id });
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain("Access Denied");
    expect(await databaseFingerprint()).toBe(before);

    const superadmin = await as("superadmin");
    const response = await superadmin.browser.post("/admin/users", { intent: "deactivate", userId: seller.id });
    expect(await toastAfter(superadmin.browser, response)).toBe("User deactivated");
    // Signed out on the next request, and the sign-in form says why.
    const next = await seller.browser.fetch("/account");
    expect(next.status).toBe(302);
    expect(next.headers.get("location")).toMatch(/^\/auth\?redirectTo=/);
    const signIn = await new Browser("10.92.0.2").post("/auth", {
      intent: "signin",
      email: seller.email,
      password: PASSWORD,
    });
    expect(await signIn.text()).toContain("This account has been deactivated.");
    // Public pages kept before the change are not served after it (decision 0022).
    const listing = await anonymousPage(`/all-products?search=${name}`);
    expect(listing.state).toBe("miss");
    expect(listing.text).not.toContain(`${name} Jacket`);
    expect((await new Browser().fetch(`/product/${live.id}`)).status).toBe(404);
    expect((await new Browser().fetch(`/${name}`)).status).toBe(404);
    // Approving the deactivated seller's pending item is refused: it would go public.
    const approve = await superadmin.browser.post("/admin/products", { intent: "approve", productId: pending.id });
    expect(approve.status).toBe(409);
    expect(
      await first("SELECT detail FROM audit_log WHERE target_id = ? AND action = 'user.deactivate'", seller.id),
    ).toEqual({ detail: JSON.stringify({ hiddenProducts: [live.id] }) });

    const back = await superadmin.browser.post("/admin/users", { intent: "reactivate", userId: seller.id });
    expect(await toastAfter(superadmin.browser, back)).toBe("User reactivated");
    expect(await first("SELECT product_status FROM products WHERE id = ?", live.id)).toEqual({
      product_status: "live",
    });
    expect(await first("SELECT product_status FROM products WHERE id = ?", pending.id)).toEqual({
      product_status: "pending",
    });
    expect((await new Browser().fetch(`/product/${live.id}`)).status).toBe(200);
    await new Browser("10.92.0.3").signIn(seller.email, PASSWORD);
  });

  it("a deactivated store owner's store profile leaves the public pages until reactivation", async () => {
    const owner = await signedIn("storeOwner");
    const storeId = `store_deact_${Date.now().toString(36)}`;
    await env.DB.prepare("INSERT INTO stores (id, name, owner_id, created_at) VALUES (?, 'Closing Down Closet', ?, ?)")
      .bind(storeId, owner.id, Date.now())
      .run();
    expect((await new Browser().fetch(`/store/${storeId}`)).status).toBe(200);
    const superadmin = await as("superadmin");
    await superadmin.browser.post("/admin/users", { intent: "deactivate", userId: owner.id });
    expect((await new Browser().fetch(`/store/${storeId}`)).status).toBe(404);
    await superadmin.browser.post("/admin/users", { intent: "reactivate", userId: owner.id });
    expect((await new Browser().fetch(`/store/${storeId}`)).status).toBe(200);
  });

  it("nobody deactivates themselves; of two superadmins demoting each other at once, one stays", async () => {
    const a = await as("superadmin");
    const b = await as("superadmin");
    const before = await databaseFingerprint();
    const self = await a.browser.post("/admin/users", { intent: "deactivate", userId: a.id });
    expect(self.status).toBe(403);
    expect(await self.text()).toContain("You cannot deactivate your own account.");
    expect(await databaseFingerprint()).toBe(before);

    await withOnlySuperadmins([a.id, b.id], async () => {
      const answers = await Promise.all([
        a.browser.post("/admin/users", { intent: "subrole", userId: b.id, subrole: "admin" }),
        b.browser.post("/admin/users", { intent: "subrole", userId: a.id, subrole: "admin" }),
      ]);
      expect(answers.map((r) => r.status).filter((s) => s === 302)).toHaveLength(1);
      expect(await activeSuperadmins([a.id, b.id])).toHaveLength(1);
    });
  });

  it("the batch guard keeps the last superadmin even when the check before it was outdated", async () => {
    const a = await signedIn("superadmin");
    const b = await signedIn("superadmin");
    const db = database(env.DB);
    await withOnlySuperadmins([a.id, b.id], async () => {
      // Planned while a was still a superadmin; a was demoted before the write.
      const snapshot = (await targetUser(db, b.id))!;
      await env.DB.prepare("UPDATE user_roles SET admin_subrole = 'admin' WHERE user_id = ?").bind(a.id).run();
      const before = await databaseFingerprint();
      expect(
        await saveRoles(
          db,
          snapshot,
          { role: "team_member", adminSubrole: "admin", sellerRole: null },
          a.id,
          "user.subrole",
          Date.now(),
        ),
      ).toBe(false);
      expect(await deactivateUser(db, snapshot, a.id, Date.now())).toEqual({ ok: false });
      expect(await databaseFingerprint()).toBe(before);
      expect(await activeSuperadmins([b.id])).toEqual([b.id]);
      // And a role record changed by someone else meanwhile is not overwritten.
      const person = await createUser();
      const stale = (await targetUser(db, person.id))!;
      await env.DB.prepare(
        "INSERT INTO user_roles (user_id, role, admin_subrole, assigned_at) VALUES (?, 'team_member', 'admin', ?)",
      )
        .bind(person.id, Date.now())
        .run();
      expect(
        await saveRoles(
          db,
          stale,
          { role: "individual", adminSubrole: null, sellerRole: "vendor" },
          b.id,
          "user.vendor_grant",
          Date.now(),
        ),
      ).toBe(false);
      expect(await first("SELECT role, admin_subrole FROM user_roles WHERE user_id = ?", person.id)).toEqual({
        role: "team_member",
        admin_subrole: "admin",
      });
    });
  });

  it("marks a calculated payout paid (superadmin), once, with who and when", async () => {
    const payout = await calculatedPayout();
    const { browser, id } = await as("superadmin");
    const html = await (await browser.fetch("/admin/financial?list=payouts")).text();
    expect(html).toContain("Revenue by week");
    expect(html).toContain(payout.id.slice(-8));
    const response = await browser.post("/admin/financial?list=payouts", { intent: "markPaid", payoutId: payout.id });
    // Back to the list it was marked from (decision 0126).
    expect(response.headers.get("location")).toBe("/admin/financial?list=payouts");
    expect(await toastAfter(browser, response)).toBe("Payout marked paid");
    const row = await first<{ status: string; paid_at: number; paid_by: string }>(
      "SELECT status, paid_at, paid_by FROM payouts WHERE id = ?",
      payout.id,
    );
    expect(row).toMatchObject({ status: "paid", paid_by: id });
    expect(await first("SELECT status FROM commissions WHERE id = ?", payout.commissionId)).toEqual({ status: "paid" });
    expect(
      await first("SELECT actor_id FROM audit_log WHERE target_type = 'payout' AND target_id = ?", payout.id),
    ).toEqual({ actor_id: id });
    const before = await databaseFingerprint();
    const again = await browser.post("/admin/financial", { intent: "markPaid", payoutId: payout.id });
    expect(again.status).toBe(409);
    expect(await databaseFingerprint()).toBe(before);
  });
});
