import { createExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import type { AppContext } from "../../app/context";
import { database } from "../../app/data/db.server";
import { appConfig } from "../../app/env.server";
import { approveStoreRequest, declineStoreRequest } from "../../app/services/store-approval.server";
import { PASSWORD, signedIn } from "./actors";
import { createUser, databaseFingerprint, eventually } from "./factories";
import { Browser } from "./http";

// Each case signs several actors in (PBKDF2) and waits for the queue: more than the default 5 s on a busy machine.
vi.setConfig({ testTimeout: 30_000 });

// The approve-store-request function as a server module (issue 12 item 1; decision 0032): one
// atomic batch makes the user, their store role, the store, the request's stamp and a single-use
// set-password link; approving twice makes nothing new; a failure half-way leaves nothing behind.

const app = (): AppContext => ({ env, config: appConfig(env), ctx: createExecutionContext(), db: database(env.DB) });
const ORIGIN = "http://localhost";
let seq = 0;

async function storeRequest(overrides: Partial<{ email: string; status: string }> = {}) {
  const id = `sr_${Date.now().toString(36)}_${++seq}`;
  const email = overrides.email ?? `${id}@shop.example.test`;
  await env.DB.prepare(
    "INSERT INTO store_requests (id, contact_name, store_name, store_address, store_website, contact_email, status, created_at) VALUES (?, 'Priya Patel', ?, '88 Brick Lane, London E1 6RL', 'https://rails.example', ?, ?, ?)",
  )
    .bind(id, `Rails ${id}`, email, overrides.status ?? "pending", Date.now())
    .run();
  return { id, email, storeName: `Rails ${id}` };
}

const first = <T>(sql: string, ...binds: unknown[]) =>
  env.DB.prepare(sql)
    .bind(...binds)
    .first<T>();
const count = async (sql: string, ...binds: unknown[]) => (await first<{ n: number }>(sql, ...binds))!.n;

async function staffId() {
  return (await createUser()).id;
}

async function mailTo(recipient: string, kind: string) {
  return eventually(() =>
    first<{ subject: string; body: string }>(
      "SELECT subject, body FROM notification_outbox WHERE recipient = ? AND kind = ?",
      recipient,
      kind,
    ),
  );
}

describe("approving a store request", () => {
  it("creates exactly one user, store role, store and set-password token, stamps the request, and e-mails the link", async () => {
    const request = await storeRequest();
    const staff = await staffId();
    const now = Date.now();
    const result = await approveStoreRequest(app(), request.id, staff, ORIGIN, now);
    expect(result).toMatchObject({ ok: true, accountCreated: true });
    if (!result.ok || !("storeId" in result)) throw new Error("not approved");

    const user = await first<Record<string, unknown>>(
      "SELECT email, full_name, user_type, email_verified_at FROM users WHERE id = ?",
      result.userId,
    );
    expect(user).toEqual({
      email: request.email,
      full_name: "Priya Patel",
      user_type: "store",
      email_verified_at: null,
    });
    expect(
      await first(
        "SELECT role, admin_subrole, seller_role, assigned_by FROM user_roles WHERE user_id = ?",
        result.userId,
      ),
    ).toEqual({ role: "store", admin_subrole: null, seller_role: "store", assigned_by: staff });
    expect(
      await first(
        "SELECT name, description, owner_id, contact_email, request_id FROM stores WHERE id = ?",
        result.storeId,
      ),
    ).toEqual({
      name: request.storeName,
      description: "Store located at: 88 Brick Lane, London E1 6RL",
      owner_id: result.userId,
      contact_email: request.email,
      request_id: request.id,
    });
    expect(await first("SELECT status, reviewed_at, reviewed_by FROM store_requests WHERE id = ?", request.id)).toEqual(
      { status: "approved", reviewed_at: now, reviewed_by: staff },
    );
    expect(
      await count(
        "SELECT count(*) AS n FROM auth_tokens WHERE user_id = ? AND purpose = 'set_password' AND used_at IS NULL AND expires_at = ?",
        result.userId,
        now + 7 * 86_400_000,
      ),
    ).toBe(1);
    expect(await count("SELECT count(*) AS n FROM users WHERE lower(email) = lower(?)", request.email)).toBe(1);
    expect(
      await count(
        "SELECT count(*) AS n FROM audit_log WHERE action = 'store_request.approve' AND target_id = ? AND actor_id = ?",
        request.id,
        staff,
      ),
    ).toBe(1);

    const mail = await mailTo(request.email, "store_request_approved");
    expect(mail.subject).toContain(request.storeName);
    expect(mail.body).toMatch(/\/auth\/reset\?token=[A-Za-z0-9_-]{20,}/);
  });

  it("the link sets a first password once: the owner signs in and reaches /store; the link then no longer works", async () => {
    const request = await storeRequest();
    const result = await approveStoreRequest(app(), request.id, await staffId(), ORIGIN, Date.now());
    expect(result.ok).toBe(true);
    const link = /\/auth\/reset\?token=[A-Za-z0-9_-]+/.exec(
      (await mailTo(request.email, "store_request_approved")).body,
    )![0];

    const owner = new Browser("10.77.0.1");
    // Without a password nobody can sign in to the new account.
    expect((await owner.post("/auth", { intent: "signin", email: request.email, password: PASSWORD })).status).toBe(
      401,
    );
    const page = await owner.fetch(link);
    expect(await page.text()).toContain("Choose your password");
    const token = new URL(link, ORIGIN).searchParams.get("token")!;
    const set = await owner.post("/auth/reset", {
      intent: "reset",
      token,
      password: PASSWORD,
      confirmPassword: PASSWORD,
    });
    expect(set.status).toBe(302);
    expect(set.headers.get("location")).toBe("/auth?tab=signin");
    // The sign-in form starts with the account's address (decision 0069).
    expect(await (await owner.fetch("/auth?tab=signin")).text()).toContain(`value="${request.email}"`);
    // Following the link verified the address, so signing in works and the store area opens.
    await owner.signIn(request.email, PASSWORD);
    expect((await owner.fetch("/store")).status).toBe(200);

    const again = await new Browser("10.77.0.2").post("/auth/reset", {
      intent: "reset",
      token,
      password: "another-pass",
      confirmPassword: "another-pass",
    });
    expect(again.status).toBe(400);
    expect(await again.text()).toContain("This reset link has expired or was already used.");
  });

  it("reuses the account of the contact e-mail: no second user, no new password, the seller keeps vendor access", async () => {
    const vendor = await signedIn("vendor");
    const request = await storeRequest({ email: vendor.email.toUpperCase() });
    const result = await approveStoreRequest(app(), request.id, await staffId(), ORIGIN, Date.now());
    expect(result).toMatchObject({ ok: true, accountCreated: false, userId: vendor.id });
    expect(await count("SELECT count(*) AS n FROM users WHERE lower(email) = lower(?)", vendor.email)).toBe(1);
    expect(await first("SELECT role, seller_role FROM user_roles WHERE user_id = ?", vendor.id)).toEqual({
      role: "individual",
      seller_role: "store",
    });
    expect(
      await count("SELECT count(*) AS n FROM auth_tokens WHERE user_id = ? AND purpose = 'set_password'", vendor.id),
    ).toBe(0);
    const mail = await mailTo(request.email, "store_request_approved");
    expect(mail.body).toContain("Sign in as usual");
    expect(mail.body).not.toContain("/auth/reset");
    // Their old password still works and both areas open.
    const browser = new Browser("10.77.0.3");
    await browser.signIn(vendor.email, PASSWORD);
    expect((await browser.fetch("/store")).status).toBe(200);
    expect((await browser.fetch("/vendor")).status).toBe(200);
  });

  it("approving twice, or at the same moment, creates nothing new; a reviewed request is refused with a clear message", async () => {
    const request = await storeRequest();
    const staff = await staffId();
    const [a, b] = await Promise.all([
      approveStoreRequest(app(), request.id, staff, ORIGIN, Date.now()),
      approveStoreRequest(app(), request.id, staff, ORIGIN, Date.now()),
    ]);
    expect([a.ok, b.ok].filter(Boolean)).toHaveLength(1);
    expect([a, b].find((r) => !r.ok)).toEqual({
      ok: false,
      status: 409,
      message: "This store request was already approved.",
    });
    const before = await databaseFingerprint();
    expect(await approveStoreRequest(app(), request.id, staff, ORIGIN, Date.now())).toEqual({
      ok: false,
      status: 409,
      message: "This store request was already approved.",
    });
    expect(await declineStoreRequest(app(), request.id, staff, "We already have a partner nearby", Date.now())).toEqual(
      { ok: false, status: 409, message: "This store request was already approved." },
    );
    expect(await databaseFingerprint()).toBe(before);
    expect(await count("SELECT count(*) AS n FROM stores WHERE request_id = ?", request.id)).toBe(1);
    expect(await count("SELECT count(*) AS n FROM users WHERE lower(email) = lower(?)", request.email)).toBe(1);
    expect(await approveStoreRequest(app(), "no-such-request", staff, ORIGIN, Date.now())).toEqual({
      ok: false,
      status: 404,
      message: "Store request not found",
    });
  });

  it("leaves nothing behind when the batch fails half-way (a conflicting store row)", async () => {
    const request = await storeRequest();
    const owner = await createUser();
    // A store already claims this request: the stores insert, after the user, role and stamp, fails.
    await env.DB.prepare(
      "INSERT INTO stores (id, name, owner_id, request_id, created_at) VALUES (?, 'Squatter', ?, ?, ?)",
    )
      .bind(`store_conflict_${seq}`, owner.id, request.id, Date.now())
      .run();
    const staff = await staffId();
    const before = await databaseFingerprint();
    const result = await approveStoreRequest(app(), request.id, staff, ORIGIN, Date.now());
    expect(result).toEqual({ ok: false, status: 409, message: "Failed to update request status" });
    expect(await databaseFingerprint()).toBe(before);
    expect(await count("SELECT count(*) AS n FROM users WHERE lower(email) = lower(?)", request.email)).toBe(0);
    expect(await first("SELECT status, reviewed_at FROM store_requests WHERE id = ?", request.id)).toEqual({
      status: "pending",
      reviewed_at: null,
    });
    expect(await count("SELECT count(*) AS n FROM audit_log WHERE target_id = ?", request.id)).toBe(0);
  });

  it("refuses a contact e-mail whose account is deactivated", async () => {
    const user = await signedIn("shopper", { deactivated: true });
    const request = await storeRequest({ email: user.email });
    const staff = await staffId();
    const before = await databaseFingerprint();
    expect(await approveStoreRequest(app(), request.id, staff, ORIGIN, Date.now())).toMatchObject({
      ok: false,
      status: 409,
    });
    expect(await databaseFingerprint()).toBe(before);
  });
});

describe("rejecting a store request", () => {
  it("stamps who, when and why, and sends a polite e-mail with the reason; it cannot be approved afterwards", async () => {
    const request = await storeRequest();
    const staff = await staffId();
    const now = Date.now();
    const reason = "We already have a partner store two streets away.";
    expect(await declineStoreRequest(app(), request.id, staff, reason, now)).toEqual({ ok: true, rejected: true });
    expect(
      await first(
        "SELECT status, reviewed_at, reviewed_by, rejection_reason FROM store_requests WHERE id = ?",
        request.id,
      ),
    ).toEqual({ status: "rejected", reviewed_at: now, reviewed_by: staff, rejection_reason: reason });
    const mail = await mailTo(request.email, "store_request_rejected");
    expect(mail.body).toContain("Thank you for your interest");
    expect(mail.body).toContain(`Our reason: ${reason}`);
    expect(await approveStoreRequest(app(), request.id, staff, ORIGIN, Date.now())).toEqual({
      ok: false,
      status: 409,
      message: "This store request was already rejected.",
    });
    expect(await count("SELECT count(*) AS n FROM users WHERE lower(email) = lower(?)", request.email)).toBe(0);
  });
});
