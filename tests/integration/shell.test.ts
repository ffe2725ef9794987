import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env, exports } from "cloudflare:workers";
import worker from "../../workers/app";
import { describe, expect, it } from "vitest";
import { eventually } from "./factories";

const request = (path: string, init?: RequestInit) =>
  exports.default.fetch(new Request(`http://localhost${path}`, init));
const form = (fields: Record<string, string>) => new URLSearchParams(fields);

function cookieFrom(response: Response, name: string) {
  const header = response.headers.getSetCookie().find((c: string) => c.startsWith(`${name}=`));
  return header?.split(";")[0];
}

describe("newsletter sign-up", () => {
  it.each([
    ["   ", "Please enter your email address"],
    ["not an email", "Please enter a valid email address"],
    ["someone@nowhere", "Please enter a valid email address"],
  ])("answers %j with the message at the field", async (email, message) => {
    const response = await request("/newsletter", { method: "POST", body: form({ email, returnTo: "/" }) });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain(message);
    expect(html).toContain('aria-invalid="true"');
  });

  it("without JavaScript redirects back with the success toast and syncs the contact through the queue", async () => {
    const email = `reader-${Date.now()}@example.test`;
    const response = await request("/newsletter", {
      method: "POST",
      body: form({ email: `  ${email.toUpperCase()} `, returnTo: "/women?x=1" }),
      redirect: "manual",
    });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/women?x=1");
    const toast = cookieFrom(response, "cl_toast");
    expect(toast).toBeTruthy();

    const page = await request("/", { headers: { cookie: toast! } });
    expect(await page.text()).toContain("Successfully subscribed to our newsletter!");

    const rows = await eventually(async () => {
      const { results } = await env.DB.prepare("SELECT kind FROM notification_outbox WHERE recipient = ? ORDER BY kind")
        .bind(email)
        .all<{ kind: string }>();
      return results.length === 3 ? results : null;
    });
    // The contact, the event, and the welcome e-mail with its unsubscribe link (issue 23).
    expect(rows.map((r) => r.kind)).toEqual([
      "create_contact",
      "newsletter_welcome",
      "track_event:newsletter_subscribed",
    ]);
  });

  it("with JavaScript answers in place", async () => {
    const response = await request("/newsletter", {
      method: "POST",
      body: form({ email: "js-reader@example.test", enhanced: "1" }),
    });
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("Successfully subscribed to our newsletter!");
  });

  it("never redirects off-site", async () => {
    const response = await request("/newsletter", {
      method: "POST",
      body: form({ email: "a@b.co", returnTo: "//evil.example" }),
      redirect: "manual",
    });
    expect(response.headers.get("location")).toBe("/");
  });
});

describe("cookie consent", () => {
  it("shows the bar until a choice is stored, then never again", async () => {
    const first = await (await request("/")).text();
    expect(first).toContain("Accept All");
    expect(first).toContain("Reject Non-Essential");

    const saved = await request("/consent", {
      method: "POST",
      body: form({ intent: "reject_non_essential", returnTo: "/" }),
      redirect: "manual",
    });
    expect(saved.status).toBe(302);
    const consent = cookieFrom(saved, "cl_consent");
    expect(consent).toBeTruthy();
    const after = await (await request("/", { headers: { cookie: consent! } })).text();
    expect(after).not.toContain("Reject Non-Essential");
  });

  it("renders the Customize dialog open without JavaScript", async () => {
    const html = await (await request("/?cookies=customize")).text();
    expect(html).toMatch(/<dialog[^>]*open=""/);
    expect(html).toContain("Save Preferences");
  });

  it("refuses an unknown choice", async () => {
    const response = await request("/consent", { method: "POST", body: form({ intent: "everything" }) });
    expect(response.status).toBe(400);
    expect(response.headers.getSetCookie().some((c: string) => c.startsWith("cl_consent="))).toBe(false);
  });
});

describe("the generic error screen (shopper.md §2.13)", () => {
  it("shows when a loader fails: the title, the text, the error details and both buttons, with a 500", async () => {
    // The listing's statements fail (the products table is unreachable); everything else works.
    const failing = <T extends object>(db: T): T =>
      new Proxy(db, {
        get(target, key) {
          const value = Reflect.get(target, key) as unknown;
          if (key === "withSession")
            return (...args: unknown[]) => failing((value as (...a: unknown[]) => object).apply(target, args));
          if (key === "prepare") {
            return (query: string) => {
              if (/\bproducts\b/.test(query)) throw new Error("D1_ERROR: no such table: products");
              return (value as (q: string) => unknown).call(target, query);
            };
          }
          return typeof value === "function" ? (value as (...a: unknown[]) => unknown).bind(target) : value;
        },
      });
    const ctx = createExecutionContext();
    const response = await worker.fetch(
      new Request("http://localhost/all-products"),
      { ...env, DB: failing(env.DB) } as unknown as Env,
      ctx,
    );
    await waitOnExecutionContext(ctx);
    expect(response.status).toBe(500);
    const html = await response.text();
    expect(html).toContain('<h1 class="text-3xl font-bold">Something went wrong</h1>');
    expect(html).toContain("An unexpected error occurred. Please try refreshing the page.");
    expect(html).toContain("Error details");
    expect(html).toContain(">Try Again</a>");
    expect(html).toContain(">Refresh Page</button>");
  });
});
