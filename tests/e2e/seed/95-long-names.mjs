// A brand with the longest name the admin form takes (100 characters, no space to break at), so
// the phone-width checks (mobile.spec.ts) see that All Brands and its brand page wrap it.
// Idempotent.

export const LONG_BRAND = `Zzlongbrand${"x".repeat(89)}`;

export async function seed({ db, now, batch }) {
  await batch([
    db.prepare("INSERT INTO brands (id, name, logo_url, website_url, description, is_popular, created_at) VALUES ('brand_e2e_long', ?, NULL, NULL, NULL, 0, ?) ON CONFLICT DO NOTHING").bind(LONG_BRAND, now),
  ]);
}
