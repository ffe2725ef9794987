import { and, eq, inArray } from "drizzle-orm";
import { siteContent } from "../../db/schema";
import type { Database } from "./db.server";
import { AGGREGATE_KEYS, cached } from "./cache.server";

import {
  PUBLIC_SETTING_KEYS,
  publicSettings,
  SOCIAL_KEYS,
  type PublicSettings,
  type SocialKey,
  type SocialLinks,
} from "../domain/site";

export async function socialLinks(db: Database): Promise<SocialLinks> {
  const rows = await db
    .select({ key: siteContent.contentKey, content: siteContent.content })
    .from(siteContent)
    .where(and(eq(siteContent.contentType, "site_settings"), inArray(siteContent.contentKey, [...SOCIAL_KEYS])));
  const links: SocialLinks = {};
  for (const row of rows) {
    if (row.content && /^https?:\/\//.test(row.content)) links[row.key as SocialKey] = row.content;
  }
  return links;
}

/** Social links for the footer; a failure is only logged and hides the links (shopper.md §8). */
export async function cachedSocialLinks(env: Env, db: Database): Promise<SocialLinks> {
  try {
    return await cached(env.CACHE, AGGREGATE_KEYS.socialLinks, 300, () => socialLinks(db));
  } catch (error) {
    console.error("social links failed to load", error);
    return {};
  }
}

/** The site settings every page uses (title, description, SEO, favicon, contact e-mail). */
export async function siteSettings(db: Database): Promise<PublicSettings> {
  const rows = await db
    .select({ key: siteContent.contentKey, content: siteContent.content, imageUrl: siteContent.imageUrl })
    .from(siteContent)
    .where(
      and(eq(siteContent.contentType, "site_settings"), inArray(siteContent.contentKey, [...PUBLIC_SETTING_KEYS])),
    );
  return publicSettings(rows);
}

/** Site settings for the page shell, from KV for a short while; a failure is logged and the defaults show. */
export async function cachedSiteSettings(env: Env, db: Database): Promise<PublicSettings> {
  try {
    return await cached(env.CACHE, AGGREGATE_KEYS.siteSettings, 300, () => siteSettings(db));
  } catch (error) {
    console.error("site settings failed to load", error);
    return publicSettings([]);
  }
}
