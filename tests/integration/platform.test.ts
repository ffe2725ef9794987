import {
  createExecutionContext,
  createMessageBatch,
  createScheduledController,
  getQueueResult,
  waitOnExecutionContext,
} from "cloudflare:test";
import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import worker from "../../workers/app";
import { CRON } from "../../workers/cron";
import { createProduct, createUser } from "./factories";

const fetchPage = (path: string, init?: RequestInit) =>
  exports.default.fetch(new Request(`http://localhost${path}`, init));

describe("the Worker's fetch", () => {
  it("answers /healthz", async () => {
    const response = await fetchPage("/healthz");
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true });
  });

  it("renders the home page from D1: a new live item appears, a pending one does not", async () => {
    const owner = await createUser();
    const live = await createProduct(owner.id, { name: "Seeded Camel Trench" });
    const pending = await createProduct(owner.id, { name: "Unapproved Velvet Blazer", productStatus: "pending" });
    const response = await fetchPage("/");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/html");
    const html = await response.text();
    expect(html).toContain(live.name);
    expect(html).not.toContain(pending.name);
    expect(html).toContain("Rent up to 7 days or buy your favourites at great prices.");
  });

  it("answers an unknown path with the 404 page", async () => {
    const response = await fetchPage("/no/such/page");
    expect(response.status).toBe(404);
    expect(await response.text()).toContain("Oops! Page not found");
  });
});

describe("/images/*", () => {
  it("streams an R2 object with its type, an ETag and a long-lived cache", async () => {
    const bytes = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
    await env.IMAGES.put("products/test-image.png", bytes, { httpMetadata: { contentType: "image/png" } });
    const response = await fetchPage("/images/products/test-image.png");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/png");
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const etag = response.headers.get("etag");
    expect(etag).toBeTruthy();
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(bytes);

    const again = await fetchPage("/images/products/test-image.png", { headers: { "if-none-match": etag! } });
    expect(again.status).toBe(304);
  });

  it("404s a missing key", async () => {
    const response = await fetchPage("/images/products/missing.png");
    expect(response.status).toBe(404);
  });
});

describe("the Worker's queue", () => {
  it("delivers a message into the outbox exactly once, even when delivered twice", async () => {
    const message = {
      key: "test:welcome:1",
      type: "email",
      kind: "verify_email",
      to: "someone@example.test",
      subject: "Verify your e-mail",
      text: "Open http://localhost/auth/verify?token=abc",
    };
    for (const id of ["first-delivery", "redelivery"]) {
      const batch = createMessageBatch("closetloop-notifications", [
        { id, timestamp: new Date(), attempts: 1, body: message },
      ]);
      const ctx = createExecutionContext();
      await worker.queue(batch, env, ctx);
      const result = await getQueueResult(batch, ctx);
      expect(result.explicitAcks).toEqual([id]);
    }
    const rows = await env.DB.prepare(
      "SELECT recipient, subject, status FROM notification_outbox WHERE message_key = ?",
    )
      .bind(message.key)
      .all();
    expect(rows.results).toEqual([
      { recipient: "someone@example.test", subject: "Verify your e-mail", status: "sent" },
    ]);
  });

  it("acknowledges and drops a malformed message without writing anything", async () => {
    const batch = createMessageBatch("closetloop-notifications", [
      { id: "bad", timestamp: new Date(), attempts: 1, body: { type: "email", to: "not-an-email" } },
    ]);
    const ctx = createExecutionContext();
    await worker.queue(batch, env, ctx);
    const result = await getQueueResult(batch, ctx);
    expect(result.explicitAcks).toEqual(["bad"]);
    const count = await env.DB.prepare(
      "SELECT count(*) AS n FROM notification_outbox WHERE recipient = 'not-an-email'",
    ).first<{ n: number }>();
    expect(count?.n).toBe(0);
  });
});

describe("the Worker's scheduled handler", () => {
  it.each([
    ["daily", CRON.daily],
    ["weekly", CRON.weekly],
  ] as const)("runs the %s job for its cron expression", async (job, cron) => {
    const scheduledTime = Date.UTC(2026, 10, 23, 3, 0);
    const controller = createScheduledController({ cron, scheduledTime });
    const ctx = createExecutionContext();
    await worker.scheduled(controller, env, ctx);
    await waitOnExecutionContext(ctx);
    expect(await env.CACHE.get(`jobs:last-run:${job}`, "json")).toMatchObject({
      job,
      ranAt: scheduledTime,
      summary: expect.any(Object),
    });
  });

  it("refuses a cron expression it has no job for", async () => {
    const controller = createScheduledController({ cron: "*/7 * * * *", scheduledTime: Date.now() });
    await expect(worker.scheduled(controller, env, createExecutionContext())).rejects.toThrow(/No job for cron/);
  });

  it("matches the crons wrangler.toml schedules", async () => {
    // The third: reservations whose payment did not come in time (decision 0055).
    expect(Object.values(CRON)).toEqual(["0 3 * * *", "0 6 * * 1", "*/5 * * * *"]);
  });
});
