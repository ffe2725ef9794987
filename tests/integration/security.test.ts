import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import { sessionBrowser } from "./actors";
import { rotating } from "./sweep";
import { createProduct, createUser } from "./factories";
import { Browser, expectSecureHtml } from "./http";
import { routeEntries, routePaths } from "./routes";
import { nextIp, type AreaRules, type Ctx } from "./access/kit";
import { safeRedirect } from "../../app/domain/safe-redirect";

// Each case sends many requests; on a loaded 2-core machine that takes more than the default 5 s.
vi.setConfig({ testTimeout: 60_000 });

const paths = routePaths();

describe("the route table", () => {
  it("is read from app/routes.ts", () => {
    expect(paths.map((p) => p.path)).toEqual(
      expect.arrayContaining(["/", "/auth", "/account", "/vendor", "/store", "/admin", "/newsletter", "/no-such-page"]),
    );
  });
});

describe("cross-site form posts", () => {
  // One-click unsubscribes are posted from mail providers by design: their signed token is their
  // authority (tests/integration/notifications.test.ts, alerts-saved-searches.test.ts), and React Router refuses
  // a foreign Origin. The newsletter's and a saved search's.
  const ONE_CLICK: Record<string, string> = {
    "/unsubscribe": "This unsubscribe link is not valid.",
    "/saved-searches/unsubscribe": "This link is not valid.",
  };

  it.each(Object.entries(ONE_CLICK))(
    "lets the one-click %s through to its token check, which refuses a post without one",
    async (path, message) => {
      const browser = new Browser();
      const foreign = await browser.fetch(path, {
        method: "POST",
        form: { "List-Unsubscribe": "One-Click" },
        headers: { origin: "https://evil.example" },
      });
      expect(foreign.status).toBe(400);
      const crossSite = await browser.fetch(path, {
        method: "POST",
        form: { "List-Unsubscribe": "One-Click" },
        headers: { "sec-fetch-site": "cross-site" },
      });
      expect(crossSite.status).toBe(400);
      expect(await crossSite.text()).toContain(message);
    },
  );

  it.each(paths.map((p) => p.path).filter((p) => !(p in ONE_CLICK)))(
    "POST %s from another origin answers 403",
    async (path) => {
      const browser = new Browser();
      const foreignOrigin = await browser.fetch(path, {
        method: "POST",
        form: { intent: "signup", email: "csrf@example.test" },
        headers: { origin: "https://evil.example" },
      });
      expect(foreignOrigin.status).toBe(403);
      const crossSite = await browser.fetch(path, {
        method: "POST",
        form: { intent: "signup" },
        headers: { "sec-fetch-site": "cross-site" },
      });
      expect(crossSite.status).toBe(403);
    },
  );

  // The payment provider's webhook (decision 0055) is posted by its servers: exempt from the
  // cross-site check, its signature is the authority (checkout-payments-webhook.test.ts has the signed cases).
  it("lets /webhooks/stripe through to its signature check, which refuses a post without one", async () => {
    const browser = new Browser();
    for (const headers of [{ origin: "https://evil.example" }, { "sec-fetch-site": "cross-site" }, {}] as Record<
      string,
      string
    >[]) {
      const response = await browser.fetch("/webhooks/stripe", {
        method: "POST",
        body: JSON.stringify({ id: "evt_forged", type: "checkout.session.completed" }),
        headers,
      });
      expect(response.status, JSON.stringify(headers)).toBe(400);
      expect(await response.text()).toBe("Missing Stripe-Signature header");
    }
    const forged = await browser.fetch("/webhooks/stripe", {
      method: "POST",
      body: "{}",
      headers: { "stripe-signature": "t=1,v1=00", "sec-fetch-site": "cross-site" },
    });
    expect(forged.status).toBe(400);
    expect(
      await env.DB.prepare("SELECT count(*) AS n FROM payment_events WHERE id = 'evt_forged'").first<{ n: number }>(),
    ).toEqual({ n: 0 });
  });

  it("changes nothing: a cross-site sign-up creates no account", async () => {
    const email = `csrf-${Date.now()}@example.test`;
    const response = await new Browser().fetch("/auth", {
      method: "POST",
      form: { intent: "signup", fullName: "Evil", email, password: "secret1", confirmPassword: "secret1" },
      headers: { origin: "https://evil.example" },
    });
    expect(response.status).toBe(403);
    const row = await env.DB.prepare("SELECT count(*) AS n FROM users WHERE email = ?")
      .bind(email)
      .first<{ n: number }>();
    expect(row!.n).toBe(0);
  });

  it("lets a same-origin post through", async () => {
    const response = await new Browser().fetch("/newsletter", {
      method: "POST",
      form: { email: "" },
      headers: { origin: "http://localhost" },
    });
    expect(response.status).toBe(400);
  });
});

describe("security headers", () => {
  // The access matrix (access-matrix.test.ts) runs the same check on every page as every kind of user.
  it("gives every HTML page a CSP nonce that matches every inline script", async () => {
    for (const path of ["/", "/auth", "/no-such-page"]) {
      const response = await new Browser().fetch(path);
      expectSecureHtml(response, await response.text());
    }
  });

  it("uses a fresh nonce per request", async () => {
    const a = (await new Browser().fetch("/")).headers.get("content-security-policy");
    const b = (await new Browser().fetch("/")).headers.get("content-security-policy");
    expect(a).not.toBe(b);
  });

  it("sets the headers on non-page endpoints too", async () => {
    const response = await new Browser().fetch("/healthz");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("x-frame-options")).toBe("DENY");
  });
});

describe("redirect targets", () => {
  // Every action of the route table, with its own valid form (the access rules' forms) and a
  // hostile returnTo and redirectTo: wherever it sends the browser stays on this site.
  const areas = import.meta.glob("./access/*.ts", { eager: true }) as Record<string, { rules?: AreaRules }>;
  const ACTIONS = Object.assign({}, ...Object.values(areas).map((a) => a.rules?.actions ?? {})) as NonNullable<
    AreaRules["actions"]
  >;
  const modules = import.meta.glob("../../app/routes/**/*.{ts,tsx}", { eager: true }) as Record<
    string,
    { action?: unknown }
  >;
  const cases = routeEntries()
    .filter((e) => modules[`../../app/${e.file}`]?.action)
    .flatMap(({ pattern, file }) =>
      Object.keys(ACTIONS[file] ?? {}).map(
        (intent) => [pattern.replace(/\*$/, "no/such-page"), intent || "(form)", file, intent] as const,
      ),
    )
    .map((c, i) => [...c, i] as const);
  const HOSTILE = [
    "//evil.example",
    "https://evil.example/x",
    "/\\evil.example",
    "/%5Cevil.example",
    "/.//evil.example",
    "\\\\evil.example",
    "javascript:alert(1)",
    "/%2F%2Fevil.example",
    "https:evil.example",
    "/%252F%252Fevil.example",
  ];

  // Every action is sent hostile targets as each visitor; which targets rotates (tests/integration/sweep.ts):
  // the redirect is checked by one function (safeRedirect), so every target is sent to some
  // actions in each run, and to every action with SWEEP=full.
  it.each(cases)("POST %s %s stays on the site", async (path, _label, file, intent, caseIndex) => {
    const owner = await createUser();
    for (const [whoIndex, who] of (["anonymous", "shopper"] as const).entries()) {
      const user = who === "shopper" ? await sessionBrowser("shopper", { ip: nextIp() }) : null;
      const browser = user?.browser ?? new Browser(nextIp());
      const ctx: Ctx = { who, browser, user, product: async () => createProduct(owner.id) };
      for (const target of rotating(HOSTILE, 3, caseIndex * 2 + whoIndex)) {
        const form = { ...(await ACTIONS[file]![intent]!.form(ctx)), returnTo: target, redirectTo: target };
        const response = await browser.post(path, form);
        expect(response.status, `${path} ${target}`).toBeLessThan(500);
        const location = response.headers.get("location");
        if (location) {
          expect(new URL(location, "http://localhost/a/b").origin, `${path} ${target} → ${location}`).toBe(
            "http://localhost",
          );
          expect(location, `${path} ${target}`).not.toMatch(/^\/\/|\\|%5C/i);
          // The sign-in page it may send to carries the target on; that page checks it again.
          const onward = new URL(location, "http://localhost").searchParams.get("redirectTo");
          if (onward) expect(safeRedirect(onward, "")).not.toContain("evil.example/");
        }
      }
    }
  });

  it("the sign-in page only carries a safe target onward", async () => {
    for (const target of HOSTILE) {
      const html = await (await new Browser().fetch(`/auth?redirectTo=${encodeURIComponent(target)}`)).text();
      const carried = /name="redirectTo" value="([^"]*)"/.exec(html)?.[1] ?? "";
      expect(carried === "" || (carried.startsWith("/") && !carried.startsWith("//")), `${target} → ${carried}`).toBe(
        true,
      );
      expect(new URL(carried.replace(/&amp;/g, "&") || "/", "http://localhost/").origin).toBe("http://localhost");
    }
  });
});
