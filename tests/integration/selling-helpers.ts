import { createExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import type { AppContext } from "../../app/context";
import { database } from "../../app/data/db.server";
import { appConfig } from "../../app/env.server";
import { eventually } from "./factories";

// Start selling's test setup (issue 27 item 7; decision 0057), shared by selling-open.test.ts and
// selling-approval.test.ts: the form, the rows and e-mails to check, and the site's sign-up mode.

export const first = <T>(sql: string, ...binds: unknown[]) =>
  env.DB.prepare(sql)
    .bind(...binds)
    .first<T>();
export const roleOf = (id: string) =>
  first<{ role: string; seller_role: string | null; assigned_by: string | null }>(
    "SELECT role, seller_role, assigned_by FROM user_roles WHERE user_id = ?",
    id,
  );
export const app = (): AppContext => ({
  env,
  config: appConfig(env),
  ctx: createExecutionContext(),
  db: database(env.DB),
});
let seq = 0;
export const form = (overrides: Record<string, string> = {}) => ({
  intent: "start_selling",
  displayName: `Seller ${Date.now().toString(36)}${++seq}`,
  "return.fullName": "Nina Newcomer",
  "return.addressLine1": "8 Elm Row",
  "return.city": "Edinburgh",
  "return.postalCode": "EH7 4AA",
  "return.country": "United Kingdom",
  acceptTerms: "on",
  ...overrides,
});
export const asFormData = (fields: Record<string, string>) => {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.set(k, v);
  return f;
};
export const mailTo = (recipient: string, kind: string) =>
  eventually(() =>
    first<{ subject: string; body: string }>(
      "SELECT subject, body FROM notification_outbox WHERE recipient = ? AND kind = ?",
      recipient,
      kind,
    ),
  );
export const accountOf = (id: string) =>
  first<{ display_name: string | null; return_address: string | null; seller_terms_accepted_at: number | null }>(
    "SELECT display_name, return_address, seller_terms_accepted_at FROM users WHERE id = ?",
    id,
  );
export const ownStore = (ownerId: string) =>
  env.DB.prepare("INSERT INTO stores (id, name, owner_id, created_at) VALUES (?, ?, ?, ?)")
    .bind(`store_${ownerId}`, `Rails of ${ownerId}`, ownerId, Date.now())
    .run();
export const setMode = (mode: string) =>
  env.DB.prepare(
    "INSERT INTO site_content (id, content_type, content_key, content, updated_at) VALUES ('content_setting_seller_signup', 'site_settings', 'seller_signup', ?, 0) ON CONFLICT (content_type, content_key) DO UPDATE SET content = excluded.content",
  )
    .bind(mode)
    .run();
