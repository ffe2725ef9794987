// A brand with the longest name the admin form takes (100 characters, no space to break at), so
// the phone-width checks (mobile.spec.ts) see that All Brands and its brand page wrap it; and an
// account with a 60-character e-mail address, which staff find by searching it whole (issue 41:
// a search of 49 characters or more answered 500, admin.spec.ts). Idempotent.
import { account, demoPasswordHash } from "./lib/kit.mjs";

export const LONG_BRAND = `Zzlongbrand${"x".repeat(89)}`;
export const LONG_EMAIL = "ottoline.featherstonehaugh-wy@long-addresses.closetloop.test";

export async function seed({ db, now, batch }) {
  await batch([
    db
      .prepare(
        "INSERT INTO brands (id, name, logo_url, website_url, description, is_popular, created_at) VALUES ('brand_e2e_long', ?, NULL, NULL, NULL, 0, ?) ON CONFLICT DO NOTHING",
      )
      .bind(LONG_BRAND, now),
    ...account(
      db,
      { id: "user_e2e_long_email", email: LONG_EMAIL, fullName: "Ottoline Featherstonehaugh" },
      demoPasswordHash(),
      now,
    ),
  ]);
}
