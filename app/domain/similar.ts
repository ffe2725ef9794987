// 'YOU MAY ALSO LIKE' (issue 25, item 4; docs/decisions/0048-sizes.md): how alike two listings
// are. The product page's query (app/data/product.server.ts, similarItems) computes the same
// score in SQL over the item's category's newest listings and the newest listings overall (the
// fallback); this is its reference, unit-tested on a table of cases.
import { SIZE_SYSTEM_ORDER, SIZE_SYSTEMS } from "./sizes";

export interface SimilarityFacts {
  category: string;
  productType: string;
  size: string | null;
  brand: string;
  tags: readonly string[];
  /** The card price (pence): the rental price, else the price. */
  price: number;
}

export const SIMILARITY_WEIGHTS = {
  category: 5,
  productType: 4,
  sameSize: 3,
  neighbourSize: 1.5,
  price: 2,
  brand: 2,
  tag: 1,
  maxTags: 3,
} as const;

/**
 * Each size's place in its system, systems 100 apart: two sizes are neighbours when their ranks
 * differ by exactly 1 ('UK 10' and 'UK 12'). Passed to the SQL as JSON.
 */
export const SIZE_RANKS: Readonly<Record<string, number>> = Object.fromEntries(
  SIZE_SYSTEM_ORDER.flatMap((id, system) => SIZE_SYSTEMS[id].sizes.map((size, i) => [size, system * 100 + i] as const)),
);

/** How alike `other` is to `item`: higher is more alike. */
export function similarity(item: SimilarityFacts, other: SimilarityFacts) {
  const w = SIMILARITY_WEIGHTS;
  let score = 0;
  if (other.category === item.category) score += w.category;
  if (other.productType === item.productType) score += w.productType;
  if (item.size && other.size === item.size) score += w.sameSize;
  else if (item.size && other.size && Math.abs((SIZE_RANKS[other.size] ?? NaN) - (SIZE_RANKS[item.size] ?? NaN)) === 1)
    score += w.neighbourSize;
  score += w.price * Math.max(0, 1 - Math.abs(other.price - item.price) / Math.max(item.price, 1));
  if (other.brand === item.brand) score += w.brand;
  const tags = new Set(item.tags);
  score += w.tag * Math.min(w.maxTags, new Set(other.tags.filter((t) => tags.has(t))).size);
  return score;
}

/** Ranks candidates (newest first among equals), as the query does; `createdAt` and `id` break ties. */
export function rankSimilar<T extends SimilarityFacts & { id: string; createdAt: number }>(
  item: SimilarityFacts,
  candidates: readonly T[],
  limit: number,
): T[] {
  return candidates
    .map((c) => ({ c, score: similarity(item, c) }))
    .sort(
      (a, b) => b.score - a.score || b.c.createdAt - a.c.createdAt || (a.c.id < b.c.id ? 1 : a.c.id > b.c.id ? -1 : 0),
    )
    .slice(0, limit)
    .map(({ c }) => c);
}
