import { env } from "cloudflare:workers";
import { signedInBrowser as signIn, type Actor } from "./actors";
import { Browser } from "./http";

// Sizes' test setup (issue 25), shared by sizes-form.test.ts and sizes-filter.test.ts: the brands
// their items are listed under, a signed-in browser per actor and an anonymous one for the pages.

export const tag = `sz${Date.now().toString(36)}`;
export const BRAND = `Sizebrand${tag}`;
/** The Size filter's listing: a brand of its own, so the form tests' items never count there. */
export const LISTED = `Sizelisted${tag}`;
export const one = async <T = Record<string, unknown>>(sql: string, ...binds: unknown[]) =>
  (
    await env.DB.prepare(sql)
      .bind(...binds)
      .all()
  ).results[0] as T | undefined;
let ipSeq = 0;
export const signedInBrowser = (actor: Actor) =>
  signIn(actor, { ip: `10.79.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}` });
export const anonymous = new Browser();
export const page = async (path: string) => {
  const response = await anonymous.fetch(path);
  return { status: response.status, text: await response.text() };
};

/** The two brands: BRAND for the form tests' items, LISTED for the Size filter's listing. */
export async function addSizeBrands() {
  await env.DB.batch([
    env.DB.prepare("INSERT INTO brands (id, name, created_at) VALUES (?, ?, ?)").bind(
      `brand_${tag}`,
      BRAND,
      Date.now(),
    ),
    env.DB.prepare("INSERT INTO brands (id, name, created_at) VALUES (?, ?, ?)").bind(
      `brand_l_${tag}`,
      LISTED,
      Date.now(),
    ),
  ]);
}
