export const SOCIAL_KEYS = ["facebook_url", "instagram_url", "tiktok_url", "x_url", "bluesky_url"] as const;
export type SocialKey = (typeof SOCIAL_KEYS)[number];
export type SocialLinks = Partial<Record<SocialKey, string>>;

/** The site settings public pages use (seller-store-admin.md §3 keys; decision 0034). */
export const PUBLIC_SETTING_KEYS = [
  "site_title",
  "site_description",
  "meta_title",
  "meta_description",
  "meta_keywords",
  "favicon",
  "contact_email",
] as const;

export interface PublicSettings {
  siteTitle: string;
  siteDescription: string;
  metaTitle: string;
  metaDescription: string;
  metaKeywords: string | null;
  /** An uploaded favicon (/images/favicons/...), or the built-in one. */
  favicon: string;
  contactEmail: string | null;
}

export const DEFAULT_SETTINGS: PublicSettings = {
  siteTitle: "Closetloop",
  siteDescription: "Pre-owned fashion to rent for up to 7 days or buy outright.",
  metaTitle: "Closetloop | Rent or buy pre-owned fashion",
  metaDescription: "Rent up to 7 days or buy your favourites at great prices.",
  metaKeywords: null,
  favicon: "/favicon.svg",
  contactEmail: null,
};

/** The settings rows as pages use them: blanks fall back to the defaults; only our own images as favicon. */
export function publicSettings(
  rows: readonly { key: string; content: string | null; imageUrl?: string | null }[],
): PublicSettings {
  const value = (key: string) => rows.find((r) => r.key === key)?.content?.trim() || null;
  const favicon = rows.find((r) => r.key === "favicon")?.imageUrl ?? null;
  const siteTitle = value("site_title") ?? DEFAULT_SETTINGS.siteTitle;
  return {
    siteTitle,
    siteDescription: value("site_description") ?? DEFAULT_SETTINGS.siteDescription,
    metaTitle: value("meta_title") ?? (value("site_title") ? siteTitle : DEFAULT_SETTINGS.metaTitle),
    metaDescription: value("meta_description") ?? value("site_description") ?? DEFAULT_SETTINGS.metaDescription,
    metaKeywords: value("meta_keywords"),
    favicon: favicon && /^\/images\/favicons\/[A-Za-z0-9._-]+$/.test(favicon) ? favicon : DEFAULT_SETTINGS.favicon,
    contactEmail: value("contact_email"),
  };
}
