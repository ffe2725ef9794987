// Search that forgives (issue 25, item 5; docs/decisions/0050-search-that-forgives.md): when a
// search finds nothing, each word the catalog does not know is replaced by the nearest word it
// does know (its vocabulary: the words of public items' names, brands, categories, colours and
// tags, with how many items hold each), and the listing shows 'Showing results for …'.
// Pure: the vocabulary is passed in.

/** A word of the catalog's vocabulary and how many public items hold it. */
export interface VocabularyWord {
  term: string;
  items: number;
}

const OPERATORS = new Set(["and", "or", "not", "near"]);

/**
 * The words of a search as the full-text index sees them: lower case, letters and digits, accents
 * removed (the index's tokenizer removes them too), at most 8 (as ftsQuery in catalog.ts).
 */
export function searchWords(search: string): string[] {
  return (
    search
      .normalize("NFD")
      .replace(/\p{M}/gu, "")
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu)
      ?.filter((w) => !OPERATORS.has(w))
      .slice(0, 8) ?? []
  );
}

/**
 * The vocabulary ranges a correction needs: the first letter of each word long enough to correct,
 * and its second letter (a typo in the first two letters swaps them: "ajcket" is read in 'j').
 */
export function vocabularyLetters(words: readonly string[]): string[] {
  const letters = new Set<string>();
  for (const word of words) {
    if (maxEdits(word) === 0) continue;
    letters.add(String.fromCodePoint(word.codePointAt(0)!));
    const second = [...word][1];
    if (second) letters.add(second);
  }
  return [...letters].sort();
}

/**
 * The first characters a vocabulary word is looked for under when a search word's own first
 * letter may be wrong (the index's words are lower case, without accents).
 */
export const FIRST_CHARACTERS = "abcdefghijklmnopqrstuvwxyz0123456789";

/**
 * The second letters whose words a wrong first letter needs (decision 0050, 2026-11-25): a word
 * whose first letter is wrong ('hacket' for 'jacket') has the meant word's second letter; one
 * whose first letter is missing ('oat' for 'coat') starts with the meant word's second letter.
 * (An extra first letter, 'xjacket', is found in the range of the word's own second letter.)
 */
export function vocabularySecondLetters(words: readonly string[]): string[] {
  const letters = new Set<string>();
  for (const word of words) {
    if (maxEdits(word) === 0) continue;
    const [first, second] = [...word];
    letters.add(first!);
    if (second) letters.add(second);
  }
  return [...letters].sort();
}

/** Edits allowed for a word of this length: none up to 2 letters, 1 up to 4, else 2. */
export function maxEdits(word: string) {
  const length = [...word].length;
  return length <= 2 ? 0 : length <= 4 ? 1 : 2;
}

/**
 * The optimal-string-alignment form of the Damerau-Levenshtein distance: insertions, deletions,
 * substitutions and swaps of two neighbouring letters each cost one. Returns `limit + 1` as soon
 * as the distance is known to exceed `limit`.
 */
export function editDistance(a: string, b: string, limit = Infinity): number {
  const s = [...a];
  const t = [...b];
  if (Math.abs(s.length - t.length) > limit) return limit + 1;
  let before = new Array<number>(t.length + 1).fill(0);
  let previous = Array.from({ length: t.length + 1 }, (_, j) => j);
  for (let i = 1; i <= s.length; i++) {
    const current = new Array<number>(t.length + 1).fill(0);
    current[0] = i;
    let best = current[0];
    for (let j = 1; j <= t.length; j++) {
      const cost = s[i - 1] === t[j - 1] ? 0 : 1;
      let d = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && s[i - 1] === t[j - 2] && s[i - 2] === t[j - 1]) d = Math.min(d, before[j - 2]! + 1);
      current[j] = d;
      if (d < best) best = d;
    }
    if (best > limit) return limit + 1;
    before = previous;
    previous = current;
  }
  return previous[t.length]!;
}

/**
 * The nearest vocabulary word to `word`, or null when the catalog knows the word (a search word
 * is a prefix match: 'jack' is known when 'jacket' is a word) or nothing is close enough.
 * Nearest: fewest edits, then a word with the same first letter (most typos keep it), then the
 * word more items hold, then the shorter, then A to Z.
 */
export function nearestWord(word: string, vocabulary: readonly VocabularyWord[]): string | null {
  const limit = maxEdits(word);
  if (limit === 0) return null;
  if (vocabulary.some((v) => v.term.startsWith(word))) return null;
  const first = String.fromCodePoint(word.codePointAt(0)!);
  let best: { term: string; distance: number; sameFirst: boolean; items: number } | null = null;
  for (const { term, items } of vocabulary) {
    if (items <= 0) continue;
    const distance = editDistance(word, term, limit);
    if (distance > limit) continue;
    const sameFirst = term.startsWith(first);
    if (
      !best ||
      distance < best.distance ||
      (distance === best.distance &&
        ((sameFirst && !best.sameFirst) ||
          (sameFirst === best.sameFirst &&
            (items > best.items ||
              (items === best.items &&
                (term.length < best.term.length || (term.length === best.term.length && term < best.term)))))))
    ) {
      best = { term, distance, sameFirst, items };
    }
  }
  return best?.term ?? null;
}

/**
 * The search to show instead of one that found nothing: each word the catalog does not know
 * replaced by its nearest word, the rest kept. Null when no word changes (nothing is close, or
 * every word is known and only their combination finds nothing).
 */
export function correctSearch(search: string, vocabulary: readonly VocabularyWord[]): string | null {
  const words = searchWords(search);
  let changed = false;
  const corrected = words.map((word) => {
    const nearest = nearestWord(word, vocabulary);
    if (nearest === null || nearest === word) return word;
    changed = true;
    return nearest;
  });
  return changed ? corrected.join(" ") : null;
}
