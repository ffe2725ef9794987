import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { convertV4MiniflareOptions, Log, LogLevel, Miniflare } from "miniflare";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { builtWorker } from "./built-worker.mjs";
import { productionConfigProblems } from "./production-config.mjs";

// Issue 16, item 6 (docs/decisions/0018-dev-surfaces-cannot-ship.md): `npm run deploy` deploys
// only a complete production build, and that build refuses to start with the development
// secrets or without its environment name. This builds the production bundle (elsewhere than
// build/), checks its configuration and starts it in workerd.

const BUILD = path.resolve(".tmp/deploy-test-build");
const REDIRECT = path.resolve(".wrangler/deploy/config.json");
const deploy = (env, args = []) =>
  spawnSync(process.execPath, ["scripts/deploy.mjs", ...args], { encoding: "utf8", env: { ...process.env, ...env } });
// Outside development payments go through Stripe (decision 0055): its key and webhook secret are secrets too.
const OWN_SECRETS = {
  SESSION_SECRET: "s".repeat(40),
  PASSWORD_PEPPER: "p".repeat(40),
  SITE_URL: "https://closetloop.example",
  STRIPE_SECRET_KEY: "sk_test_deploy",
  STRIPE_WEBHOOK_SECRET: "whsec_deploy",
};

describe("npm run deploy", () => {
  it("stops for any environment but production, before building anything", () => {
    const run = deploy({ CLOUDFLARE_ENV: "staging", CLOSETLOOP_BUILD_DIR: BUILD });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain(
      'npm run deploy stopped: it deploys the production environment only (wrangler.toml [env.production]), and CLOUDFLARE_ENV is "staging"',
    );
    expect(run.stdout).not.toContain("built in");
  });
});

describe("the production build", () => {
  let run;
  let config;
  let redirect;
  beforeAll(() => {
    redirect = existsSync(REDIRECT) ? readFileSync(REDIRECT, "utf8") : null;
    rmSync(BUILD, { recursive: true, force: true });
    // --dry-run: should wrangler.toml ever hold real ids, wrangler still uploads nothing.
    run = deploy({ CLOUDFLARE_ENV: "", CLOSETLOOP_BUILD_DIR: BUILD }, ["--dry-run"]);
    config = JSON.parse(readFileSync(path.join(BUILD, "server", "wrangler.json"), "utf8"));
  }, 240_000);
  afterAll(() => {
    rmSync(BUILD, { recursive: true, force: true });
    // The build pointed wrangler's deploy redirect at this folder; point it back.
    if (redirect !== null) writeFileSync(REDIRECT, redirect);
  });

  it("is built, then not deployed while wrangler.toml holds placeholder ids", () => {
    expect(run.stdout).toContain("built in");
    expect(run.status).toBe(1);
    expect(run.stderr).toContain("npm run deploy stopped: the production configuration is not ready");
    expect(run.stderr).toContain('DB has the placeholder id "REPLACE_WITH_D1_DATABASE_ID"');
  });

  it("is configured for production: nothing wrong with it but the ids an operator fills in", () => {
    expect(config.targetEnvironment).toBe("production");
    expect(config.vars).toEqual({ APP_ENV: "production", PAYMENT_PROVIDER: "stripe", PAGE_CACHE_SECONDS: "30" });
    expect(productionConfigProblems(config).filter((p) => !p.includes("placeholder id"))).toEqual([]);
    const filled = JSON.parse(JSON.stringify(config));
    filled.d1_databases[0].database_id = "0b1f4f4e-6d1b-4c5e-9f0a-1234567890ab";
    for (const kv of filled.kv_namespaces) kv.id = "9c8b7a6d5e4f30211f0e9d8c7b6a5948";
    expect(productionConfigProblems(filled)).toEqual([]);
  });

  it("refuses a development build", () => {
    const development = {
      ...JSON.parse(JSON.stringify(config)),
      targetEnvironment: undefined,
      vars: { APP_ENV: "development" },
    };
    development.d1_databases[0].database_id = "local-closetloop-db";
    const problems = productionConfigProblems(development);
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringContaining("not for [env.production]"),
        expect.stringContaining('APP_ENV is "development"'),
        expect.stringContaining('placeholder id "local-closetloop-db"'),
      ]),
    );
    expect(productionConfigProblems({ ...config, vars: { ...config.vars, SESSION_SECRET: "x" } })).toEqual(
      expect.arrayContaining([expect.stringContaining("SESSION_SECRET is a plain variable")]),
    );
  });

  /** Starts the built Worker in workerd with these variables; its answers to a few requests, or why it did not start. */
  async function start(vars) {
    const worker = builtWorker(path.join(BUILD, "server"));
    const bindings = { ...worker.bindings, ...vars };
    for (const [name, value] of Object.entries(bindings)) if (value === undefined) delete bindings[name];
    const mf = new Miniflare(
      convertV4MiniflareOptions({
        log: new Log(LogLevel.NONE),
        telemetry: { enabled: false },
        cf: false,
        workers: [{ ...worker, assets: undefined, bindings }],
      }),
    );
    try {
      await mf.ready;
      const fromHere = { headers: { "cf-connecting-ip": "127.0.0.1" } };
      const health = await mf.dispatchFetch("http://localhost/healthz", fromHere);
      const outbox = await mf.dispatchFetch("http://localhost/dev/outbox", fromHere);
      return {
        started: true,
        health: health.status,
        hsts: health.headers.get("strict-transport-security"),
        outbox: outbox.status,
        outboxText: await outbox.text(),
      };
    } catch (error) {
      return { started: false, error: String(error?.message ?? error) + String(error?.cause ?? "") };
    } finally {
      await mf.dispose().catch(() => {});
    }
  }

  it.each([
    ["without secrets", {}, "SESSION_SECRET must be set outside development"],
    [
      "with the development secrets",
      {
        SESSION_SECRET: "local-development-session-secret-0000",
        PASSWORD_PEPPER: "local-development-password-pepper-000",
      },
      "SESSION_SECRET is the local development value",
    ],
    ["without its environment name", { ...OWN_SECRETS, APP_ENV: undefined }, "APP_ENV must name the environment"],
    ["as development", { ...OWN_SECRETS, APP_ENV: "development" }, "this bundle was built for production"],
    ["without the site's address", { ...OWN_SECRETS, SITE_URL: undefined }, "SITE_URL must be set outside development"],
    [
      "without Stripe's keys",
      { ...OWN_SECRETS, STRIPE_SECRET_KEY: undefined },
      "STRIPE_SECRET_KEY must be a Stripe secret key",
    ],
  ])(
    "refuses to start %s",
    async (_name, vars, message) => {
      const result = await start(vars);
      expect(result.started).toBe(false);
      expect(result.error).toContain("The Workers runtime failed to start");
      expect(result.error).toContain(message);
    },
    60_000,
  );

  it("starts with its own secrets, and has no outbox even for this machine", async () => {
    const result = await start(OWN_SECRETS);
    expect(result).toMatchObject({ started: true, health: 200, outbox: 404 });
    expect(result.hsts).toContain("max-age=");
    expect(result.outboxText).not.toContain("Local outbox");
  }, 60_000);
});
