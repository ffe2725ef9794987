import { createExecutionContext, createMessageBatch, getQueueResult } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it, vi } from "vitest";
import worker from "../../workers/app";
import { PASSWORD, signedIn } from "./actors";
import { eventually } from "./factories";
import { Browser } from "./http";

// Each case sends many requests; on a loaded 2-core machine that takes more than the default 5 s.
vi.setConfig({ testTimeout: 60_000 });

// Issue 16, item 5 (decision 0017): no answer tells whether an e-mail has an account, and wrong
// passwords slow an attacker without locking the owner out.

let ipSeq = 0;
const freshIp = () => `10.77.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}`;

const outbox = (recipient: string, kind: string) =>
  env.DB.prepare(
    "SELECT subject, body FROM notification_outbox WHERE recipient = ? AND kind = ? ORDER BY created_at DESC",
  )
    .bind(recipient, kind)
    .all<{ subject: string; body: string }>();
const arrives = (recipient: string, kind: string) => eventually(async () => (await outbox(recipient, kind)).results[0]);

/** D1 round trips the request made (the Worker reports them in Server-Timing). */
const roundTrips = (response: Response) =>
  Number(/d1;dur=[\d.]+;desc="(\d+) round trips"/.exec(response.headers.get("server-timing") ?? "")?.[1]);

const TOASTS = [
  "Account created!",
  "Please check your email to verify your account.",
  "Check your email",
  "If an account exists for that address",
  "Verification email sent",
  "If that account is waiting for verification",
];

/** What a visitor can observe of an answer: status, where it sends them, which cookies it sets, what the next page says. */
async function observed(browser: Browser, response: Response) {
  const location = response.headers.get("location");
  const next = location ? await (await browser.fetch(location)).text() : await response.text();
  return {
    status: response.status,
    location,
    cookies: response.headers.getSetCookie().map((c) => c.split("=")[0]),
    toast: TOASTS.filter((text) => next.includes(text)),
  };
}

describe("sign-up with an e-mail that already has an account", () => {
  it("answers exactly like a new sign-up, e-mails the owner and changes nothing", async () => {
    const owner = await signedIn("shopper");
    const fresh = `fresh-${crypto.randomUUID()}@example.test`;
    const form = (email: string) => ({
      intent: "signup",
      fullName: "Someone Else",
      email,
      password: "another-secret",
      confirmPassword: "another-secret",
    });

    const newBrowser = new Browser(freshIp());
    const takenBrowser = new Browser(freshIp());
    const created = await newBrowser.post("/auth", form(fresh));
    const taken = await takenBrowser.post("/auth", form(owner.email.toUpperCase()));
    expect(roundTrips(taken)).toBe(roundTrips(created));
    const [a, b] = [await observed(newBrowser, created), await observed(takenBrowser, taken)];
    expect(b).toEqual(a);
    expect(a).toMatchObject({
      status: 302,
      location: "/auth?tab=signin",
      toast: ["Account created!", "Please check your email to verify your account."],
    });

    // The owner hears about it; the account, its password and its e-mail are as they were.
    const mail = await arrives(owner.email, "account_exists");
    expect(mail.subject).toBe("You already have a Closetloop account");
    expect(mail.body).toContain("http://localhost/auth/forgot");
    const users = await env.DB.prepare("SELECT count(*) AS n FROM users WHERE lower(email) = ?")
      .bind(owner.email)
      .first<{ n: number }>();
    expect(users!.n).toBe(1);
    await new Browser(freshIp()).signIn(owner.email, PASSWORD);
    expect((await outbox(owner.email, "verify_email")).results).toEqual([]);
    // The new address got its own account and verification e-mail.
    expect((await arrives(fresh, "verify_email")).subject).toBe("Verify your Closetloop account");
  });

  it("two sign-ups racing for one new e-mail make one account", async () => {
    const email = `race-${crypto.randomUUID()}@example.test`;
    const form = { intent: "signup", fullName: "Racer", email, password: "secret12", confirmPassword: "secret12" };
    const answers = await Promise.all([
      new Browser(freshIp()).post("/auth", form),
      new Browser(freshIp()).post("/auth", form),
    ]);
    expect(answers.map((r) => r.status)).toEqual([302, 302]);
    const users = await env.DB.prepare("SELECT count(*) AS n FROM users WHERE email = ?")
      .bind(email)
      .first<{ n: number }>();
    expect(users!.n).toBe(1);
    await arrives(email, "account_exists");
  });
});

describe("forgot password and resend verification", () => {
  it("answer the same for an account and for no account, with the same database work", async () => {
    const user = await signedIn("shopper");
    const ghost = `ghost-${crypto.randomUUID()}@example.test`;
    const known = new Browser(freshIp());
    const unknown = new Browser(freshIp());
    const a = await known.post("/auth/forgot", { email: user.email });
    const b = await unknown.post("/auth/forgot", { email: ghost });
    expect(roundTrips(a)).toBe(0);
    expect(roundTrips(b)).toBe(0);
    expect(await observed(unknown, b)).toEqual(await observed(known, a));

    // The queue consumer sends the link to the account only.
    const mail = await arrives(user.email, "password_reset");
    expect(mail.body).toMatch(/http:\/\/localhost\/auth\/reset\?token=/);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const ghosts = await env.DB.prepare("SELECT count(*) AS n FROM notification_outbox WHERE recipient = ?")
      .bind(ghost)
      .first<{ n: number }>();
    expect(ghosts!.n).toBe(0);
  });

  it("shows a malformed address again at its field with the reason", async () => {
    const response = await new Browser(freshIp()).post("/auth/forgot", { email: "ada@" });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain('value="ada@"');
    expect(html).toContain("Please enter a valid email address");
  });

  it("sends a reset link to an active account only, once per request", async () => {
    const deactivated = await signedIn("shopper", { deactivated: true });
    await new Browser(freshIp()).post("/auth/forgot", { email: deactivated.email });
    const active = await signedIn("shopper");
    await new Browser(freshIp()).post("/auth/forgot", { email: active.email });
    await arrives(active.email, "password_reset");
    expect((await outbox(deactivated.email, "password_reset")).results).toEqual([]);
    expect((await outbox(active.email, "password_reset")).results).toHaveLength(1);
  });

  it("resends a verification link only to an account that waits for one", async () => {
    const waiting = await signedIn("shopper", { verified: false });
    const verified = await signedIn("shopper");
    const ghost = `ghost-${crypto.randomUUID()}@example.test`;
    const answers = [];
    for (const email of [waiting.email, verified.email, ghost]) {
      const browser = new Browser(freshIp());
      const response = await browser.post("/auth", { intent: "resend", email });
      expect(roundTrips(response), email).toBe(0);
      answers.push(await observed(browser, response));
    }
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[2]).toEqual(answers[0]);
    const mail = await arrives(waiting.email, "verify_email");
    const link = new URL(mail.body.match(/https?:\/\/\S+/)![0]);
    expect((await new Browser().fetch(link.pathname + link.search)).headers.get("location")).toBe("/auth?tab=signin");
    expect((await outbox(verified.email, "verify_email")).results).toEqual([]);
  });
});

describe("wrong passwords slow an attacker without locking the owner out", () => {
  const signIn = (browser: Browser, email: string, password: string) =>
    browser.post("/auth", { intent: "signin", email, password });
  // The limits count in fixed windows of 15 minutes and more (app/services/rate-limit.server.ts):
  // a case that straddled a window's end would see its count start again. Each starts clear of one.
  beforeEach(async () => {
    const window = 15 * 60_000;
    const left = window - (Date.now() % window);
    if (left < 10_000) await new Promise((resolve) => setTimeout(resolve, left + 100));
  });

  it("refuses the client that keeps guessing, and still lets the owner in from elsewhere", async () => {
    const owner = await signedIn("shopper");
    const attacker = new Browser(freshIp());
    for (let i = 0; i < 5; i++) expect((await signIn(attacker, owner.email, `guess-${i}`)).status).toBe(401);
    // Even the right password is refused from the guessing client now.
    const refused = await signIn(attacker, owner.email, PASSWORD);
    expect(refused.status).toBe(429);
    // It says how long (the rest of the 15-minute window) and the way out that needs no waiting.
    expect(await refused.text()).toMatch(
      /Too many attempts\. Please try again in (a minute|\d+ minutes), or reset your password\./,
    );
    // The owner, from their own device, is not locked out.
    expect((await signIn(new Browser(freshIp()), owner.email, PASSWORD)).status).toBe(302);
  });

  it("counts by the address Cloudflare sets, not by headers the client chooses", async () => {
    const owner = await signedIn("shopper");
    const attacker = new Browser(freshIp());
    for (let i = 0; i < 5; i++) {
      const spoofed = {
        "x-forwarded-for": `203.0.113.${i}`,
        "x-real-ip": `198.51.100.${i}`,
        "true-client-ip": `192.0.2.${i}`,
      };
      expect(
        (await attacker.post("/auth", { intent: "signin", email: owner.email, password: "wrong" }, spoofed)).status,
      ).toBe(401);
    }
    expect(
      (
        await attacker.post(
          "/auth",
          { intent: "signin", email: owner.email, password: "wrong" },
          { "x-real-ip": "198.51.100.99" },
        )
      ).status,
    ).toBe(429);
  });

  it("under a spread-out attack gives each new client one guess, and the owner still gets in", async () => {
    const owner = await signedIn("shopper");
    // Twenty clients, one wrong guess each: the account is now under attack.
    for (let i = 0; i < 20; i++)
      expect((await signIn(new Browser(freshIp()), owner.email, `spray-${i}`)).status).toBe(401);
    const bot = new Browser(freshIp());
    expect((await signIn(bot, owner.email, "one-more")).status).toBe(401);
    expect((await signIn(bot, owner.email, "and-another")).status).toBe(429);
    // A client without failures is still accepted with the right password.
    expect((await signIn(new Browser(freshIp()), owner.email, PASSWORD)).status).toBe(302);
  });

  it("forgets a client's failures once it signs in", async () => {
    const owner = await signedIn("shopper");
    const laptop = freshIp();
    for (let i = 0; i < 4; i++) expect((await signIn(new Browser(laptop), owner.email, `typo-${i}`)).status).toBe(401);
    expect((await signIn(new Browser(laptop), owner.email, PASSWORD)).status).toBe(302);
    for (let i = 0; i < 4; i++)
      expect((await signIn(new Browser(laptop), owner.email, `typo-again-${i}`)).status).toBe(401);
    expect((await signIn(new Browser(laptop), owner.email, "fifth")).status).toBe(401);
    expect((await signIn(new Browser(laptop), owner.email, PASSWORD)).status).toBe(429);
  });

  it("answers an unknown e-mail exactly like a wrong password, counted the same", async () => {
    const owner = await signedIn("shopper");
    const wrong = await signIn(new Browser(freshIp()), owner.email, "not-it");
    const unknown = await signIn(new Browser(freshIp()), `nobody-${crypto.randomUUID()}@example.test`, "not-it");
    expect(unknown.status).toBe(wrong.status);
    expect(roundTrips(unknown)).toBe(roundTrips(wrong));
    const prober = new Browser(freshIp());
    const ghost = `nobody-${crypto.randomUUID()}@example.test`;
    for (let i = 0; i < 5; i++) expect((await signIn(prober, ghost, "x")).status).toBe(401);
    expect((await signIn(prober, ghost, "x")).status).toBe(429);
  });
});

describe("the newsletter", () => {
  it.each([
    "plainaddress",
    "a@b",
    "two words@example.test",
    "a@@example.test",
    ".dot@example.test",
    `${"x".repeat(250)}@example.test`,
  ])("refuses %j as sign-up does", async (email) => {
    const newsletter = await new Browser(freshIp()).post("/newsletter", { email, enhanced: "1" });
    expect(newsletter.status).toBe(400);
    expect(await newsletter.text()).toContain("Please enter a valid email address");
    const signUp = await new Browser(freshIp()).post("/auth", {
      intent: "signup",
      fullName: "N",
      email,
      password: "secret1",
      confirmPassword: "secret1",
    });
    expect(signUp.status).toBe(400);
    expect(await signUp.text()).toContain("Please enter a valid email address");
  });
});

describe("the queue consumer's account e-mail requests", () => {
  it("sends one reset e-mail for a request delivered twice, and drops a malformed one", async () => {
    const user = await signedIn("shopper");
    const request = {
      key: `password_reset:${crypto.randomUUID()}`,
      type: "account_email",
      purpose: "password_reset",
      email: user.email,
      origin: "https://closetloop.example",
    };
    for (const id of ["first", "again"]) {
      const batch = createMessageBatch("closetloop-notifications", [
        { id, timestamp: new Date(), attempts: 1, body: request },
      ]);
      const ctx = createExecutionContext();
      await worker.queue(batch, env, ctx);
      expect((await getQueueResult(batch, ctx)).explicitAcks).toEqual([id]);
    }
    const mail = await arrives(user.email, "password_reset");
    expect(mail.body).toContain("https://closetloop.example/auth/reset?token=");
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect((await outbox(user.email, "password_reset")).results).toHaveLength(1);

    const bad = createMessageBatch("closetloop-notifications", [
      { id: "bad", timestamp: new Date(), attempts: 1, body: { ...request, origin: "not a url" } },
    ]);
    const ctx = createExecutionContext();
    await worker.queue(bad, env, ctx);
    expect((await getQueueResult(bad, ctx)).explicitAcks).toEqual(["bad"]);
  });
});
