import { exports } from "cloudflare:workers";

/** A minimal browser: keeps cookies between requests and never follows redirects by itself. */
export class Browser {
  cookies = new Map<string, string>();

  async fetch(path: string, init: RequestInit & { form?: Record<string, string> } = {}) {
    const headers = new Headers(init.headers);
    if (this.cookies.size) headers.set("cookie", [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; "));
    const body = init.form ? new URLSearchParams(init.form) : init.body;
    const response = await exports.default.fetch(new Request(`http://localhost${path}`, { ...init, headers, body, redirect: "manual" }));
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

  post(path: string, form: Record<string, string>, headers?: HeadersInit) {
    return this.fetch(path, { method: "POST", form, headers });
  }

  async signIn(email: string, password: string) {
    const response = await this.post("/auth", { intent: "signin", email, password });
    if (response.status !== 302) throw new Error(`sign-in failed with ${response.status}: ${(await response.text()).slice(0, 200)}`);
    return response;
  }
}
