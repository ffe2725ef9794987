import { expect } from "vitest";
import { env } from "cloudflare:workers";
import { mayUpload, roleFlags, type RoleRecord } from "../../../app/domain/roles";
import { UPLOAD_USES } from "../../../app/domain/uploads";
import { ROLES } from "../actors";
import { png } from "../images";
import { anyone, everyone, isSignedIn, page, redirectsTo, tag, type ActionRule, type AreaRules, type Who } from "./kit";

const flagsOf = (who: Who) => {
  if (!isSignedIn(who)) return null;
  const [role, adminSubrole, sellerRole] = ROLES[who];
  return roleFlags({ role, adminSubrole, sellerRole } as RoleRecord);
};
const staged = async (userId: string) => (await env.IMAGES.list({ prefix: `staging/${userId}/` })).objects.length;

// POST /uploads stages an image for a form, per use: who may send each is the rule of its form.
const uploadRules: Record<string, ActionRule> = Object.fromEntries(
  UPLOAD_USES.map((use) => [
    use,
    {
      allowed: (who: Who) => {
        const flags = flagsOf(who);
        return flags !== null && mayUpload(flags, use);
      },
      form: async () => ({ intent: use, file: png() }),
      check: async (ctx, response) => {
        expect(response.status).toBe(200);
        const body = (await response.json()) as { token: string; mime: string };
        expect(body).toMatchObject({ token: expect.stringMatching(/\.png$/), mime: "image/png" });
        expect(await staged(ctx.user!.id)).toBe(1);
      },
      refused: async (ctx, response) => {
        expect(response.status).toBe(403);
        expect(await response.json()).toEqual({ error: "You cannot upload this image." });
        expect(await staged(ctx.user!.id)).toBe(0);
      },
    } satisfies ActionRule,
  ]),
);

/** A local-development form: from any address but this machine it is not there, for anyone (decision 0018). */
const notHere = (intent: string): ActionRule => ({
  allowed: anyone,
  form: async () => ({ intent }),
  check: async (_ctx, response) => expect(response.status).toBe(404),
});

// Content, resources and the rest: public pages and form endpoints anyone may use.
export const rules: AreaRules = {
  pages: {
    "routes/content/blog-post.tsx": everyone,
    "routes/content/privacy-policy.tsx": everyone,
    "routes/content/cookie-policy.tsx": everyone,
    "routes/content/page.tsx": everyone,
    "routes/content/sitemap.ts": everyone,
    "routes/content/robots.ts": everyone,
    "routes/resources/newsletter.tsx": everyone,
    "routes/resources/consent.ts": () => ({ redirect: "/cookie-policy" }),
    // Without its signed token the link says so (400), to everyone.
    "routes/resources/unsubscribe.tsx": () => page(400, { shows: "This unsubscribe link is not valid." }),
    // Local development, from this machine only: every visitor here has a 10.x address, so it is
    // not there (dev-surfaces.test.ts has the loopback and production cases).
    "routes/dev/outbox.tsx": () => page(404, { hides: "Local outbox" }),
    "routes/dev/payments.tsx": () => page(404, { hides: "Local payments" }),
    "routes/dev/onboarding.tsx": () => page(404, { hides: "Local payout onboarding" }),
    // The local provider's hosted page (decision 0055): the same guard, for a real open session.
    "routes/dev/payment-checkout.tsx": () => page(404, { hides: "Pay for your order" }),
    "routes/not-found.tsx": () => page(404),
    "routes/resources/uploads.ts": () => page(404),
    // The header search box's suggestions (decision 0050): without q, the same 400 and its reason to everyone.
    "routes/resources/search-suggestions.ts": () => page(400, { shows: "Type the start of a brand or category (q)." }),
  },
  records: async () => {
    const now = Date.now();
    await env.DB.batch([
      env.DB.prepare(
        "INSERT INTO categories (id, name, slug, is_active, sort_order, created_at) VALUES (?, 'Coats', ?, 1, 1, ?) ON CONFLICT DO NOTHING",
      ).bind(`cat_${tag}`, "coats", now),
      env.DB.prepare(
        "INSERT INTO blog_posts (id, title, content, status, published_at, created_at) VALUES (?, 'Matrix', 'Body.', 'published', ?, ?)",
      ).bind(`post_${tag}`, now, now),
      env.DB.prepare(
        "INSERT INTO site_content (id, content_type, content_key, title, content, updated_at) VALUES (?, 'page', 'about_us', 'About us', 'We love clothes.', ?) ON CONFLICT DO NOTHING",
      ).bind(`sc_${tag}`, now),
    ]);
    // A real, open local session (its page answers only to this machine in development).
    const session = `cs_local_${crypto.randomUUID().replaceAll("-", "")}`;
    const payment = {
      id: session,
      mode: "payment",
      orderId: `order_matrix_${tag}`,
      amount: 1000,
      lines: [{ name: "Matrix line", amount: 1000 }],
      customerEmail: "matrix@example.test",
      successUrl: "/",
      cancelUrl: "/",
      expiresAt: now + 3_600_000,
      idempotencyKey: `checkout:matrix_${tag}`,
      status: "open",
    };
    await env.CACHE.put(`payments:local:session:${session}`, JSON.stringify(payment));
    return {
      "/dev/payments/onboarding/:accountId": `/dev/payments/onboarding/acct_local_${tag.replace(/[^A-Za-z0-9]/g, "").slice(0, 16) || "matrix"}`,
      "/dev/payments/checkout/:sessionId": `/dev/payments/checkout/${session}`,
      "/blog/:postId": `/blog/post_${tag}`,
      "/pages/:key": "/pages/about_us",
      "/*": `/no/such-page-${tag}`,
    };
  },
  actions: {
    // The local payout onboarding page (decision 0056): from any address but this machine it is not there, for anyone.
    "routes/dev/onboarding.tsx": { complete: notHere("complete"), leave: notHere("leave") },
    // The local provider's hosted page: from any address but this machine it does not exist, for anyone (decision 0018).
    "routes/dev/payment-checkout.tsx": Object.fromEntries(
      (["pay", "decline", "cancel"] as const).map((intent): [string, ActionRule] => [
        intent,
        {
          allowed: () => true,
          form: async () => ({ intent }),
          check: async (_ctx, response) => {
            expect(response.status).toBe(404);
          },
        },
      ]),
    ),
    "routes/resources/uploads.ts": uploadRules,
    "routes/resources/newsletter.tsx": {
      "": {
        allowed: anyone,
        form: async () => ({ email: `news-${crypto.randomUUID()}@example.test`, returnTo: "/" }),
        check: async (_ctx, response) => redirectsTo(response, "/"),
      },
    },
    "routes/not-found.tsx": {
      "": {
        allowed: anyone,
        form: async () => ({ intent: "add", productId: "anything" }),
        check: async (_ctx, response) => expect(response.status).toBe(404),
      },
    },
    // One-click unsubscribe: anyone may post, from anywhere; without a valid token nothing changes.
    "routes/resources/unsubscribe.tsx": {
      "": {
        allowed: anyone,
        crossSite: "judged",
        form: async () => ({ "List-Unsubscribe": "One-Click" }),
        check: async (_ctx, response: Response) => {
          expect(response.status).toBe(400);
          // React Router itself refuses an action whose Origin is another site's ('Bad Request');
          // mail providers' one-click posts carry none, and reach the action.
          expect(await response.text()).toMatch(/This unsubscribe link is not valid\.|^Bad Request$/);
        },
      },
    },
    "routes/resources/consent.ts": Object.fromEntries(
      (["accept_all", "reject_non_essential", "save"] as const).map((intent) => [
        intent,
        {
          allowed: anyone,
          form: async () => ({ intent, analytics: "on", returnTo: "/" }),
          check: async (_ctx, response: Response) => {
            redirectsTo(response, "/");
            expect(response.headers.getSetCookie().join(";")).toMatch(/cl_consent=/);
          },
        },
      ]),
    ),
  },
};
