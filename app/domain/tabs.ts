/** The tab a `?tab=` parameter names, when it is one of `tabs`; else the fallback (the first). */
export function readTab<const T extends readonly string[]>(
  url: URL | string,
  tabs: T,
  fallback: T[number] = tabs[0]!,
): T[number] {
  const value = new URL(url, "http://x").searchParams.get("tab");
  return value !== null && tabs.includes(value) ? value : fallback;
}

/** A page number from `?page=`: a whole number from 1, else 1. */
export function readPage(url: URL | string) {
  const value = Number(new URL(url, "http://x").searchParams.get("page") ?? 1);
  return Number.isInteger(value) && value >= 1 && value <= 100_000 ? value : 1;
}

/**
 * A list's cursor from `?before=`: the id of the last order of the page before (the Orders tabs,
 * decision 0108). Anything but an order id is no cursor: the first page.
 */
export function readOrderCursor(url: URL | string) {
  const value = new URL(url, "http://x").searchParams.get("before");
  return value !== null && /^order_[0-9A-Za-z_-]{1,60}$/.test(value) ? value : null;
}

/** The keys of a table of labels, in order: a list of choices written once, with its labels. */
export function keysOf<const L extends Record<string, string>>(labels: L): readonly (keyof L & string)[] {
  return Object.keys(labels) as (keyof L & string)[];
}

/** A page's rows when one row more than `size` was asked for, and whether another page follows. */
export function pageOf<T>(rows: T[], size: number) {
  return { rows: rows.slice(0, size), hasNext: rows.length > size };
}
