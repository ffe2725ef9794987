import { expect } from "vitest";
import { PASSWORD } from "../actors";
import { anyone, everyone, isSignedIn, page, redirectsTo, rows, toHome, verifiedAccount, type AreaRules } from "./kit";

// shopper.md §2.1, §2.6: anyone may sign in, sign up or ask for a store account; signed-in
// visitors are sent home from /auth.
export const rules: AreaRules = {
  pages: {
    "routes/auth/auth.tsx": (who) => (isSignedIn(who) ? toHome : page(200)),
    "routes/auth/logout.ts": () => toHome,
    "routes/auth/verify.tsx": everyone,
    "routes/auth/forgot.tsx": everyone,
    "routes/auth/reset.tsx": everyone,
  },
  actions: {
    "routes/auth/auth.tsx": {
      signin: {
        allowed: anyone,
        // Anyone may sign in (again): the answer is a new session for the account named.
        form: async (ctx) => ({
          intent: "signin",
          email: ctx.user?.email ?? (await verifiedAccount()),
          password: PASSWORD,
        }),
        check: async (_ctx, response) => {
          redirectsTo(response, "/");
          expect(response.headers.getSetCookie().join(";")).toMatch(/cl_session=[^;]+/);
        },
      },
      signup: {
        allowed: anyone,
        form: async () => ({
          intent: "signup",
          fullName: "New Person",
          email: `new-${crypto.randomUUID()}@example.test`,
          password: "secret1",
          confirmPassword: "secret1",
        }),
        check: async (_ctx, response, form) => {
          redirectsTo(response, "/auth?tab=signin");
          expect(await rows("SELECT id FROM users WHERE email = ?", form.email)).toHaveLength(1);
        },
      },
      store_request: {
        allowed: anyone,
        form: async () => ({
          intent: "store_request",
          contactName: "Sam",
          storeName: `Shop ${crypto.randomUUID()}`,
          storeAddress: "1 High St",
          contactEmail: `sam-${crypto.randomUUID()}@example.test`,
        }),
        check: async (_ctx, response, form) => {
          redirectsTo(response, "/");
          expect(await rows("SELECT id FROM store_requests WHERE store_name = ?", form.storeName)).toHaveLength(1);
        },
      },
      resend: {
        allowed: anyone,
        form: async () => ({ intent: "resend", email: `nobody-${crypto.randomUUID()}@example.test` }),
        check: async (_ctx, response) => redirectsTo(response, "/auth"),
      },
    },
    "routes/auth/logout.ts": {
      "": {
        allowed: anyone,
        form: async () => ({}),
        check: async (ctx, response) => {
          redirectsTo(response, "/");
          // The session is gone: a guarded page now asks to sign in.
          redirectsTo(await ctx.browser.fetch("/account"), "/auth?redirectTo=%2Faccount");
        },
      },
    },
    "routes/auth/forgot.tsx": {
      "": {
        allowed: anyone,
        form: async (ctx) => ({ email: ctx.user?.email ?? `nobody-${crypto.randomUUID()}@example.test` }),
        check: async (_ctx, response) => redirectsTo(response, "/auth?tab=signin"),
      },
    },
    "routes/auth/reset.tsx": {
      "": {
        allowed: anyone,
        // Only the e-mailed token resets a password, whoever sends the form (auth-password-reset.test.ts has the happy path).
        form: async () => ({ token: "a".repeat(64), password: "secret12", confirmPassword: "secret12" }),
        check: async (_ctx, response) => {
          expect(response.status).toBe(400);
          expect(await response.text()).toContain("This reset link has expired or was already used");
        },
      },
    },
  },
};
