// `npm run bench`, part 3: each catalog statement alone, inside the local D1 (meta.duration:
// SQLite's own time). The statements are the app's own: listingQueries() of
// app/data/catalog.server.ts, loaded through Vite's module runner, for each listing shape a shopper
// can ask for; the search-that-forgives and similar-items statements too.
import { localBindings } from "../scripts/built-worker.mjs";
import { median } from "./stats.mjs";

/** Fills results.d1Statements and results.d1Search from the state folder's D1, and prints them. */
export async function catalogStatements(state, results) {
  const { runnerImport } = await import("vite");
  const { drizzle } = await import("drizzle-orm/d1");
  const { module: catalogData } = await runnerImport("./app/data/catalog.server.ts", { configFile: false });
  const { module: sizeCounts } = await runnerImport("./app/data/size-counts.server.ts", { configFile: false });
  const { module: catalog } = await runnerImport("./app/domain/catalog.ts", { configFile: false });
  const { module: sizeFilter } = await runnerImport("./app/domain/size-filter.ts", { configFile: false });
  const { module: productData } = await runnerImport("./app/data/product.server.ts", { configFile: false });
  // The state's bindings as the seed opens them: no Durable Object, so no warning that one "will
  // not work in local development" (issue 48 item 4).
  const { env: bindings, dispose } = await localBindings(state);
  const db = drizzle(bindings.DB);
  const live = "product_status = 'live' AND availability <> 'sold'";
  const cursorRow = await bindings.DB.prepare(
    `SELECT created_at, id FROM products WHERE ${live} ORDER BY created_at DESC, id DESC LIMIT 1 OFFSET ${49 * 24 - 1}`,
  ).first();
  const page50 = catalog.encodeCursor(cursorRow?.created_at ?? 0, cursorRow?.id ?? "");
  const shapes = [
    ["newest", ""],
    ["filter category + type, by price", "category=Coats&type=Women&sort=price_asc"],
    ["filter brand + rental price range", "brand=Ganni&brand=Reiss&rental_min=10&rental_max=50"],
    ["filter tag", "tag=wool"],
    ["page 50 by keyset (newest)", `after=${page50}`],
    ["search 'wool coat' (relevance)", "search=wool%20coat"],
    ["search 'dress' (relevance)", "search=dress"],
    ["search 'black', by price", "search=black&sort=price_asc"],
    ["search 'wool coat' + category", "search=wool%20coat&category=Coats"],
    ["search 'coat' + brand + tag", "search=coat&brand=Ganni&tag=wool"],
    ["search 'dress' + rental price range", "search=dress&rental_min=10&rental_max=30"],
    ["filter tag + buying price", "tag=wool&buy_min=50"],
    ["search 'dress' + rental £12.50–£33 (cuts two bands)", "search=dress&rental_min=12.5&rental_max=33"],
    ["filter tag + buying £60.50–£399 (cuts two bands)", "tag=wool&buy_min=60.5&buy_max=399"],
    // Sizes (issue 25, item 2): the Size filter, and its counts (a third statement, "sizes").
    ["size UK 10", "size=UK%2010"],
    ["size UK 10 in Dresses (a category page)", "category=Dresses&size=UK%2010"],
    [
      "sizes UK 10 + UK 12, Women's Dresses, by price",
      "category=Dresses&type=Women&size=UK%2010&size=UK%2012&sort=price_asc",
    ],
    ["size M + brand + colour", "size=M&brand=Ganni&color=Black"],
    ["size UK 10 + search 'dress'", "size=UK%2010&search=dress"],
    ["size UK 10 + tag + buying from £50", "size=UK%2010&tag=wool&buy_min=50"],
    ["size UK 10 in Dresses + rental £10–£30", "category=Dresses&size=UK%2010&rental_min=10&rental_max=30"],
    // A price range alone (the Size filter's counts scan the covering price index over the range).
    ["rental £10–£100 alone (a wide range)", "rental_min=10&rental_max=100"],
    ["buying from £20 alone (a wide range)", "buy_min=20"],
  ];
  for (const [name, qs] of shapes) {
    const { filters, page } = catalog.parseCatalogQuery(new URLSearchParams(qs));
    const { pageQuery, countQuery } = catalogData.listingQueries(db, filters, page);
    // The Size filter's counts, as the listing asks for them (every listing page has them).
    const sizesQuery = sizeCounts.sizeCountsQuery(db, { ...filters, sizes: [] }, sizeFilter.sizeOptions(filters));
    const row = { name, query: qs };
    for (const [part, query] of [
      ["page", pageQuery],
      ["count", countQuery],
      ...(sizesQuery ? [["sizes", sizesQuery]] : []),
    ]) {
      const { sql, params } = query.toSQL ? query.toSQL() : query.getQuery();
      const durations = [];
      for (let i = 0; i < 15; i++)
        durations.push(
          (
            await bindings.DB.prepare(sql)
              .bind(...params)
              .all()
          ).meta.duration,
        );
      row[`${part}Ms`] = Number(median(durations).toFixed(2));
      row[`${part}MaxMs`] = Number(Math.max(...durations).toFixed(2));
    }
    results.d1Statements.push(row);
  }
  // Search that forgives (decision 0050): the catalog's words read by first letter (a search that
  // found nothing), and the suggestions endpoint's brands by prefix and active categories.
  const { module: searchData } = await runnerImport("./app/data/search.server.ts", { configFile: false });
  results.d1Search = [];
  const searchStatements = [
    ...["j", "c", "s", "b", "p"].map((letter) => [
      `words starting with '${letter}'`,
      searchData.wordsStartingWith(db, letter),
    ]),
    // A wrong or missing first letter (2026-11-25): the words with a given second letter.
    ...["a", "o", "r"].map((letter) => [`words with '${letter}' second`, searchData.wordsWithSecondLetter(db, letter)]),
    ["suggestions: brands starting with 'ba'", searchData.brandsStartingWith(db, "ba")],
    ["suggestions: active categories", searchData.activeCategories(db)],
  ];
  for (const [name, query] of searchStatements) {
    const { sql, params } = query.toSQL();
    const durations = [];
    let rows = 0;
    for (let i = 0; i < 15; i++) {
      const result = await bindings.DB.prepare(sql)
        .bind(...params)
        .all();
      durations.push(result.meta.duration);
      rows = result.results.length;
    }
    results.d1Search.push({
      name,
      rows,
      ms: Number(median(durations).toFixed(2)),
      maxMs: Number(Math.max(...durations).toFixed(2)),
    });
  }
  // 'You may also like' (issue 25, item 4): the product page's similar-items statement, for a few items.
  for (const id of ["prod_000001", "prod_050000", "prod_099999"]) {
    const { sql, params } = productData.similarItemsQuery(db, id).toSQL();
    const durations = [];
    for (let i = 0; i < 15; i++)
      durations.push(
        (
          await bindings.DB.prepare(sql)
            .bind(...params)
            .all()
        ).meta.duration,
      );
    results.d1Statements.push({
      name: `you may also like (${id})`,
      query: "",
      pageMs: Number(median(durations).toFixed(2)),
      pageMaxMs: Number(Math.max(...durations).toFixed(2)),
    });
  }
  await dispose();
  console.log("\nD1 time per listing statement (ms, SQLite execution, median and max of 15):");
  console.table(results.d1Statements);
  console.log("\nD1 time per search-that-forgives statement (ms, SQLite execution, median and max of 15):");
  console.table(results.d1Search);
}
