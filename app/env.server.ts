import { z } from "zod";

// Validated once per isolate: a misconfigured deployment fails on its first request with a
// message naming the missing setting, instead of deep inside some loader.
const EnvSchema = z
  .object({
    APP_ENV: z.enum(["development", "production"]).default("production"),
    SESSION_SECRET: z.string().min(32).optional(),
    PASSWORD_PEPPER: z.string().min(32).optional(),
    EMAIL_API_KEY: z.string().min(1).optional(),
    EMAIL_API_URL: z.url().optional(),
    EMAIL_FROM: z.string().default("Closetloop <hello@closetloop.example>"),
    BREVO_API_KEY: z.string().min(1).optional(),
    BREVO_API_URL: z.url().default("https://api.brevo.com/v3"),
    /** Longest reuse of a page shared by anonymous visitors, in seconds; 0 turns the page cache off. */
    PAGE_CACHE_SECONDS: z.coerce.number().int().min(0).max(300).default(30),
  })
  .transform((vars, ctx) => {
    const isDev = vars.APP_ENV === "development";
    for (const key of ["SESSION_SECRET", "PASSWORD_PEPPER"] as const) {
      if (!isDev && !vars[key]) {
        ctx.addIssue({ code: "custom", path: [key], message: `${key} must be set outside development` });
      }
    }
    return {
      ...vars,
      isDev,
      // Local-only fallbacks so a fresh clone runs with no setup; production refuses them above.
      SESSION_SECRET: vars.SESSION_SECRET ?? "local-development-session-secret-0000",
      PASSWORD_PEPPER: vars.PASSWORD_PEPPER ?? "local-development-password-pepper-000",
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
