// The arithmetic of a paged list (pagination.tsx, data-table.tsx): its addresses and what a
// screen reader is told of the rows shown. Pure, so it is tested without rendering.

/** The Previous and Next addresses of a paged list, or null when the list fits on one page. */
export function pageLinks(
  page: number,
  hasNext: boolean,
  href: (page: number) => string,
): { previous: string | null; next: string | null } | null {
  if (page <= 1 && !hasNext) return null;
  return { previous: page > 1 ? href(page - 1) : null, next: hasNext ? href(page + 1) : null };
}

/**
 * A list's address with its search and filters (empty ones left out) and a page (page 1 is the
 * address without one): listHref('/admin/orders', { q: 'ada', status: null }, 2) is
 * '/admin/orders?q=ada&page=2'. The base may carry a query of its own ('/vendor?tab=products').
 */
export function listHref(base: string, params: Record<string, string | null | undefined>, page = 1): string {
  const [path, query = ""] = base.split("?", 2) as [string, string?];
  const search = new URLSearchParams(query);
  for (const [name, value] of Object.entries(params)) {
    if (value) search.set(name, value);
    else search.delete(name);
  }
  search.delete("page");
  if (page > 1) search.set("page", String(page));
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

/** What a screen reader hears of a table's rows: '3 rows.', '50 rows on page 2; more on the next page.' */
export function rowsSummary(count: number, page = 1, hasNext = false): string {
  const rows = `${count} ${count === 1 ? "row" : "rows"}`;
  return `${rows}${page > 1 ? ` on page ${page}` : ""}${hasNext ? "; more on the next page" : ""}.`;
}
