/**
 * The KV keys of the aggregates every visitor shares. publicPagesChanged()
 * (app/services/freshness.server.ts) drops them all when a write changes what they show.
 */
export const AGGREGATE_KEYS = {
  home: "home:aggregates",
  filterOptions: "catalog:filter-options",
  allBrands: "catalog:all-brands",
  socialLinks: "site:social-links",
  siteSettings: "site:settings",
} as const;

/**
 * Read-through cache for aggregates every visitor shares (category counts, popular brands,
 * hero, social links). KV is eventually consistent, so only short TTLs belong here.
 * A KV failure is logged and falls through to the source.
 */
export async function cached<T>(kv: KVNamespace, key: string, ttlSeconds: number, load: () => Promise<T>): Promise<T> {
  try {
    const hit = await kv.get<T>(key, "json");
    if (hit !== null) return hit;
  } catch (error) {
    console.error(`cache read failed for ${key}`, error);
  }
  const value = await load();
  try {
    await kv.put(key, JSON.stringify(value), { expirationTtl: Math.max(60, ttlSeconds) });
  } catch (error) {
    console.error(`cache write failed for ${key}`, error);
  }
  return value;
}
