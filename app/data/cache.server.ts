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
 * How long an isolate keeps an aggregate it has read, as it keeps the public pages' version
 * (services/freshness.server.ts): every page's shell reads the site settings and social links, and
 * a KV read per page for them was ~3% of a page's CPU (decision 0111). publicPagesChanged() drops
 * them at once in the isolate that wrote; another isolate reads KV again within a second.
 */
export const AGGREGATE_MEMO_MS = 1000;

const kept = new Map<string, { value: unknown; until: number }>();

/** What this isolate read of a KV key within the last AGGREGATE_MEMO_MS, or undefined. */
export function keptValue<T>(key: string, now: number): T | undefined {
  const memo = kept.get(key);
  return memo && memo.until > now ? (memo.value as T) : undefined;
}

/** Keeps a value read from (or written to) KV for AGGREGATE_MEMO_MS, frozen; gives it back. */
export function keepValue<T>(key: string, value: T, now: number): T {
  kept.set(key, { value: frozen(value), until: now + AGGREGATE_MEMO_MS });
  return value;
}

/** A value shared by every request of the isolate: frozen, so a loader that changed it would fail at once. */
function frozen<T>(value: T): T {
  if (value && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) frozen(inner);
  }
  return value;
}

/**
 * Read-through cache for aggregates every visitor shares (category counts, popular brands,
 * hero, social links). KV is eventually consistent, so only short TTLs belong here; the isolate
 * keeps what it read for AGGREGATE_MEMO_MS. A KV failure is logged and falls through to the source.
 */
export async function cached<T>(kv: KVNamespace, key: string, ttlSeconds: number, load: () => Promise<T>): Promise<T> {
  const now = Date.now();
  const memo = keptValue<T>(key, now);
  if (memo !== undefined) return memo;
  let value: T | null = null;
  try {
    value = await kv.get<T>(key, "json");
  } catch (error) {
    console.error(`cache read failed for ${key}`, error);
  }
  if (value === null) {
    const text = JSON.stringify(await load());
    try {
      await kv.put(key, text, { expirationTtl: Math.max(60, ttlSeconds) });
    } catch (error) {
      console.error(`cache write failed for ${key}`, error);
    }
    // As KV gives it back: the same shape for the first request as for the rest.
    value = JSON.parse(text) as T;
  }
  return keepValue(key, value, now);
}

/** Forgets the aggregates this isolate keeps (after a write that changed them; tests that reset storage). */
export function forgetAggregates() {
  kept.clear();
}
