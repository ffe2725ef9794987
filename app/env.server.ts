import { z } from "zod";

// Validated once per isolate, when the Worker starts (workers/app.ts) and again per env object:
// a misconfigured deployment refuses to start with a message naming the setting, instead of
// failing deep inside some loader (docs/decisions/0018-dev-surfaces-cannot-ship.md).

// The local-only secrets a fresh clone runs with. A Worker outside development refuses them.
export const DEVELOPMENT_SECRETS = {
  SESSION_SECRET: "local-development-session-secret-0000",
  PASSWORD_PEPPER: "local-development-password-pepper-000",
} as const;

/** The local payment provider signs its events with this (the Stripe scheme; decision 0055). Never valid outside development. */
export const LOCAL_WEBHOOK_SECRET = "whsec_local-development-webhook-secret";
/** The local label provider signs its tracking events with this (EasyPost's scheme; decision 0082). Never valid outside development. */
export const LOCAL_SHIPPING_WEBHOOK_SECRET = "local-development-shipping-webhook-secret";

// The wrangler environment the bundle was built for (vite.config.ts): "production" for
// `npm run deploy`, empty for local builds. A production bundle runs only as production.
const BUILT_FOR: string = import.meta.env.CLOUDFLARE_ENV ?? "";

const EnvSchema = z
  .object({
    APP_ENV: z.enum(["development", "production"], { error: "APP_ENV must name the environment the Worker runs in: development or production" }),
    SESSION_SECRET: z.string().min(32).optional(),
    PASSWORD_PEPPER: z.string().min(32).optional(),
    EMAIL_API_KEY: z.string().min(1).optional(),
    EMAIL_API_URL: z.url().optional(),
    EMAIL_FROM: z.string().default("Closetloop <hello@closetloop.example>"),
    BREVO_API_KEY: z.string().min(1).optional(),
    BREVO_API_URL: z.url().default("https://api.brevo.com/v3"),
    /** The site's own address (https://…), for links in e-mails and jobs that have no request. */
    SITE_URL: z.url({ error: "SITE_URL must be the site's address, such as https://closetloop.co.uk" }).optional(),
    /** Longest reuse of a page shared by anonymous visitors, in seconds; 0 turns the page cache off. */
    PAGE_CACHE_SECONDS: z.coerce.number().int().min(0).max(300).default(30),
    /** Which payment provider takes the money (decision 0055): the local one for development and the tests, Stripe in production. */
    PAYMENT_PROVIDER: z.enum(["local", "stripe"], { error: "PAYMENT_PROVIDER must be local or stripe" }).default("local"),
    STRIPE_SECRET_KEY: z.string().min(1).optional(),
    STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
    /** Who sells shipping labels (decision 0082): the local provider in development, EasyPost when configured; elsewhere none (tracking typed by hand). */
    SHIPPING_PROVIDER: z.enum(["local", "easypost"], { error: "SHIPPING_PROVIDER must be local or easypost" }).optional(),
    EASYPOST_API_KEY: z.string().min(1).optional(),
    EASYPOST_WEBHOOK_SECRET: z.string().min(1).optional(),
    /** Where the daily job gets exchange rates (decision 0085): the ECB's feed; locally, a feed made on this machine. */
    RATES_PROVIDER: z.enum(["local", "ecb"], { error: "RATES_PROVIDER must be local or ecb" }).optional(),
  })
  .transform((vars, ctx) => {
    const isDev = vars.APP_ENV === "development";
    if (isDev && BUILT_FOR === "production") {
      ctx.addIssue({ code: "custom", path: ["APP_ENV"], message: "this bundle was built for production (CLOUDFLARE_ENV=production); APP_ENV must be production" });
    }
    for (const key of ["SESSION_SECRET", "PASSWORD_PEPPER"] as const) {
      if (isDev) continue;
      if (!vars[key]) ctx.addIssue({ code: "custom", path: [key], message: `${key} must be set outside development` });
      else if (vars[key] === DEVELOPMENT_SECRETS[key] || vars[key]!.startsWith("local-development-")) {
        ctx.addIssue({ code: "custom", path: [key], message: `${key} is the local development value; set a secret of your own (npx wrangler secret put ${key} --env production)` });
      }
    }
    if (!isDev && vars.PAYMENT_PROVIDER === "local") {
      ctx.addIssue({ code: "custom", path: ["PAYMENT_PROVIDER"], message: "PAYMENT_PROVIDER must be stripe outside development: the local provider takes no money (set PAYMENT_PROVIDER = \"stripe\" and the secrets STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET)" });
    }
    if (vars.PAYMENT_PROVIDER === "stripe") {
      if (!vars.STRIPE_SECRET_KEY?.match(/^(sk|rk)_/)) ctx.addIssue({ code: "custom", path: ["STRIPE_SECRET_KEY"], message: "STRIPE_SECRET_KEY must be a Stripe secret key (sk_…): npx wrangler secret put STRIPE_SECRET_KEY --env production" });
      if (!vars.STRIPE_WEBHOOK_SECRET?.startsWith("whsec_") || vars.STRIPE_WEBHOOK_SECRET === LOCAL_WEBHOOK_SECRET) {
        ctx.addIssue({ code: "custom", path: ["STRIPE_WEBHOOK_SECRET"], message: "STRIPE_WEBHOOK_SECRET must be the signing secret of the /webhooks/stripe endpoint (whsec_…): npx wrangler secret put STRIPE_WEBHOOK_SECRET --env production" });
      }
    }
    if (vars.SHIPPING_PROVIDER === "easypost") {
      if (!vars.EASYPOST_API_KEY) ctx.addIssue({ code: "custom", path: ["EASYPOST_API_KEY"], message: "EASYPOST_API_KEY must be set with SHIPPING_PROVIDER = \"easypost\": npx wrangler secret put EASYPOST_API_KEY --env production" });
      if (!vars.EASYPOST_WEBHOOK_SECRET || vars.EASYPOST_WEBHOOK_SECRET === LOCAL_SHIPPING_WEBHOOK_SECRET) {
        ctx.addIssue({ code: "custom", path: ["EASYPOST_WEBHOOK_SECRET"], message: "EASYPOST_WEBHOOK_SECRET must be the secret of the /webhooks/shipping webhook: npx wrangler secret put EASYPOST_WEBHOOK_SECRET --env production" });
      }
    }
    if (!isDev && vars.SHIPPING_PROVIDER === "local") ctx.addIssue({ code: "custom", path: ["SHIPPING_PROVIDER"], message: "SHIPPING_PROVIDER cannot be local outside development: its labels are drawn on this machine and no carrier accepts them" });
    if (!isDev && !vars.SITE_URL) ctx.addIssue({ code: "custom", path: ["SITE_URL"], message: "SITE_URL must be set outside development: the site's https address, for links in e-mails" });
    return {
      ...vars,
      isDev,
      /** Without a trailing slash; the local server's address in development. */
      ratesProvider: vars.RATES_PROVIDER ?? (isDev ? "local" : "ecb"),
      siteUrl: (vars.SITE_URL ?? "http://localhost:4173").replace(/\/+$/, ""),
      // Local-only fallbacks so a fresh clone runs with no setup; outside development they are refused above.
      SESSION_SECRET: vars.SESSION_SECRET ?? DEVELOPMENT_SECRETS.SESSION_SECRET,
      PASSWORD_PEPPER: vars.PASSWORD_PEPPER ?? DEVELOPMENT_SECRETS.PASSWORD_PEPPER,
      /** The secret the webhook verifies events with: Stripe's, or the local provider's. */
      webhookSecret: vars.PAYMENT_PROVIDER === "stripe" ? vars.STRIPE_WEBHOOK_SECRET! : LOCAL_WEBHOOK_SECRET,
      /** Who sells labels: EasyPost when configured, the local provider in development, else none ('Get a label' is not offered). */
      shippingProvider: vars.SHIPPING_PROVIDER === "easypost" ? ("easypost" as const) : isDev ? ("local" as const) : null,
      /** The secret tracking events are verified with: EasyPost's webhook's, or the local provider's. */
      shippingWebhookSecret: vars.SHIPPING_PROVIDER === "easypost" ? vars.EASYPOST_WEBHOOK_SECRET! : LOCAL_SHIPPING_WEBHOOK_SECRET,
    };
  });

export type AppConfig = z.infer<typeof EnvSchema>;

const parsed = new WeakMap<object, AppConfig>();

export function appConfig(env: Env): AppConfig {
  let config = parsed.get(env);
  if (!config) {
    const result = EnvSchema.safeParse(env);
    if (!result.success) {
      throw new Error(`Invalid environment: ${z.prettifyError(result.error)}`);
    }
    config = result.data;
    parsed.set(env, config);
  }
  return config;
}
