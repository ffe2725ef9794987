// The admin lists' shared rules (issue 14 item 1): 50 rows a page, a GET search box, ids shortened
// as the spec shows them (seller-store-admin.md §9).

export const ADMIN_PAGE_SIZE = 50;
export const SEARCH_MAX = 100;

/** The `?q=` search text, trimmed and bounded; empty when absent. */
export function readSearch(url: URL | string) {
  return (new URL(url, "http://x").searchParams.get("q") ?? "").trim().slice(0, SEARCH_MAX);
}

/** A filter value from `?name=` when it is one of `allowed`, else null (all). */
export function readFilter<const T extends readonly string[]>(url: URL | string, name: string, allowed: T): T[number] | null {
  const value = new URL(url, "http://x").searchParams.get(name);
  return value !== null && allowed.includes(value) ? value : null;
}

/** A LIKE pattern that matches `text` anywhere, with LIKE's wildcards taken literally (ESCAPE '\'). */
export function containsPattern(text: string) {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
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
