import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import { failingD1 } from "../../app/data/db.server";
import { RETRY_AFTER_SECONDS, UNAVAILABLE } from "../../app/domain/unavailable";
import { LOCAL_WEBHOOK_SECRET } from "../../app/env.server";
import { DEV_FAIL_COOKIE } from "../../app/services/dev-failures.server";
import { signStripeEvent } from "../../app/services/stripe.server";
import worker from "../../workers/app";
import { signedInBrowser } from "./actors";
import { ask, cast, rows } from "./conversations-helpers";
import { createProduct, createUser, databaseFingerprint } from "./factories";
import type { Browser } from "./http";

// Issue 41 items 1 and 8 (decision 0072): when D1 or a conversation's Durable Object fails, pages
// and actions answer the site's own error page with 503 and Retry-After, and nothing is written;
// every 5xx is logged with the request's id and route, and the id goes out as x-request-id.

afterEach(() => vi.restoreAllMocks());

let ipSeq = 0;
const nextIp = () => `10.141.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}`;

/** A request to the Worker with some bindings replaced (a failing D1, a failing namespace), as `browser` (its cookies). */
async function fetchWith(
  bindings: Partial<Env>,
  path: string,
  init: RequestInit & { browser?: Browser; form?: Record<string, string> } = {},
) {
  const headers = new Headers(init.headers);
  if (!headers.has("cf-connecting-ip")) headers.set("cf-connecting-ip", init.browser?.ip ?? nextIp());
  if (init.browser?.cookies.size)
    headers.set("cookie", [...init.browser.cookies].map(([k, v]) => `${k}=${v}`).join("; "));
  if (init.form) headers.set("content-type", "application/x-www-form-urlencoded");
  const body = init.form ? new URLSearchParams(init.form).toString() : init.body;
  const ctx = createExecutionContext();
  const response = await worker.fetch(
    new Request(`http://localhost${path}`, { ...init, headers, body, redirect: "manual" }),
    { ...env, ...bindings } as Env,
    ctx,
  );
  await waitOnExecutionContext(ctx);
  return response;
}

const brokenD1 = (which: "all" | "writes" = "all") => failingD1(env.DB, which);

async function expectUnavailablePage(response: Response) {
  expect(response.status).toBe(503);
  expect(response.headers.get("retry-after")).toBe(String(RETRY_AFTER_SECONDS));
  expect(response.headers.get("content-type")).toContain("text/html");
  const html = await response.text();
  expect(html).toContain(UNAVAILABLE.title);
  expect(html).toContain("nothing was changed. Please try again in a minute.");
  // The site's own page: its shell (skip link, footer), never a bare 'Internal Server Error'.
  expect(html).toContain("Skip to content");
  expect(html).toContain("<footer");
  expect(html).not.toContain("Internal Server Error");
  return html;
}

describe("when D1 fails", () => {
  it("a page answers the site's 503 page with Retry-After; the 5xx is logged with the request's id (cf-ray) and route", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const owner = await createUser();
    const product = await createProduct(owner.id);
    const response = await fetchWith({ DB: brokenD1() }, `/product/${product.id}`, {
      headers: { "cf-ray": "8f1e2d3c4b5a6978-LHR" },
    });
    await expectUnavailablePage(response);
    expect(response.headers.get("x-request-id")).toBe("8f1e2d3c4b5a6978-LHR");
    const lines = logged.mock.calls.map((call) => String(call[0]));
    expect(lines).toContain("5xx 503 GET /product/:id request 8f1e2d3c4b5a6978-LHR");
  });

  it("without cf-ray, the request gets a random id, in the header and the log line", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const owner = await createUser();
    const product = await createProduct(owner.id);
    // Not a ray id (a forged one could write lines of its own into the log): a random id instead.
    const response = await fetchWith({ DB: brokenD1() }, `/product/${product.id}`, {
      headers: { "cf-ray": "not a ray; forged" },
    });
    await expectUnavailablePage(response);
    const id = response.headers.get("x-request-id")!;
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(logged.mock.calls.map((call) => String(call[0]))).toContain(`5xx 503 GET /product/:id request ${id}`);
  });

  it("an action answers the site's 503 page and writes nothing, whether reads or only writes fail", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const shopper = await signedInBrowser("shopper", { ip: nextIp() });
    const owner = await createUser();
    const product = await createProduct(owner.id);
    const before = await databaseFingerprint();
    for (const which of ["all", "writes"] as const) {
      const response = await fetchWith({ DB: brokenD1(which) }, "/cart", {
        method: "POST",
        browser: shopper.browser,
        form: { intent: "add", productId: product.id, option: "purchase" },
      });
      await expectUnavailablePage(response);
      expect(logged.mock.calls.map((call) => String(call[0]))).toContain(
        `5xx 503 POST /cart request ${response.headers.get("x-request-id")}`,
      );
    }
    expect(await rows("SELECT id FROM cart_items WHERE user_id = ?", shopper.id)).toEqual([]);
    expect(await databaseFingerprint()).toEqual(before);
    // With D1 back, the same form works.
    expect(
      (await shopper.browser.post("/cart", { intent: "add", productId: product.id, option: "purchase" })).status,
    ).toBeLessThan(400);
    expect(await rows("SELECT product_id FROM cart_items WHERE user_id = ?", shopper.id)).toEqual([
      { product_id: product.id },
    ]);
  });

  it("the payment webhook answers 500 (the provider delivers it again), logged with its route and the request's id", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const payload = JSON.stringify({
      id: `evt_down_${Date.now()}`,
      object: "event",
      type: "customer.created",
      data: { object: { id: "cus_x" } },
    });
    const response = await fetchWith({ DB: brokenD1() }, "/webhooks/stripe", {
      method: "POST",
      body: payload,
      headers: {
        "stripe-signature": await signStripeEvent(payload, LOCAL_WEBHOOK_SECRET),
        "cf-ray": "9a0b1c2d3e4f5061-AMS",
      },
    });
    expect(response.status).toBe(500);
    expect(response.headers.get("x-request-id")).toBe("9a0b1c2d3e4f5061-AMS");
    expect(logged.mock.calls.map((call) => String(call[0]))).toContain(
      "5xx 500 POST /webhooks/stripe request 9a0b1c2d3e4f5061-AMS",
    );
  });

  it("other errors keep their answers: a 404 stays a 404", async () => {
    const response = await fetchWith({}, "/no-such-page-here/at-all");
    expect(response.status).toBe(404);
    expect(response.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe("when a conversation's Durable Object fails", () => {
  it("sending a message answers the site's 503 page and stores nothing", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const { shopper, item } = await cast();
    const id = await ask(shopper.browser, item.id);
    const unreachable = new Proxy(
      {},
      { get: () => () => Promise.reject(new Error("Durable Object storage operation exceeded timeout")) },
    );
    const CONVERSATIONS = new Proxy(env.CONVERSATIONS, {
      get: (target, key) =>
        key === "get" ? () => unreachable : (Reflect.get(target, key) as (...a: unknown[]) => unknown).bind(target),
    });
    const response = await fetchWith({ CONVERSATIONS } as Partial<Env>, `/account/messages/${id}`, {
      method: "POST",
      browser: shopper.browser,
      form: { intent: "send", body: "Is it lined?", token: crypto.randomUUID() },
    });
    await expectUnavailablePage(response);
    const page = await (await shopper.browser.fetch(`/account/messages/${id}`)).text();
    expect(page).toContain("Does it fit a size 10?");
    expect(page).not.toContain("Is it lined?");
  });
});

describe("development's storage-failure switch", () => {
  const SECRETS = {
    SESSION_SECRET: "s".repeat(40),
    PASSWORD_PEPPER: "p".repeat(40),
    PAYMENT_PROVIDER: "stripe",
    STRIPE_SECRET_KEY: "sk_test_contract",
    STRIPE_WEBHOOK_SECRET: "whsec_contract",
  };

  it("makes D1 fail only for a request from this machine, in development", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const owner = await createUser();
    const product = await createProduct(owner.id);
    const path = `/product/${product.id}`;
    const cookie = `${DEV_FAIL_COOKIE}=d1`;
    await expectUnavailablePage(await fetchWith({}, path, { headers: { cookie, "cf-connecting-ip": "127.0.0.1" } }));
    // From elsewhere, or outside development, the cookie means nothing.
    expect((await fetchWith({}, path, { headers: { cookie, "cf-connecting-ip": "198.51.100.7" } })).status).toBe(200);
    expect(
      (
        await fetchWith({ APP_ENV: "production", ...SECRETS } as Partial<Env>, path, {
          headers: { cookie, "cf-connecting-ip": "127.0.0.1" },
        })
      ).status,
    ).toBe(200);
  });

  it("can fail a conversation's Durable Object instead", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const { shopper, item } = await cast();
    const id = await ask(shopper.browser, item.id);
    const response = await fetchWith({}, `/account/messages/${id}`, {
      method: "POST",
      headers: {
        "cf-connecting-ip": "127.0.0.1",
        cookie: `${[...shopper.browser.cookies].map(([k, v]) => `${k}=${v}`).join("; ")}; ${DEV_FAIL_COOKIE}=conversations`,
      },
      form: { intent: "send", body: "Is it lined?", token: crypto.randomUUID() },
    });
    await expectUnavailablePage(response);
    expect(await (await shopper.browser.fetch(`/account/messages/${id}`)).text()).not.toContain("Is it lined?");
  });
});
