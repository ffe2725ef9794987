// Search that forgives (issue 25, item 5; docs/decisions/0050-search-that-forgives.md): the
// catalog's own words for a spelling suggestion, and the brands and categories the header's
// search box suggests as a shopper types.
import { and, asc, eq, sql } from "drizzle-orm";
import { brands, categories } from "../../db/schema";
import type { VocabularyWord } from "../domain/search-correction";
import type { Database } from "./db.server";

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

const VOCABULARY_SECONDS = 600;
const vocabularyKey = (letter: string) => `search:words:${letter}`;

/**
 * The vocabulary a correction needs (one range per letter), kept in KV for ten minutes: a search
 * that found nothing then costs no D1 trip for it, and a page stays within its three trips. The
 * letters KV does not hold are read in one D1 batch. A KV failure is logged and falls through.
 */
export async function vocabularyOf(db: Database, kv: KVNamespace, letters: readonly string[]): Promise<VocabularyWord[]> {
  if (!letters.length) return [];
  const hits = await Promise.all(
    letters.map((letter) =>
      kv.get<VocabularyWord[]>(vocabularyKey(letter), "json").catch((error: unknown) => {
        console.error(`cache read failed for ${vocabularyKey(letter)}`, error);
        return null;
      }),
    ),
  );
  const missing = letters.filter((_, i) => hits[i] === null);
  let read: VocabularyWord[][] = [];
  if (missing.length) {
    const [first, ...rest] = missing.map((letter) => wordsStartingWith(db, letter));
    read = rest.length ? await db.batch([first!, ...rest]) : [await first!];
    await Promise.all(
      missing.map((letter, i) =>
        kv.put(vocabularyKey(letter), JSON.stringify(read[i]), { expirationTtl: VOCABULARY_SECONDS }).catch((error: unknown) => console.error(`cache write failed for ${vocabularyKey(letter)}`, error)),
      ),
    );
  }
  return [...hits.filter((hit): hit is VocabularyWord[] => hit !== null).flat(), ...read.flat()];
}

export const SUGGESTED_BRANDS = 6;

/**
 * Brands whose name starts with `prefix` (lower case), read in the order of the brands' unique
 * index on lower(name); the active categories, for the caller to match by any word. One batch.
 */
export async function suggestionSources(db: Database, prefix: string) {
  const [brandRows, categoryRows] = await db.batch([brandsStartingWith(db, prefix), activeCategories(db)]);
  return { brands: brandRows.map((b) => b.name), categories: categoryRows };
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
  return db.select({ name: categories.name, slug: categories.slug }).from(categories).where(eq(categories.isActive, true)).orderBy(asc(categories.sortOrder));
}
