// What a build must be before `npm run deploy` sends it to Cloudflare (docs/decisions/0018-dev-surfaces-cannot-ship.md).
// Reads the wrangler.json the build wrote (build/server/wrangler.json); returns the problems, [] when none.

/** The bindings the Worker uses (worker-configuration.d.ts), by kind. */
const BINDINGS = { d1_databases: ["DB"], r2_buckets: ["IMAGES"], kv_namespaces: ["SESSIONS", "CACHE"] };
const SECRETS = [
  "SESSION_SECRET",
  "PASSWORD_PEPPER",
  "EMAIL_API_KEY",
  "BREVO_API_KEY",
  "STRIPE_SECRET_KEY",
  "STRIPE_WEBHOOK_SECRET",
  "EASYPOST_API_KEY",
  "EASYPOST_WEBHOOK_SECRET",
];
const CREATE = {
  DB: "npx wrangler d1 create closetloop",
  SESSIONS: "npx wrangler kv namespace create SESSIONS",
  CACHE: "npx wrangler kv namespace create CACHE",
};

/** @param {Record<string, any>} config the built wrangler.json */
export function productionConfigProblems(config) {
  const problems = [];
  if (config.targetEnvironment !== "production") {
    problems.push(
      "the build is not for [env.production]: build it with CLOUDFLARE_ENV=production (npm run deploy does)",
    );
  }
  if (config.vars?.APP_ENV !== "production")
    problems.push(
      `APP_ENV is ${JSON.stringify(config.vars?.APP_ENV)}; [env.production] must set APP_ENV = "production"`,
    );
  for (const name of SECRETS) {
    if (config.vars && name in config.vars)
      problems.push(
        `${name} is a plain variable in wrangler.toml; make it a secret: npx wrangler secret put ${name} --env production`,
      );
  }
  for (const [kind, names] of Object.entries(BINDINGS)) {
    for (const name of names) {
      const binding = (config[kind] ?? []).find((b) => b.binding === name);
      if (!binding) {
        problems.push(`[env.production] has no ${kind} binding ${name}`);
        continue;
      }
      const id = binding.database_id ?? binding.id ?? binding.bucket_name;
      if (!id || /REPLACE_WITH|^local-/i.test(id))
        problems.push(
          `${name} has the placeholder id ${JSON.stringify(id)}: create it (${CREATE[name]}) and put its id in [env.production]`,
        );
    }
  }
  if (!config.queues?.producers?.some((p) => p.binding === "NOTIFICATIONS"))
    problems.push("[env.production] has no NOTIFICATIONS queue producer");
  if (!config.queues?.consumers?.length) problems.push("[env.production] has no queue consumer for the notifications");
  if (!config.triggers?.crons?.length)
    problems.push("[env.production] has no cron triggers (the daily rental job and the weekly payouts)");
  return problems;
}
