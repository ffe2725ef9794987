import { createExecutionContext, createMessageBatch, getQueueResult } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import worker from "../../workers/app";
import { MAX_ATTEMPTS, retryDelaySeconds } from "../../workers/queue";
import { Browser } from "./http";

// An e-mail provider that cannot be reached: a closed port on this machine's loopback.
const failingEnv = { ...env, EMAIL_API_KEY: "test-key", EMAIL_API_URL: "http://127.0.0.1:9/send" } as Env;

const message = (key: string) => ({
  key,
  type: "email",
  kind: "password_reset",
  to: "retry@example.test",
  subject: "Reset",
  text: "Hello",
});

describe("queue delivery failures", () => {
  it("retries with growing delays", () => {
    expect([1, 2, 3, 4, 10].map(retryDelaySeconds)).toEqual([10, 20, 40, 80, 600]);
  });

  it("retries a failed delivery and writes nothing", async () => {
    const key = `retry-${Date.now()}`;
    const batch = createMessageBatch("closetloop-notifications", [
      { id: "m1", timestamp: new Date(), attempts: 1, body: message(key) },
    ]);
    const ctx = createExecutionContext();
    await worker.queue(batch, failingEnv, ctx);
    const result = await getQueueResult(batch, ctx);
    expect(result.retryMessages.map((m) => m.msgId)).toEqual(["m1"]);
    expect(result.explicitAcks).toEqual([]);
    expect(
      await env.DB.prepare("SELECT count(*) AS n FROM notification_outbox WHERE message_key = ?")
        .bind(key)
        .first<{ n: number }>(),
    ).toEqual({ n: 0 });
  });

  it("records the message as dead after the last attempt", async () => {
    const key = `dead-${Date.now()}`;
    const batch = createMessageBatch("closetloop-notifications", [
      { id: "m2", timestamp: new Date(), attempts: MAX_ATTEMPTS, body: message(key) },
    ]);
    const ctx = createExecutionContext();
    await worker.queue(batch, failingEnv, ctx);
    const result = await getQueueResult(batch, ctx);
    expect(result.explicitAcks).toEqual(["m2"]);
    const row = await env.DB.prepare("SELECT status, attempts FROM notification_outbox WHERE message_key = ?")
      .bind(key)
      .first();
    expect(row).toEqual({ status: "dead", attempts: MAX_ATTEMPTS });
  });
});

describe("the local outbox page outside development", () => {
  it("does not exist in production", async () => {
    const production = {
      ...env,
      APP_ENV: "production",
      SESSION_SECRET: "s".repeat(40),
      PASSWORD_PEPPER: "p".repeat(40),
      PAYMENT_PROVIDER: "stripe",
      STRIPE_SECRET_KEY: "sk_test_contract",
      STRIPE_WEBHOOK_SECRET: "whsec_contract",
    } as Env;
    const response = await worker.fetch(
      new Request("https://closetloop.example/dev/outbox"),
      production,
      createExecutionContext(),
    );
    expect(response.status).toBe(404);
    expect(response.headers.get("strict-transport-security")).toContain("max-age=");
  });

  it("refuses to serve in production without secrets", async () => {
    const misconfigured = { ...env, APP_ENV: "production" } as Env;
    const response = await worker.fetch(
      new Request("https://closetloop.example/"),
      misconfigured,
      createExecutionContext(),
    );
    expect(response.status).toBe(500);
  });
});

describe("rate limits", () => {
  it("answers the newsletter with 429 after too many sign-ups for one address", async () => {
    const email = `limited-${Date.now()}@example.test`;
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const r = await new Browser().post(
        "/newsletter",
        { email, enhanced: "1" },
        { "cf-connecting-ip": `10.1.0.${i}` },
      );
      statuses.push(r.status);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
  });

  it("counts an over-long e-mail or address without failing (KV keys are at most 512 bytes)", async () => {
    const long = `${"x".repeat(5000)}@example.test`;
    const forms: Record<string, string>[] = [
      { intent: "signin", email: long, password: "secret1" },
      { intent: "store_request", contactEmail: long },
      { intent: "resend", email: long },
    ];
    for (const form of forms) {
      const response = await new Browser().post("/auth", form, { "cf-connecting-ip": "1".repeat(600) });
      expect(response.status, form.intent).toBeLessThan(500);
    }
    const newsletter = await new Browser().post(
      "/newsletter",
      { email: long },
      { "cf-connecting-ip": "2".repeat(600) },
    );
    expect(newsletter.status).toBeLessThan(500);
  });

  it("limits sign-ups per e-mail, counting only forms that would send one (typing mistakes lock no one out)", async () => {
    const email = `signup-limit-${Date.now()}@example.test`;
    const signUp = (i: number, confirmPassword: string) =>
      new Browser().post(
        "/auth",
        { intent: "signup", fullName: "Limit Me", email, password: "secret1", confirmPassword },
        { "cf-connecting-ip": `10.2.0.${i}` },
      );
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await signUp(i, "secret2")).status);
    for (let i = 4; i < 8; i++) statuses.push((await signUp(i, "secret1")).status);
    expect(statuses).toEqual([400, 400, 400, 400, 302, 302, 302, 429]);
    // The refusal says how long to wait: the rest of the hour's window.
    expect(await (await signUp(9, "secret1")).text()).toMatch(
      /Too many attempts\. Please try again in (a minute|\d+ minutes)\./,
    );
  });
});
