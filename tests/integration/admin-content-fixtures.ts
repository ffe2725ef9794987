// Shared by admin-brands.test.ts, admin-content-pages.test.ts and admin-blog.test.ts: a signed-in
// browser per actor, the toast and refusal readers, and anonymous pages with the page cache on.

import { env } from "cloudflare:workers";
import { expect } from "vitest";
import { cachedPage } from "./cached-page";
import { signedInBrowser, type Actor } from "./actors";
import { databaseFingerprint } from "./factories";
import { Browser } from "./http";

export const first = <T = Record<string, unknown>>(sql: string, ...binds: unknown[]) =>
  env.DB.prepare(sql)
    .bind(...binds)
    .first<T>();

let ip = 0;

export const as = (actor: Actor) => signedInBrowser(actor, { ip: `10.91.${Math.floor(++ip / 250)}.${ip % 250}` });

export const tag = () => `t${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

export const unescape = (html: string) =>
  html
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&");

/** The flash toast a redirect carries, as the next page shows it: [title, description]. */
export async function toastAfter(browser: Browser, response: Response) {
  expect(
    [302, 303],
    await response
      .clone()
      .text()
      .then((t) => t.slice(0, 300)),
  ).toContain(response.status);
  const page = await (await browser.fetch(response.headers.get("location")!)).text();
  const match = /role="(?:status|alert)"[^>]*><p class="font-semibold">([^<]*)<\/p>(?:<p[^>]*>([^<]*)<\/p>)?/.exec(
    page,
  );
  return [unescape(match?.[1] ?? ""), unescape(match?.[2] ?? "")];
}

/** A refused post: its status, the page's text, and proof that nothing was written. */
export async function refused(browser: Browser, path: string, form: Parameters<Browser["post"]>[1]) {
  const before = await databaseFingerprint();
  const response = await browser.post(path, form);
  const text = unescape(await response.text());
  expect(await databaseFingerprint()).toBe(before);
  return { status: response.status, text };
}

/** An anonymous page from the Worker as deployed (the page cache on). */
export const anonymousPage = (path: string) => cachedPage(path);
