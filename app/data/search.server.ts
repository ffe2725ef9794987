// Search that forgives (issue 25, item 5; docs/decisions/0050-search-that-forgives.md): the
// catalog's own words for a spelling suggestion, and the brands and categories the header's
// search box suggests as a shopper types.
import { and, asc, eq, sql } from "drizzle-orm";
import { brands, categories } from "../../db/schema";
import { FIRST_CHARACTERS, type VocabularyWord } from "../domain/search-correction";
import { runTogether } from "../domain/search-suggestions";
import type { Database } from "./db.server";
import { keepValue, keptValue } from "./cache.server";

/** The first string after every string that starts with `prefix` (in SQLite's binary order). */
export function prefixEnd(prefix: string) {
  const points = [...prefix];
  const last = points.pop()!;
  return points.join("") + String.fromCodePoint(last.codePointAt(0)! + 1);
}

/**
 * The words of public items (migration 0031: names, brands, categories, colours, tags) starting
 * with `letter`, each with how many public items hold it: read from the vocabulary of the words'
 * own index in its term order, one range per letter.
 */
export function wordsStartingWith(db: Database, letter: string) {
  return db
    .select({ term: sql<string>`term`, items: sql<number>`doc` })
    .from(sql`search_words_vocab`)
    .where(sql`term >= ${letter} and term < ${prefixEnd(letter)}`);
}

/**
 * The words of public items whose SECOND letter is `letter` (a search word whose first letter is
 * wrong or missing, decision 0050): one range of the words' term order per possible first
 * character, each read by the vocabulary's term constraints (a cross join, the ranges outside: D1
 * refuses a compound SELECT of 36 terms), so each reads only its own words.
 */
export function wordsWithSecondLetter(db: Database, letter: string) {
  const ranges = [...FIRST_CHARACTERS].map((first) => [first + letter, prefixEnd(first + letter)]);
  return db
    .select({ term: sql<string>`v.term`, items: sql<number>`v.doc` })
    .from(
      sql`json_each(${JSON.stringify(ranges)}) as r cross join search_words_vocab as v on v.term >= r.value ->> 0 and v.term < r.value ->> 1`,
    );
}

const VOCABULARY_SECONDS = 600;
const vocabularyKey = (range: VocabularyRange) =>
  range.second ? `search:words2:${range.letter}` : `search:words:${range.letter}`;
/** One range of the vocabulary: the words starting with `letter`, or (`second`) with it as their second letter. */
interface VocabularyRange {
  letter: string;
  second?: boolean;
}

function rangesOf(letters: readonly string[], secondLetters: readonly string[]): VocabularyRange[] {
  return [...letters.map((letter) => ({ letter })), ...secondLetters.map((letter) => ({ letter, second: true }))];
}

/** Merged words of the ranges: a word can be in two ('jacket': first letter j, second a), once is enough. */
function mergedWords(ranges: VocabularyWord[][]) {
  const words = new Map<string, VocabularyWord>();
  for (const word of ranges.flat()) words.set(word.term, word);
  return [...words.values()];
}

/**
 * The vocabulary of those ranges when this isolate keeps every one of them (read in the last
 * second: see vocabularyOf), without any read; else null. A search then guesses its correction
 * before its first batch and reads both in one trip (decision 0115).
 */
export function keptVocabularyOf(
  letters: readonly string[],
  secondLetters: readonly string[],
  now: number,
): VocabularyWord[] | null {
  const ranges = rangesOf(letters, secondLetters);
  if (!ranges.length) return null;
  const kept = ranges.map((range) => keptValue<VocabularyWord[]>(vocabularyKey(range), now));
  return kept.every((words) => words !== undefined) ? mergedWords(kept as VocabularyWord[][]) : null;
}

/**
 * The vocabulary a correction needs (one range per first letter, and per second letter for a
 * wrong first letter), kept in KV for ten minutes: a search that found nothing then costs no D1
 * trip for it, and a page stays within its three trips. The ranges KV does not hold are read in
 * one D1 batch. A KV failure is logged and falls through.
 */
export async function vocabularyOf(
  db: Database,
  kv: KVNamespace,
  letters: readonly string[],
  secondLetters: readonly string[] = [],
): Promise<VocabularyWord[]> {
  const ranges = rangesOf(letters, secondLetters);
  if (!ranges.length) return [];
  // The isolate keeps what it read of KV for a second, as it keeps the shared aggregates (decision 0111).
  const now = Date.now();
  const hits = await Promise.all(
    ranges.map(async (range) => {
      const key = vocabularyKey(range);
      const kept = keptValue<VocabularyWord[]>(key, now);
      if (kept) return kept;
      const read = await kv.get<VocabularyWord[]>(key, "json").catch((error: unknown) => {
        console.error(`cache read failed for ${key}`, error);
        return null;
      });
      return read === null ? null : keepValue(key, read, now);
    }),
  );
  const missing = ranges.filter((_, i) => hits[i] === null);
  let read: VocabularyWord[][] = [];
  if (missing.length) {
    const [first, ...rest] = missing.map((range) =>
      range.second ? wordsWithSecondLetter(db, range.letter) : wordsStartingWith(db, range.letter),
    );
    read = rest.length ? await db.batch([first!, ...rest]) : [await first!];
    await Promise.all(
      missing.map((range, i) =>
        kv
          .put(vocabularyKey(range), JSON.stringify(keepValue(vocabularyKey(range), read[i], now)), {
            expirationTtl: VOCABULARY_SECONDS,
          })
          .catch((error: unknown) => console.error(`cache write failed for ${vocabularyKey(range)}`, error)),
      ),
    );
  }
  return mergedWords([...hits.filter((hit): hit is VocabularyWord[] => hit !== null), ...read]);
}

export const SUGGESTED_BRANDS = 6;

/**
 * Brands whose name starts with `prefix` (lower case), read in the order of the brands' unique
 * index on lower(name); the active categories, for the caller to match by any word. One batch.
 */
export async function suggestionSources(db: Database, prefix: string) {
  const together = runTogether(prefix);
  const [brandRows, togetherRows, categoryRows] = await db.batch([
    brandsStartingWith(db, prefix),
    brandsRunTogether(db, together || prefix),
    activeCategories(db),
  ]);
  // As typed first, then those found run together ('levis' finds Levi's), each once.
  const names = [...new Set([...brandRows, ...togetherRows].map((b) => b.name))].slice(0, SUGGESTED_BRANDS);
  return { brands: names, categories: categoryRows };
}

/** The brands' names run together, as migration 0048's index holds them (runTogether in SQL). */
const RUN_TOGETHER = sql.raw(
  `replace(replace(replace(replace(replace(lower("brands"."name"), '.', ''), '''', ''), '’', ''), '+', ''), ' ', '')`,
);

/** Brands whose name run together starts with `together` (already run together), in that index's order. */
export function brandsRunTogether(db: Database, together: string) {
  return db
    .select({ name: brands.name })
    .from(brands)
    .where(and(sql`${RUN_TOGETHER} >= ${together}`, sql`${RUN_TOGETHER} < ${prefixEnd(together)}`))
    .orderBy(RUN_TOGETHER)
    .limit(SUGGESTED_BRANDS);
}

/** The query of `suggestionSources` for brands; exposed so its query plan can be tested. */
export function brandsStartingWith(db: Database, prefix: string) {
  return db
    .select({ name: brands.name })
    .from(brands)
    .where(and(sql`lower(${brands.name}) >= ${prefix}`, sql`lower(${brands.name}) < ${prefixEnd(prefix)}`))
    .orderBy(sql`lower(${brands.name})`)
    .limit(SUGGESTED_BRANDS);
}

/** Active categories in their sort order (a handful of rows). */
export function activeCategories(db: Database) {
  return db
    .select({ name: categories.name, slug: categories.slug })
    .from(categories)
    .where(eq(categories.isActive, true))
    .orderBy(asc(categories.sortOrder));
}
