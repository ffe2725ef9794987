// "A public page changed" (issue 17; docs/decisions/0022-public-pages-version.md): every write
// that changes what a public page shows (an order reserving an item, an item back on sale,
// approval, an edit of a live product, brands, categories, content, a seller deactivated) calls
// publicPagesChanged() once. It gives the public pages a new version — part of every page-cache
// key, so no page kept before the write is served after it — and drops the shared aggregates
// kept in KV (home sections, filter options, brands, social links), which the next visitor reads
// afresh. One helper for every write path, so a new write cannot forget half of it.

import { AGGREGATE_KEYS, forgetAggregates } from "../data/cache.server";

const VERSION_KEY = "pages:version";
/** How long an isolate trusts the version it read; a write in this isolate is seen at once. */
export const VERSION_MEMO_MS = 1000;

let memo: { value: string; readAt: number } | null = null;

/** The public pages' version, read from KV at most once a second per isolate. */
export async function pagesVersion(kv: KVNamespace, now: number): Promise<string> {
  if (memo && now - memo.readAt < VERSION_MEMO_MS) return memo.value;
  let value = memo?.value ?? "0";
  try {
    value = (await kv.get(VERSION_KEY)) ?? "0";
  } catch (error) {
    // Without the version the cache keeps its last one: pages may be up to their s-maxage old.
    console.error("freshness: could not read the pages version", error);
  }
  memo = { value, readAt: now };
  return value;
}

/** Call after (never before) a write that changes what public pages show. */
export async function publicPagesChanged(kv: KVNamespace, now: number) {
  const value = `${now.toString(36)}-${crypto.randomUUID().slice(0, 8)}`;
  memo = { value, readAt: now };
  forgetAggregates();
  try {
    await Promise.all([kv.put(VERSION_KEY, value), ...Object.values(AGGREGATE_KEYS).map((key) => kv.delete(key))]);
  } catch (error) {
    // The write itself stands; pages and aggregates then refresh within their own short lives.
    console.error("freshness: could not mark public pages changed", error);
  }
}

/** Forgets the memo (tests that simulate another isolate). */
export function forgetPagesVersion() {
  memo = null;
}
