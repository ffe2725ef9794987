import { exports } from "cloudflare:workers";
import { expect } from "vitest";

/** A form's fields: text, or files (then the body is multipart, as a browser sends it). */
export type FormFields = Record<string, string | Blob | (string | Blob)[]>;

function formBody(fields: FormFields) {
  const values = Object.entries(fields).flatMap(([k, v]) =>
    Array.isArray(v) ? v.map((x) => [k, x] as const) : [[k, v] as const],
  );
  if (values.every(([, v]) => typeof v === "string")) return new URLSearchParams(values as [string, string][]);
  const form = new FormData();
  for (const [k, v] of values) {
    if (typeof v === "string") form.append(k, v);
    else form.append(k, v, v instanceof File ? v.name : "blob");
  }
  return form;
}

/** A minimal browser: keeps cookies between requests and never follows redirects by itself. */
export class Browser {
  cookies = new Map<string, string>();

  /** `ip` is sent as cf-connecting-ip (the client address the rate limits count by). */
  constructor(readonly ip?: string) {}

  async fetch(path: string, init: RequestInit & { form?: FormFields } = {}) {
    const headers = new Headers(init.headers);
    if (this.cookies.size) headers.set("cookie", [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; "));
    if (this.ip && !headers.has("cf-connecting-ip")) headers.set("cf-connecting-ip", this.ip);
    const body = init.form ? formBody(init.form) : init.body;
    const response = await exports.default.fetch(
      new Request(`http://localhost${path}`, { ...init, headers, body, redirect: "manual" }),
    );
    for (const cookie of response.headers.getSetCookie()) {
      const [pair, ...attrs] = cookie.split(";");
      const eq = pair!.indexOf("=");
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      const expired = attrs.some((a) => /max-age=0/i.test(a.trim()) || /expires=Thu, 01 Jan 1970/i.test(a.trim()));
      if (!value || expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return response;
  }

  post(path: string, form: FormFields, headers?: HeadersInit) {
    return this.fetch(path, { method: "POST", form, headers });
  }

  async signIn(email: string, password: string) {
    const response = await this.post("/auth", { intent: "signin", email, password });
    if (response.status !== 302)
      throw new Error(`sign-in failed with ${response.status}: ${(await response.text()).slice(0, 200)}`);
    return response;
  }
}

/**
 * An HTML answer carries the security headers (DECISIONS.md, Security), and every script on it
 * carries the nonce of its Content-Security-Policy, which allows no inline script otherwise.
 */
export function expectSecureHtml(response: Response, html: string) {
  const where = response.url || "page";
  expect(response.headers.get("x-content-type-options"), where).toBe("nosniff");
  expect(response.headers.get("x-frame-options"), where).toBe("DENY");
  expect(response.headers.get("referrer-policy"), where).toBe("strict-origin-when-cross-origin");
  const csp = response.headers.get("content-security-policy");
  expect(csp, where).toBeTruthy();
  expect(csp, where).toContain("frame-ancestors 'none'");
  expect(csp, where).not.toMatch(/script-src[^;]*'unsafe-inline'/);
  const nonce = /'nonce-([^']+)'/.exec(csp!)?.[1];
  expect(nonce, where).toBeTruthy();
  const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
  expect(scripts.length, where).toBeGreaterThan(0);
  for (const tag of scripts) expect(tag, `${where}: ${tag}`).toContain(`nonce="${nonce}"`);
}
