// Validated once per isolate, when the Worker starts (workers/app.ts) and again per env object:
// a misconfigured deployment refuses to start with a message naming the setting, instead of
// failing deep inside some loader (docs/decisions/0018-dev-surfaces-cannot-ship.md). Checked by
// hand, not with zod: this runs at the Worker's startup, and zod's module and a schema built at
// import cost most of it (decision 0096). The messages read as zod's prettified ones did.

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

type Issue = { key: string; message: string };

/** The settings as the Worker's environment gives them (strings, or absent). */
interface EnvVars {
  APP_ENV: "development" | "production";
  SESSION_SECRET?: string;
  PASSWORD_PEPPER?: string;
  EMAIL_API_KEY?: string;
  EMAIL_API_URL?: string;
  EMAIL_FROM: string;
  BREVO_API_KEY?: string;
  BREVO_API_URL: string;
  /** The site's own address (https://…), for links in e-mails and jobs that have no request. */
  SITE_URL?: string;
  /** Longest reuse of a page shared by anonymous visitors, in seconds; 0 turns the page cache off. */
  PAGE_CACHE_SECONDS: number;
  /** Which payment provider takes the money (decision 0055): the local one for development and the tests, Stripe in production. */
  PAYMENT_PROVIDER: "local" | "stripe";
  STRIPE_SECRET_KEY?: string;
  STRIPE_WEBHOOK_SECRET?: string;
  /** Who sells shipping labels (decision 0082): the local provider in development, EasyPost when configured; elsewhere none (tracking typed by hand). */
  SHIPPING_PROVIDER?: "local" | "easypost";
  EASYPOST_API_KEY?: string;
  EASYPOST_WEBHOOK_SECRET?: string;
  /** Where the daily job gets exchange rates (decision 0085): the ECB's feed; locally, a feed made on this machine. */
  RATES_PROVIDER?: "local" | "ecb";
}

/** Reads the settings, each as its type says; what is wrong goes into `issues`. */
function readVars(env: Record<string, unknown>, issues: Issue[]): EnvVars {
  const bad = (key: string, message: string) => (issues.push({ key, message }), undefined);
  const text = (key: string, min: number) => {
    const value = env[key];
    if (value === undefined) return undefined;
    if (typeof value !== "string") return bad(key, "Invalid input: expected string");
    return value.length < min ? bad(key, `Too small: expected string to have >=${min} characters`) : value;
  };
  const url = (key: string, error = "Invalid URL") => {
    const value = env[key];
    if (value === undefined) return undefined;
    return typeof value === "string" && URL.canParse(value) && new URL(value).hostname ? value : bad(key, error);
  };
  const oneOf = <T extends string>(key: string, values: readonly T[], error: string) => {
    const value = env[key];
    if (value === undefined && key !== "APP_ENV") return undefined;
    return values.includes(value as T) ? (value as T) : bad(key, error);
  };
  const seconds = () => {
    if (env.PAGE_CACHE_SECONDS === undefined) return 30;
    const value = Number(env.PAGE_CACHE_SECONDS);
    if (!Number.isInteger(value)) return bad("PAGE_CACHE_SECONDS", "Invalid input: expected int, received number");
    return value < 0 || value > 300
      ? bad(
          "PAGE_CACHE_SECONDS",
          value < 0 ? "Too small: expected number to be >=0" : "Too big: expected number to be <=300",
        )
      : value;
  };
  return {
    APP_ENV: oneOf(
      "APP_ENV",
      ["development", "production"],
      "APP_ENV must name the environment the Worker runs in: development or production",
    )!,
    SESSION_SECRET: text("SESSION_SECRET", 32),
    PASSWORD_PEPPER: text("PASSWORD_PEPPER", 32),
    EMAIL_API_KEY: text("EMAIL_API_KEY", 1),
    EMAIL_API_URL: url("EMAIL_API_URL"),
    EMAIL_FROM: text("EMAIL_FROM", 0) ?? "Closetloop <hello@closetloop.example>",
    BREVO_API_KEY: text("BREVO_API_KEY", 1),
    BREVO_API_URL: url("BREVO_API_URL") ?? "https://api.brevo.com/v3",
    SITE_URL: url("SITE_URL", "SITE_URL must be the site's address, such as https://closetloop.co.uk"),
    PAGE_CACHE_SECONDS: seconds()!,
    PAYMENT_PROVIDER:
      oneOf("PAYMENT_PROVIDER", ["local", "stripe"], "PAYMENT_PROVIDER must be local or stripe") ?? "local",
    STRIPE_SECRET_KEY: text("STRIPE_SECRET_KEY", 1),
    STRIPE_WEBHOOK_SECRET: text("STRIPE_WEBHOOK_SECRET", 1),
    SHIPPING_PROVIDER: oneOf("SHIPPING_PROVIDER", ["local", "easypost"], "SHIPPING_PROVIDER must be local or easypost"),
    EASYPOST_API_KEY: text("EASYPOST_API_KEY", 1),
    EASYPOST_WEBHOOK_SECRET: text("EASYPOST_WEBHOOK_SECRET", 1),
    RATES_PROVIDER: oneOf("RATES_PROVIDER", ["local", "ecb"], "RATES_PROVIDER must be local or ecb"),
  };
}

/** The rules between settings, once each is well formed. */
function checkRules(vars: EnvVars, isDev: boolean, issues: Issue[]) {
  const issue = (key: string, message: string) => issues.push({ key, message });
  if (isDev && BUILT_FOR === "production")
    issue("APP_ENV", "this bundle was built for production (CLOUDFLARE_ENV=production); APP_ENV must be production");
  for (const key of ["SESSION_SECRET", "PASSWORD_PEPPER"] as const) {
    if (isDev) continue;
    if (!vars[key]) issue(key, `${key} must be set outside development`);
    else if (vars[key] === DEVELOPMENT_SECRETS[key] || vars[key]!.startsWith("local-development-")) {
      issue(
        key,
        `${key} is the local development value; set a secret of your own (npx wrangler secret put ${key} --env production)`,
      );
    }
  }
  if (!isDev && vars.PAYMENT_PROVIDER === "local") {
    issue(
      "PAYMENT_PROVIDER",
      'PAYMENT_PROVIDER must be stripe outside development: the local provider takes no money (set PAYMENT_PROVIDER = "stripe" and the secrets STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET)',
    );
  }
  if (vars.PAYMENT_PROVIDER === "stripe") {
    if (!vars.STRIPE_SECRET_KEY?.match(/^(sk|rk)_/))
      issue(
        "STRIPE_SECRET_KEY",
        "STRIPE_SECRET_KEY must be a Stripe secret key (sk_…): npx wrangler secret put STRIPE_SECRET_KEY --env production",
      );
    if (!vars.STRIPE_WEBHOOK_SECRET?.startsWith("whsec_") || vars.STRIPE_WEBHOOK_SECRET === LOCAL_WEBHOOK_SECRET) {
      issue(
        "STRIPE_WEBHOOK_SECRET",
        "STRIPE_WEBHOOK_SECRET must be the signing secret of the /webhooks/stripe endpoint (whsec_…): npx wrangler secret put STRIPE_WEBHOOK_SECRET --env production",
      );
    }
  }
  if (vars.SHIPPING_PROVIDER === "easypost") {
    if (!vars.EASYPOST_API_KEY)
      issue(
        "EASYPOST_API_KEY",
        'EASYPOST_API_KEY must be set with SHIPPING_PROVIDER = "easypost": npx wrangler secret put EASYPOST_API_KEY --env production',
      );
    if (!vars.EASYPOST_WEBHOOK_SECRET || vars.EASYPOST_WEBHOOK_SECRET === LOCAL_SHIPPING_WEBHOOK_SECRET) {
      issue(
        "EASYPOST_WEBHOOK_SECRET",
        "EASYPOST_WEBHOOK_SECRET must be the secret of the /webhooks/shipping webhook: npx wrangler secret put EASYPOST_WEBHOOK_SECRET --env production",
      );
    }
  }
  if (!isDev && vars.SHIPPING_PROVIDER === "local")
    issue(
      "SHIPPING_PROVIDER",
      "SHIPPING_PROVIDER cannot be local outside development: its labels are drawn on this machine and no carrier accepts them",
    );
  if (!isDev && !vars.SITE_URL)
    issue("SITE_URL", "SITE_URL must be set outside development: the site's https address, for links in e-mails");
}

/** The settings with what follows from them, or what is wrong with them. */
function parseConfig(env: Record<string, unknown>) {
  const issues: Issue[] = [];
  const vars = readVars(env, issues);
  const isDev = vars.APP_ENV === "development";
  if (issues.length === 0) checkRules(vars, isDev, issues);
  if (issues.length > 0) return { issues } as const;
  return {
    config: {
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
      shippingProvider:
        vars.SHIPPING_PROVIDER === "easypost" ? ("easypost" as const) : isDev ? ("local" as const) : null,
      /** The secret tracking events are verified with: EasyPost's webhook's, or the local provider's. */
      shippingWebhookSecret:
        vars.SHIPPING_PROVIDER === "easypost" ? vars.EASYPOST_WEBHOOK_SECRET! : LOCAL_SHIPPING_WEBHOOK_SECRET,
    },
  } as const;
}

export type AppConfig = NonNullable<ReturnType<typeof parseConfig>["config"]>;

const parsed = new WeakMap<object, AppConfig>();

export function appConfig(env: Env): AppConfig {
  let config = parsed.get(env);
  if (!config) {
    const result = parseConfig(env as unknown as Record<string, unknown>);
    if (!result.config)
      throw new Error(`Invalid environment: ${result.issues.map((i) => `✖ ${i.message}\n  → at ${i.key}`).join("\n")}`);
    config = result.config;
    parsed.set(env, config);
  }
  return config;
}
