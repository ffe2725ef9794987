// A person's browser with JavaScript off, for the soak (bench/soak.mjs): a cookie jar, redirects
// followed by hand, and forms read from the page's HTML and sent as the browser would send them
// (hidden and filled fields, the pressed button's name and value). Loopback only.
import { performance } from "node:perf_hooks";

const decode = (value) =>
  value
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
const attribute = (tag, name) => {
  const match = new RegExp(`\\s${name}="([^"]*)"`).exec(tag);
  return match ? decode(match[1]) : null;
};
const has = (tag, name) => new RegExp(`\\s${name}(?:=|\\s|/?>)`).test(tag);
const text = (html) => decode(html.replace(/<[^>]+>/g, "")).trim();

/** The forms of a page: action, method, the fields a browser sends, the buttons and the form's text. */
export function formsOf(html) {
  const forms = [];
  const button = (b) => ({ name: attribute(b[1], "name"), value: attribute(b[1], "value") ?? "", text: text(b[2]) });
  // Buttons outside their form name it (<button form="checkout">).
  const outside = [...html.matchAll(/<button\b([^>]*\sform="[^"]+"[^>]*)>([\s\S]*?)<\/button>/g)].map((b) => ({
    form: attribute(b[1], "form"),
    ...button(b),
  }));
  for (const match of html.matchAll(/<form\b([^>]*)>([\s\S]*?)<\/form>/g)) {
    const [, attrs, inner] = match;
    const fields = [];
    for (const input of inner.matchAll(/<input\b[^>]*>/g)) {
      const tag = input[0];
      const name = attribute(tag, "name");
      const type = attribute(tag, "type") ?? "text";
      if (!name || type === "submit" || type === "file") continue;
      if ((type === "checkbox" || type === "radio") && !has(tag, "checked")) continue;
      fields.push([name, attribute(tag, "value") ?? (type === "checkbox" ? "on" : "")]);
    }
    for (const select of inner.matchAll(/<select\b([^>]*)>([\s\S]*?)<\/select>/g)) {
      const name = attribute(select[1], "name");
      if (!name) continue;
      const options = [...select[2].matchAll(/<option\b([^>]*)>([\s\S]*?)<\/option>/g)];
      const chosen = options.find((o) => has(o[1], "selected")) ?? options[0];
      if (chosen) fields.push([name, attribute(chosen[1], "value") ?? text(chosen[2])]);
    }
    for (const area of inner.matchAll(/<textarea\b([^>]*)>([\s\S]*?)<\/textarea>/g)) {
      const name = attribute(area[1], "name");
      if (name) fields.push([name, decode(area[2])]);
    }
    const id = attribute(`<form ${attrs}>`, "id");
    const buttons = [...inner.matchAll(/<button\b([^>]*)>([\s\S]*?)<\/button>/g)]
      .map(button)
      .concat(outside.filter((b) => id && b.form === id));
    forms.push({
      action: attribute(`<form ${attrs}>`, "action"),
      method: (attribute(`<form ${attrs}>`, "method") ?? "get").toLowerCase(),
      fields,
      buttons,
      text: text(inner),
    });
  }
  return forms;
}

/** A visitor: their cookies, and every answer (method, path, status, body, milliseconds) told to the caller's tally. */
export class Visitor {
  constructor(base, tally, headers = {}) {
    this.base = base;
    this.tally = tally;
    this.headers = headers;
    this.cookies = new Map();
  }

  cookie() {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }

  keep(response) {
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...rest] = line.split(";");
      const at = pair.indexOf("=");
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1).trim();
      const gone =
        !value ||
        rest.some(
          (part) =>
            /^\s*max-age=0$/i.test(part) || (/^\s*expires=/i.test(part) && Date.parse(part.split("=")[1]) < Date.now()),
        );
      if (gone) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  /** One request, no redirect followed; counts its status and reads its body. */
  async send(method, path, body) {
    const headers = { ...this.headers, cookie: this.cookie() };
    if (body) headers["content-type"] = "application/x-www-form-urlencoded";
    const started = performance.now();
    let response;
    let html;
    try {
      response = await fetch(new URL(path, this.base), {
        method,
        headers,
        body,
        redirect: "manual",
        signal: AbortSignal.timeout(20_000),
      });
      html = await response.text();
    } catch (error) {
      this.tally.fail(method, path, error);
      throw error;
    }
    this.keep(response);
    this.tally.answer(method, path, response.status, html, performance.now() - started);
    return { status: response.status, location: response.headers.get("location"), html, url: path };
  }

  /** The path and query of a link, as read on the page at `from`. */
  pathOf(link, from) {
    const url = new URL(link, new URL(from, this.base));
    return url.pathname + url.search;
  }

  /** GET, following redirects as a browser does (at most five). */
  async get(path) {
    let answer = await this.send("GET", path);
    for (let i = 0; i < 5 && answer.location && answer.status >= 300 && answer.status < 400; i++)
      answer = await this.send("GET", this.pathOf(answer.location, answer.url));
    return answer;
  }

  /**
   * Sends the form of `page` whose button's text matches `button` (or whose fields include
   * `intent`), with `fields` set over what the page filled in, and follows a redirect.
   * Returns the first answer (its status and where it redirects) and the page it leads to.
   */
  async submit(page, button, fields = {}) {
    const form = formsOf(page.html).find((f) => f.buttons.some((b) => button.test(b.text)));
    if (!form) return null;
    const pressed = form.buttons.find((b) => button.test(b.text));
    const params = new URLSearchParams(form.fields);
    for (const [name, value] of Object.entries(fields)) params.set(name, value);
    if (pressed.name) params.set(pressed.name, pressed.value);
    const action = form.action ?? page.url;
    const first = await this.send("POST", action, params.toString());
    const next =
      first.location && first.status >= 300 && first.status < 400
        ? await this.get(this.pathOf(first.location, action))
        : first;
    return { first, page: next, sent: Object.fromEntries(params) };
  }
}
