// Shared by the account test files (account-*.test.ts): a signed-in browser from an address of
// its own, the page and redirect readers, and the user row and profile form helpers.

import { env } from "cloudflare:workers";
import { expect } from "vitest";
import { signedInBrowser as signIn, type Actor } from "./actors";
import { Browser } from "./http";

let ipSeq = 0;
/** The next number of the address sequence the signed-in browsers use (for a browser of its own). */
export const nextIpSeq = () => ++ipSeq;

/** A fresh signed-in user, from an address of their own (sign-in is rate limited per address). */
export const signedInBrowser = (actor: Actor) =>
  signIn(actor, { ip: `10.77.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}` });

export const page = async (browser: Browser, path: string) => {
  const response = await browser.fetch(path);
  return { status: response.status, html: await response.text(), response };
};

/** Follows a post's redirect, as a browser does: the next page carries the flash toast. */
export async function follow(browser: Browser, response: Response) {
  expect([302, 303]).toContain(response.status);
  return page(browser, response.headers.get("location")!);
}

export const userRow = (id: string) =>
  env.DB.prepare("SELECT email, full_name, display_name, avatar_url, password_hash FROM users WHERE id = ?")
    .bind(id)
    .first<{
      email: string;
      full_name: string;
      display_name: string | null;
      avatar_url: string | null;
      password_hash: string;
    }>();

export const pagesVersion = () => env.CACHE.get("pages:version");

export const unique = () => crypto.randomUUID().slice(0, 8);

export const profileForm = (fields: Partial<Record<"fullName" | "displayName" | "email", string>>) => ({
  intent: "profile",
  fullName: "Ada Lovelace",
  displayName: `Ada${unique()}`,
  ...fields,
});
