import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { Browser, expectSecureHtml } from "./http";
import { routePaths } from "./routes";

const paths = routePaths();

describe("the route table", () => {
  it("is read from app/routes.ts", () => {
    expect(paths.map((p) => p.path)).toEqual(expect.arrayContaining(["/", "/auth", "/account", "/vendor", "/store", "/admin", "/newsletter", "/no-such-page"]));
  });
});

describe("cross-site form posts", () => {
  it.each(paths.map((p) => p.path))("POST %s from another origin answers 403", async (path) => {
    const browser = new Browser();
    const foreignOrigin = await browser.fetch(path, { method: "POST", form: { intent: "signup", email: "csrf@example.test" }, headers: { origin: "https://evil.example" } });
    expect(foreignOrigin.status).toBe(403);
    const crossSite = await browser.fetch(path, { method: "POST", form: { intent: "signup" }, headers: { "sec-fetch-site": "cross-site" } });
    expect(crossSite.status).toBe(403);
  });

  it("changes nothing: a cross-site sign-up creates no account", async () => {
    const email = `csrf-${Date.now()}@example.test`;
    const response = await new Browser().fetch("/auth", {
      method: "POST",
      form: { intent: "signup", fullName: "Evil", email, password: "secret1", confirmPassword: "secret1" },
      headers: { origin: "https://evil.example" },
    });
    expect(response.status).toBe(403);
    const row = await env.DB.prepare("SELECT count(*) AS n FROM users WHERE email = ?").bind(email).first<{ n: number }>();
    expect(row!.n).toBe(0);
  });

  it("lets a same-origin post through", async () => {
    const response = await new Browser().fetch("/newsletter", { method: "POST", form: { email: "" }, headers: { origin: "http://localhost" } });
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
