// Shared by the admin back-office test files (admin-*.test.ts): the messages, the row helpers,
// a signed-in browser per actor from an address of its own, and the page and toast readers.

import { env } from "cloudflare:workers";
import { expect } from "vitest";
import { cachedPage } from "./cached-page";
import { signedInBrowser, type Actor } from "./actors";
import { Browser } from "./http";

export const DENIED = "You don&#x27;t have permission to access the admin dashboard.";

/** Staff on a tab their sub-role does not include. */
export const TAB_DENIED = "Your role on the team does not include this tab.";

export const ROLES_DENIED = "Only superadmins can manage admin roles and permissions.";

export const first = <T = Record<string, unknown>>(sql: string, ...binds: unknown[]) =>
  env.DB.prepare(sql)
    .bind(...binds)
    .first<T>();

export const all = async <T = Record<string, unknown>>(sql: string, ...binds: unknown[]) =>
  (
    await env.DB.prepare(sql)
      .bind(...binds)
      .all<T>()
  ).results;

let ip = 0;

export const as = (actor: Actor) => signedInBrowser(actor, { ip: `10.90.${Math.floor(++ip / 250)}.${ip % 250}` });

export const tabsOf = (html: string) =>
  [
    ...(/<nav aria-label="Admin sections"[\s\S]*?<\/nav>/.exec(html)?.[0] ?? "").matchAll(
      /href="([^"]+)"[^>]*>([^<]+)</g,
    ),
  ].map((m) => m[2]);

/** The active superadmins among `ids`. */
export const activeSuperadmins = async (ids: string[]) =>
  (
    await all<{ id: string }>(
      "SELECT u.id FROM users u JOIN user_roles r ON r.user_id = u.id WHERE r.role = 'team_member' AND r.admin_subrole = 'superadmin' AND u.deactivated_at IS NULL AND u.id IN (SELECT value FROM json_each(?))",
      JSON.stringify(ids),
    )
  ).map((r) => r.id);

/** Runs `work` while `ids` are the only active superadmins (every other one parked, then restored). */
export async function withOnlySuperadmins(ids: string[], work: () => Promise<void>) {
  const others = await all<{ id: string }>(
    "SELECT u.id FROM users u JOIN user_roles r ON r.user_id = u.id WHERE r.admin_subrole = 'superadmin' AND u.deactivated_at IS NULL AND u.id NOT IN (SELECT value FROM json_each(?))",
    JSON.stringify(ids),
  );
  const park = (value: number | null) =>
    env.DB.prepare("UPDATE users SET deactivated_at = ? WHERE id IN (SELECT value FROM json_each(?))")
      .bind(value, JSON.stringify(others.map((o) => o.id)))
      .run();
  await park(Date.now());
  try {
    await work();
  } finally {
    await park(null);
  }
}

/** The flash toast a redirect carries, as the next page shows it. */
export async function toastAfter(browser: Browser, response: Response) {
  expect([302, 303]).toContain(response.status);
  const page = await (await browser.fetch(response.headers.get("location")!)).text();
  return /role="(?:status|alert)"[^>]*><p class="font-semibold">([^<]*)<\/p>/.exec(page)?.[1]?.replace(/&#x27;/g, "'");
}

/** An anonymous page from the Worker as deployed (the page cache on). */
export const anonymousPage = (path: string) => cachedPage(path);
