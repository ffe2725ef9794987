import { createExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import worker from "../../workers/app";
import { appConfig, DEVELOPMENT_SECRETS } from "../../app/env.server";
import { Browser } from "./http";

// Issue 16, item 6 (decision 0018): the local outbox shows live sign-in and reset links, so it
// answers only in development and only to this machine; a Worker outside development refuses
// to run with the development secrets or without its environment name. scripts/deploy.test.mjs
// builds the production bundle and checks the same in it.

// Outside development a Worker takes payments with Stripe (decision 0055).
const SECRETS = {
  SESSION_SECRET: "s".repeat(40),
  PASSWORD_PEPPER: "p".repeat(40),
  PAYMENT_PROVIDER: "stripe",
  STRIPE_SECRET_KEY: "sk_test_contract",
  STRIPE_WEBHOOK_SECRET: "whsec_contract",
};

describe("the local outbox in development", () => {
  it.each(["127.0.0.1", "127.0.0.53", "::1", "::ffff:127.0.0.1"])("opens from this machine (%s)", async (ip) => {
    const response = await new Browser(ip).fetch("/dev/outbox");
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("Local outbox");
    const payments = await new Browser(ip).fetch("/dev/payments");
    expect(payments.status).toBe(200);
    // The local provider's hosted page (decision 0055): an unknown session is simply not found.
    expect(
      (await new Browser(ip).fetch("/dev/payments/checkout/cs_local_00000000000000000000000000000000")).status,
    ).toBe(404);
    expect(await payments.text()).toContain("Local payments");
    // The local label provider's page (issue 44, decision 0082).
    const shipping = await new Browser(ip).fetch("/dev/shipping");
    expect(shipping.status).toBe(200);
    expect(await shipping.text()).toContain("Local shipping");
  });

  it.each([["10.0.0.8"], ["192.168.1.20"], ["203.0.113.9"], ["2001:db8::1"], [undefined]])(
    "is not there for %s",
    async (ip) => {
      const browser = new Browser(ip);
      for (const path of [
        "/dev/outbox",
        "/dev/outbox.data",
        "/dev/payments",
        "/dev/payments.data",
        "/dev/payments/checkout/cs_local_00000000000000000000000000000000",
        "/dev/shipping",
        "/dev/shipping.data",
      ]) {
        const response = await browser.fetch(path);
        expect(response.status, path).toBe(404);
        expect(await response.text(), path).not.toContain("Local outbox");
      }
    },
  );

  it("believes only CF-Connecting-IP, not the headers a client chooses", async () => {
    const response = await new Browser("198.51.100.7").fetch("/dev/outbox", {
      headers: { "x-forwarded-for": "127.0.0.1", "x-real-ip": "127.0.0.1", forwarded: "for=127.0.0.1" },
    });
    expect(response.status).toBe(404);
  });
});

describe("a Worker outside development", () => {
  const fetchAs = (vars: Record<string, unknown>, path: string, ip = "127.0.0.1") =>
    worker.fetch(
      new Request(`https://closetloop.example${path}`, { headers: { "cf-connecting-ip": ip } }),
      { ...env, ...vars } as Env,
      createExecutionContext(),
    );

  it("has no outbox, even from this machine", async () => {
    const response = await fetchAs({ APP_ENV: "production", ...SECRETS }, "/dev/outbox");
    expect(response.status).toBe(404);
    expect(await response.text()).not.toContain("Local outbox");
    const payments = await fetchAs({ APP_ENV: "production", ...SECRETS }, "/dev/payments");
    expect(payments.status).toBe(404);
    expect(await payments.text()).not.toContain("Local payments");
    const shipping = await fetchAs({ APP_ENV: "production", ...SECRETS }, "/dev/shipping");
    expect(shipping.status).toBe(404);
    expect(await shipping.text()).not.toContain("Local shipping");
  });

  it.each([
    ["without APP_ENV", { APP_ENV: undefined }, /APP_ENV must name the environment/],
    ["with an unknown APP_ENV", { APP_ENV: "staging" }, /APP_ENV must name the environment/],
    ["without secrets", { APP_ENV: "production" }, /SESSION_SECRET must be set outside development/],
    [
      "with the development secrets",
      { APP_ENV: "production", ...DEVELOPMENT_SECRETS },
      /SESSION_SECRET is the local development value/,
    ],
    [
      "with a development pepper",
      { APP_ENV: "production", ...SECRETS, PASSWORD_PEPPER: DEVELOPMENT_SECRETS.PASSWORD_PEPPER },
      /PASSWORD_PEPPER is the local development value/,
    ],
    [
      "with short secrets",
      { APP_ENV: "production", SESSION_SECRET: "short", PASSWORD_PEPPER: "short" },
      /SESSION_SECRET/,
    ],
    [
      "with the local payment provider",
      { APP_ENV: "production", ...SECRETS, PAYMENT_PROVIDER: "local" },
      /PAYMENT_PROVIDER must be stripe outside development/,
    ],
    [
      "with Stripe but no keys",
      { APP_ENV: "production", ...SECRETS, STRIPE_SECRET_KEY: undefined, STRIPE_WEBHOOK_SECRET: undefined },
      /STRIPE_SECRET_KEY must be a Stripe secret key/,
    ],
    // Labels (issue 44, decision 0082): the local label provider's labels are not real; EasyPost needs both its secrets.
    [
      "with the local label provider",
      { APP_ENV: "production", ...SECRETS, SHIPPING_PROVIDER: "local" },
      /SHIPPING_PROVIDER cannot be local outside development/,
    ],
    [
      "with EasyPost but no keys",
      { APP_ENV: "production", ...SECRETS, SHIPPING_PROVIDER: "easypost" },
      /EASYPOST_API_KEY must be set/,
    ],
    [
      "with EasyPost and the local webhook secret",
      {
        APP_ENV: "production",
        ...SECRETS,
        SHIPPING_PROVIDER: "easypost",
        EASYPOST_API_KEY: "EZAK_contract",
        EASYPOST_WEBHOOK_SECRET: "local-development-shipping-webhook-secret",
      },
      /EASYPOST_WEBHOOK_SECRET must be the secret/,
    ],
  ])("refuses to run %s", async (_name, vars, message) => {
    expect(() => appConfig({ ...env, ...vars } as Env)).toThrow(message);
    const response = await fetchAs(vars, "/");
    expect(response.status).toBe(500);
    expect(await response.text()).not.toMatch(/secret|pepper/i);
  });

  it("runs with its own secrets", async () => {
    const response = await fetchAs({ APP_ENV: "production", ...SECRETS }, "/healthz");
    expect(response.status).toBe(200);
    expect(response.headers.get("strict-transport-security")).toContain("max-age=");
  });
});
