// The issue 47 table (items 2, 3 and 7): each rendered page's requests per second against the
// static file's in the same run, with the ratio it must stay within. Shopper pages (home,
// listings, search, product, brand, a seller's profile) within 5×, the account, order and
// conversation pages within 6×, dashboards (seller, store, admin) within 8×.

/** The ratio a page is held to, by its URL. */
export function ratioLimit(url) {
  const { pathname } = new URL(url, "http://bench.invalid");
  if (/^\/(vendor|store|admin)(\/|$)/.test(pathname) && !/^\/store\/[^/]+$/.test(pathname))
    return { kind: "dashboard", limit: 8 };
  if (/^\/account(\/|$)/.test(pathname)) return { kind: "account", limit: 6 };
  return { kind: "shopper", limit: 5 };
}

/**
 * Rows of the table: `static ÷ page` in requests per second (how many times slower than the
 * static file) and whether it is within its limit. `rows` are bench rows ({ name, url,
 * requestsPerSecond, staticBesidePerSecond? }); the static file's row is the one whose url is
 * `staticUrl`. A row measured in turns with the static file (`staticBesidePerSecond`, decision
 * 0119) is held to that figure: the machine's speed moves by a third over one run, so the static
 * file of the run's first seconds misjudges pages measured minutes later. `timesSlowerThanFirst`
 * keeps the comparison with the run's first static figure, as earlier runs reported it.
 */
export function ratioTable(rows, staticUrl = "/favicon.svg") {
  const floor = rows.find((row) => row.url === staticUrl);
  if (!floor || !(floor.requestsPerSecond > 0)) throw new Error(`no static file row (${staticUrl}) to compare with`);
  return rows
    .filter(
      (row) => row.url !== staticUrl && !row.url.startsWith("/healthz") && !row.url.startsWith("/search/suggestions"),
    )
    .map((row) => {
      const { kind, limit } = ratioLimit(row.url);
      const beside = row.staticBesidePerSecond > 0 ? row.staticBesidePerSecond : floor.requestsPerSecond;
      const slower = (staticPerSecond) =>
        row.requestsPerSecond > 0 ? Number((staticPerSecond / row.requestsPerSecond).toFixed(2)) : Infinity;
      const times = slower(beside);
      return {
        name: row.name,
        kind,
        requestsPerSecond: row.requestsPerSecond,
        staticPerSecond: beside,
        timesSlower: times,
        timesSlowerThanFirst: slower(floor.requestsPerSecond),
        limit,
        within: times <= limit ? "yes" : "NO",
      };
    });
}
