import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { PASSWORD, signedIn, signedInBrowser } from "./actors";
import { Browser } from "./http";
import { linkIn, outbox } from "./auth-helpers";

// /auth against the real Worker: sign-up, verification, sign-in and sign-out, the marketing sync at
// sign-up, the store request, the rate limits and the local outbox page. Password reset:
// auth-password-reset.test.ts.

describe("sign-up, verification, sign-in and sign-out", () => {
  it("walks the whole journey", async () => {
    const browser = new Browser();
    const email = `ada-${Date.now()}@example.test`;
    const signUp = await browser.post("/auth", {
      intent: "signup",
      fullName: "Ada King Lovelace",
      email,
      password: "analytical",
      confirmPassword: "analytical",
    });
    expect(signUp.status).toBe(302);
    expect(signUp.headers.get("location")).toBe("/auth?tab=signin");
    const signInPage = await (await browser.fetch("/auth?tab=signin")).text();
    expect(signInPage).toContain("Account created!");
    // The sign-in form starts with the address (decision 0069), which is in no URL.
    expect(signInPage).toContain(`value="${email}"`);
    // With JavaScript the page's data comes from /auth.data: it has the address too.
    expect(await (await browser.fetch("/auth.data?tab=signin")).text()).toContain(email);
    expect(signUp.headers.get("location")).not.toContain("@");

    // Not verified yet: refused, with a way to resend.
    const early = await browser.post("/auth", { intent: "signin", email, password: "analytical" });
    expect(early.status).toBe(403);
    const earlyHtml = await early.text();
    expect(earlyHtml).toContain("Please verify your email address before signing in.");
    expect(earlyHtml).toContain("Resend verification email");

    const mail = await outbox(email, "verify_email");
    expect(mail.subject).toBe("Verify your Closetloop account");
    const link = linkIn(mail.body!);
    expect(link.pathname).toBe("/auth/verify");
    // Opened on another device: its sign-in form starts with the address too.
    const phone = new Browser();
    const verified = await phone.fetch(link.pathname + link.search);
    expect(verified.status).toBe(302);
    expect(verified.headers.get("location")).toBe("/auth?tab=signin");
    expect(await (await phone.fetch("/auth?tab=signin")).text()).toContain(`value="${email}"`);
    expect(await (await new Browser().fetch("/auth?tab=signin")).text()).not.toContain(`value="${email}"`);

    // The link is single-use.
    const again = await browser.fetch(link.pathname + link.search);
    expect(again.status).toBe(200);
    expect(await again.text()).toContain("This link has expired or was already used");

    const signIn = await browser.post("/auth", {
      intent: "signin",
      email: email.toUpperCase(),
      password: "analytical",
      redirectTo: "/account",
    });
    expect(signIn.status).toBe(302);
    expect(signIn.headers.get("location")).toBe("/account");
    const sessionCookie = browser.cookies.get("cl_session");
    expect(sessionCookie).toBeTruthy();
    const setCookie = signIn.headers.getSetCookie().find((c) => c.startsWith("cl_session="))!;
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);

    const account = await browser.fetch("/account");
    expect(account.status).toBe(200);
    const accountHtml = await account.text();
    expect(accountHtml).toContain("Account Management");
    expect(accountHtml).toContain("Welcome back!");
    expect(accountHtml).toContain(`<span aria-hidden="true">AK</span><span class="sr-only">Account menu</span>`); // avatar initials
    expect(accountHtml).toContain(email);

    // A signed-in user visiting /auth goes home.
    const authPage = await browser.fetch("/auth");
    expect(authPage.status).toBe(302);
    expect(authPage.headers.get("location")).toBe("/");

    const out = await browser.post("/auth/logout", {});
    expect(out.status).toBe(302);
    expect(browser.cookies.has("cl_session")).toBe(false);

    // The old cookie no longer opens anything.
    const stale = new Browser();
    stale.cookies.set("cl_session", sessionCookie!);
    const guarded = await stale.fetch("/account");
    expect(guarded.status).toBe(302);
    expect(guarded.headers.get("location")).toBe("/auth?redirectTo=%2Faccount");
  });

  it("issues a new session id at every sign-in", async () => {
    const user = await signedIn("shopper");
    await user.browser.signIn(user.email, PASSWORD);
    const first = user.browser.cookies.get("cl_session");
    await user.browser.signIn(user.email, PASSWORD);
    expect(user.browser.cookies.get("cl_session")).not.toBe(first);
  });

  it("refuses a wrong password with one message for unknown e-mails and wrong passwords", async () => {
    const user = await signedIn("shopper");
    const wrong = await user.browser.post("/auth", { intent: "signin", email: user.email, password: "nope-nope" });
    expect(wrong.status).toBe(401);
    const unknown = await user.browser.post("/auth", {
      intent: "signin",
      email: "nobody-here@example.test",
      password: "nope-nope",
    });
    expect(unknown.status).toBe(401);
    for (const html of [await wrong.text(), await unknown.text()]) {
      expect(html).toContain("Error signing in");
      expect(html).toContain("Invalid email or password");
    }
    expect(user.browser.cookies.has("cl_session")).toBe(false);
  });

  it("shows field messages for an empty sign-in and a mismatched sign-up", async () => {
    const browser = new Browser();
    const empty = await browser.post("/auth", { intent: "signin", email: "", password: "" });
    expect(empty.status).toBe(400);
    const html = await empty.text();
    expect(html).toContain("Email is required");
    expect(html).toContain("Password is required");

    const mismatch = await browser.post("/auth", {
      intent: "signup",
      fullName: "A",
      email: "mismatch@example.test",
      password: "secret1",
      confirmPassword: "secret2",
    });
    expect(mismatch.status).toBe(400);
    expect(await mismatch.text()).toContain("Passwords do not match");
    const created = await env.DB.prepare(
      "SELECT count(*) AS n FROM users WHERE email = 'mismatch@example.test'",
    ).first<{ n: number }>();
    expect(created!.n).toBe(0);
  });

  it("refuses a deactivated user and tells them so", async () => {
    const user = await signedIn("shopper", { deactivated: true });
    const response = await user.browser.post("/auth", { intent: "signin", email: user.email, password: PASSWORD });
    expect(response.status).toBe(403);
    expect(await response.text()).toContain("This account has been deactivated.");
  });

  it("ends an account's sessions at once when it is deactivated", async () => {
    const user = await signedInBrowser("shopper");
    expect((await user.browser.fetch("/account")).status).toBe(200);
    await env.DB.prepare("UPDATE users SET deactivated_at = ? WHERE id = ?").bind(Date.now(), user.id).run();
    expect((await user.browser.fetch("/account")).status).toBe(302);
  });
});

describe("marketing sync at sign-up", () => {
  it("enqueues create_contact and user_registered with the spec's fields", async () => {
    const email = `grace-${Date.now()}@example.test`;
    await new Browser().post("/auth", {
      intent: "signup",
      fullName: "Grace Brewster Hopper",
      email,
      password: "compiler",
      confirmPassword: "compiler",
    });
    const contact = JSON.parse((await outbox(email, "create_contact")).payload);
    expect(contact.data).toMatchObject({
      email,
      firstName: "Grace",
      lastName: "Brewster Hopper",
      tags: ["website_signup", "new_user", "welcome_series"],
    });
    expect(Object.keys(contact.data.customProperties).sort()).toEqual([
      "accountStatus",
      "signupDate",
      "signupSource",
      "userType",
      "welcomeEmailSent",
    ]);
    const event = JSON.parse((await outbox(email, "track_event:user_registered")).payload);
    expect(event.data.eventName).toBe("user_registered");
    expect(event.data.eventProperties).toMatchObject({
      firstName: "Grace",
      lastName: "Brewster Hopper",
      fullName: "Grace Brewster Hopper",
      signupMethod: "email_password",
    });
    expect(Object.keys(event.data.eventProperties).sort()).toEqual([
      "firstName",
      "fullName",
      "lastName",
      "signupMethod",
      "source",
      "timestamp",
      "welcomeEmailTrigger",
    ]);
  });
});

describe("store request", () => {
  it("stores a pending request and explains a bad website", async () => {
    const browser = new Browser();
    const bad = await browser.post("/auth", {
      intent: "store_request",
      contactName: "Jo",
      storeName: "Jo's Rails",
      storeAddress: "1 High St",
      storeWebsite: "not a url",
      contactEmail: "jo@rails.test",
    });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain("Please enter a valid website URL");
    const ok = await browser.post("/auth", {
      intent: "store_request",
      contactName: "Jo",
      storeName: "Jo's Rails",
      storeAddress: "1 High St",
      storeWebsite: "",
      contactEmail: "jo@rails.test",
    });
    expect(ok.status).toBe(302);
    expect(await (await browser.fetch("/")).text()).toContain("Store request submitted!");
    const rows = await env.DB.prepare(
      "SELECT store_name, status FROM store_requests WHERE contact_email = 'jo@rails.test'",
    ).all();
    expect(rows.results).toEqual([{ store_name: "Jo's Rails", status: "pending" }]);
  });
});

describe("rate limits", () => {
  it("does not lock the owner out after wrong passwords from many addresses (decision 0017)", async () => {
    const user = await signedIn("shopper");
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) {
      const r = await new Browser().post(
        "/auth",
        { intent: "signin", email: user.email, password: "wrong-wrong" },
        { "cf-connecting-ip": `10.0.0.${i}` },
      );
      statuses.push(r.status);
    }
    expect(statuses.every((s) => s === 401)).toBe(true);
    const owner = await new Browser().post(
      "/auth",
      { intent: "signin", email: user.email, password: PASSWORD },
      { "cf-connecting-ip": "10.0.0.99" },
    );
    expect(owner.status).toBe(302);
  });

  it("answers 429 to one address trying too many e-mails", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) {
      const r = await new Browser().post(
        "/auth",
        { intent: "signin", email: `stuffing-${i}-${Date.now()}@example.test`, password: "hunter2" },
        { "cf-connecting-ip": "10.0.1.1" },
      );
      statuses.push(r.status);
    }
    expect(statuses.slice(0, 20).every((s) => s === 401)).toBe(true);
    expect(statuses[20]).toBe(429);
  }, 30_000);
});

describe("the local outbox page", () => {
  it("lists delivered e-mails with clickable links in local development", async () => {
    const email = `outbox-${Date.now()}@example.test`;
    await new Browser().post("/auth", {
      intent: "signup",
      fullName: "Out Box",
      email,
      password: "outbox1",
      confirmPassword: "outbox1",
    });
    await outbox(email, "verify_email");
    const html = await (await new Browser("127.0.0.1").fetch("/dev/outbox")).text();
    expect(html).toContain(email);
    expect(html).toMatch(/<a href="http:\/\/localhost\/auth\/verify\?token=/);
  });
});
