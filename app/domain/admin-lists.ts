// The admin lists' shared rules (issue 14 item 1): 50 rows a page, a GET search box, ids shortened
// as the spec shows them (seller-store-admin.md §9).

export const ADMIN_PAGE_SIZE = 50;
/** A staff search is as long as the longest e-mail address the site takes (RFC 5321), so any address can be pasted whole. */
export const SEARCH_MAX = 254;
export const SEARCH_TOO_LONG = `Search with at most ${SEARCH_MAX} characters.`;
/** How much of a search past the limit the box shows again (the URL itself may be far longer). */
const SEARCH_ECHO_MAX = SEARCH_MAX + 50;

/**
 * The `?q=` search text, trimmed; empty when absent. Past SEARCH_MAX characters it is not run:
 * the page says so at the field (issue 41 item 4) instead of cutting the search short silently.
 */
export function readSearch(url: URL | string): { q: string; error: string | null } {
  const q = (new URL(url, "http://x").searchParams.get("q") ?? "").trim();
  const characters = [...q];
  if (characters.length <= SEARCH_MAX) return { q, error: null };
  return { q: characters.slice(0, SEARCH_ECHO_MAX).join(""), error: SEARCH_TOO_LONG };
}

/** A filter value from `?name=` when it is one of `allowed`, else null (all). */
export function readFilter<const T extends readonly string[]>(
  url: URL | string,
  name: string,
  allowed: T,
): T[number] | null {
  const value = new URL(url, "http://x").searchParams.get(name);
  return value !== null && allowed.includes(value) ? value : null;
}

/** §9: finance lists and sellers' lists show the last 8 characters of an id. */
export const lastEight = (id: string) => id.slice(-8);

/** The URL of another page of a list, keeping its search and filters. */
export function pageHref(url: URL | string, page: number) {
  const next = new URL(url, "http://x");
  if (page <= 1) next.searchParams.delete("page");
  else next.searchParams.set("page", String(page));
  const search = next.searchParams.toString();
  return `${next.pathname}${search ? `?${search}` : ""}`;
}

/** Where a tab's form comes back to: the page it was posted from (its search and page), if inside the tab. */
export function tabReturnTo(value: FormDataEntryValue | null, tabHref: string) {
  if (typeof value !== "string" || value.startsWith("//")) return tabHref;
  return value === tabHref || value.startsWith(`${tabHref}?`) ? value : tabHref;
}

/** A short text field of a form (ids, choices): trimmed, bounded, "" when missing. */
export function formText(form: FormData, name: string, max = 200) {
  const value = form.get(name);
  return typeof value === "string" ? value.trim().slice(0, max) : "";
}
