// What the header's search box suggests as a shopper types (issue 25, item 5): brands whose name
// starts with what was typed, and categories with a word that does. Recent searches stay in the
// shopper's browser. Pure: the brands and categories are passed in.

/** The longest prefix the suggestions endpoint reads: longer is refused (400), never truncated. */
export const MAX_SUGGESTION_QUERY = 50;

export type SuggestionQuery = { ok: true; prefix: string } | { ok: false; error: string };

/**
 * The prefix to suggest for, from the endpoint's `q`: trimmed, in lower case, at most 50
 * characters, no control characters. Punctuation is fine: brands hold it ('Levi's', 'Me+Em').
 */
export function parseSuggestionQuery(raw: string | null): SuggestionQuery {
  const q = (raw ?? "").trim();
  if (!q) return { ok: false, error: "Type the start of a brand or category (q)." };
  if ([...q].length > MAX_SUGGESTION_QUERY)
    return { ok: false, error: `Type at most ${MAX_SUGGESTION_QUERY} characters.` };
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\u2028\u2029]/.test(q))
    return { ok: false, error: "Type letters, digits or punctuation only." };
  return { ok: true, prefix: q.replace(/\s+/g, " ").toLowerCase() };
}

/**
 * A name or a prefix run together, as the brands' second index holds names (migration 0048):
 * lower case, without stops, apostrophes, pluses or spaces ('L.K.Bennett' → 'lkbennett', typed
 * 'lk ben' → 'lkben'), so a brand is suggested as it is typed (decision 0069).
 */
export const runTogether = (text: string) => text.toLowerCase().replace(/[.'’+\s]/g, "");

export interface SuggestedLink {
  kind: "brand" | "category";
  label: string;
  url: string;
}

export const SUGGESTED_CATEGORIES = 4;

/** The categories with a word starting with `prefix` ('bla' finds 'Jackets & Blazers'), or whose name does. */
export function matchingCategories(
  categories: readonly { name: string; slug: string }[],
  prefix: string,
): SuggestedLink[] {
  return categories
    .filter(({ name }) => {
      const lower = name.toLowerCase();
      return (
        lower.startsWith(prefix) ||
        lower.split(/[^\p{L}\p{N}]+/u).some((word) => word.length > 0 && word.startsWith(prefix))
      );
    })
    .slice(0, SUGGESTED_CATEGORIES)
    .map(({ name, slug }) => ({ kind: "category", label: name, url: `/categories/${encodeURIComponent(slug)}` }));
}

/** A brand's suggestion: its page. */
export function brandLink(name: string): SuggestedLink {
  return { kind: "brand", label: name, url: `/brand/${encodeURIComponent(name)}` };
}
