// `npm run bench`: builds the Worker, seeds its own local state with a large catalog, serves the
// built Worker in workerd (scripts/serve.mjs: Miniflare's API, no proxy in front), and drives it
// from this separate process with autocannon over loopback. Bounded in time and request count;
// loopback only. Results go to bench/results.json; docs/performance.md explains them.
//   --products N      catalog size (default 10000; 100000 for the D1 timings of the issues)
//   --rate            also hold a fixed 200 requests/s for 60 s (open loop) on the static floor, a listing and a search
//   --d1-only         only the D1 timings (no load): per page, and per catalog statement
//   --images-only     only the image bytes a listing and a product page make a browser download
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import { performance } from "node:perf_hooks";
import path from "node:path";
import autocannon from "autocannon";
import { openLoop } from "./open-loop.mjs";
import { startServer } from "../scripts/server-process.mjs";

const args = process.argv.slice(2);
const flag = (name) => args.includes(name);
const value = (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);
const products = Number(value("--products", "10000"));
const PORT = 4321;
const BASE = `http://localhost:${PORT}`;
const STATE = path.resolve(".wrangler/bench", String(products));
const env = { ...process.env, CLOSETLOOP_STATE: STATE, CLOUDFLARE_CF_FETCH_ENABLED: "false", CI: "true" };
const npm = (script, extra = []) => execFileSync("npm", ["run", "-s", script, ...(extra.length ? ["--", ...extra] : [])], { stdio: "inherit", env });
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

mkdirSync(STATE, { recursive: true });
console.log(`\n== Preparing a ${products}-product catalog in ${path.relative(process.cwd(), STATE)}`);
npm("db:migrate");
// Seeding 100,000 products takes minutes; a state folder that was seeded before is reused.
const seededMarker = path.join(STATE, "seeded.json");
if (existsSync(seededMarker)) console.log(`Reusing the catalog seeded at ${JSON.parse(readFileSync(seededMarker, "utf8")).at}`);
else {
  npm("db:seed", ["--products", String(products)]);
  writeFileSync(seededMarker, JSON.stringify({ products, at: new Date().toISOString() }));
}
npm("build");

const results = {
  machine: { cpus: os.cpus().length, model: os.cpus()[0]?.model, memoryGiB: Math.round(os.totalmem() / 2 ** 30), node: process.version },
  products,
  at: new Date().toISOString(),
  http: { rendered: [], cached: [] },
  rate: null,
  d1Pages: [],
  d1Statements: [],
  imageBytes: null,
};

/** The built Worker in workerd; pageCacheSeconds 0 renders every request; workerOnly drops the local asset plumbing. */
const serve = (pageCacheSeconds, workerOnly = false, extra = []) =>
  startServer(PORT, { env, args: ["--page-cache-seconds", String(pageCacheSeconds), ...(workerOnly ? ["--worker-only"] : []), ...extra] });
// The rendered run lifts the conversations' per-sender limits (30 a minute, 200 a day) so the
// messages-per-second figure measures the Durable Object, not the limiter.
const LIFT_MESSAGE_LIMITS = ["--binding", "MESSAGES_PER_MINUTE=100000000", "--binding", "MESSAGES_PER_DAY=100000000"];

/** The shopper's shared page carries the unread badge (else the signed-in figures would not include it). */
async function expectBadge(cookie) {
  const html = await (await fetch(`${BASE}/all-products`, { headers: { cookie } })).text();
  if (!BADGE.test(html)) throw new Error("the demo shopper's /all-products has no unread messages badge: is the demo conversation seeded?");
}

/**
 * Messages through one conversation's Durable Object over its live sockets (issue 26): 3 of the
 * shopper's sockets and 2 of the vendor's. `sequential`: one message at a time from one socket,
 * each waited for until it comes back (the latency a sender sees). `burst`: `count` messages sent
 * at once round-robin from the 5 sockets; the clock stops when every socket has every message.
 */
async function conversationThroughput(shopperCookie, vendorCookie, count = 1000) {
  const conversation = "cnv_demo_vendor";
  const open = async (cookie) => {
    const ws = new globalThis.WebSocket(`ws://localhost:${PORT}/account/messages/${conversation}/live`, { headers: { cookie, origin: BASE } });
    const socket = { ws, received: 0, errors: [], waiters: [] };
    ws.addEventListener("message", (event) => {
      const frame = JSON.parse(String(event.data));
      if (frame.type === "message") socket.received++;
      if (frame.type === "error") socket.errors.push(frame.error);
      for (const waiter of socket.waiters.splice(0)) waiter();
    });
    await new Promise((resolve, reject) => {
      ws.addEventListener("open", resolve, { once: true });
      ws.addEventListener("error", () => reject(new Error(`the live socket of ${conversation} did not open`)), { once: true });
    });
    return socket;
  };
  const until = (socket, n, timeoutMs = 60_000) =>
    new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`a socket received ${socket.received} of ${n} messages (${socket.errors.at(-1) ?? "no error"})`)), timeoutMs);
      const check = () => (socket.received >= n ? (clearTimeout(timer), resolve()) : socket.waiters.push(check));
      check();
    });
  const sockets = [await open(shopperCookie), await open(shopperCookie), await open(shopperCookie), await open(vendorCookie), await open(vendorCookie)];
  const run = Date.now().toString(36);
  try {
    const latencies = [];
    for (let i = 0; i < 50; i++) {
      const started = performance.now();
      sockets[0].ws.send(JSON.stringify({ type: "send", text: `Bench round trip ${i}`, token: `bench_${run}_rt_${i}` }));
      await until(sockets[0], i + 1);
      latencies.push(performance.now() - started);
    }
    const before = sockets.map((s) => s.received);
    const started = performance.now();
    for (let i = 0; i < count; i++) sockets[i % sockets.length].ws.send(JSON.stringify({ type: "send", text: `Bench burst ${i}`, token: `bench_${run}_b_${i}` }));
    await Promise.all(sockets.map((s, i) => until(s, before[i] + count)));
    const seconds = (performance.now() - started) / 1000;
    const sorted = [...latencies].sort((a, b) => a - b);
    return {
      conversation,
      sockets: sockets.length,
      roundTripP50Ms: Number(median(latencies).toFixed(2)),
      roundTripP95Ms: Number(sorted[Math.floor(sorted.length * 0.95)].toFixed(2)),
      burst: count,
      burstSeconds: Number(seconds.toFixed(2)),
      messagesPerSecond: Math.round(count / seconds),
      errors: sockets.reduce((n, s) => n + s.errors.length, 0),
    };
  } finally {
    for (const s of sockets) s.ws.close(1000, "bench done");
  }
}

const productId = "prod_000002";
const pages = [
  ["home", "/"],
  ["all products", "/all-products"],
  ["filtered listing", "/all-products?category=Coats&type=Women&sort=price_asc"],
  ["search", "/all-products?search=wool%20coat"],
  ["search + filter", "/all-products?search=wool%20coat&category=Coats"],
  ["tag filter", "/all-products?tag=wool"],
  ["product page", `/product/${productId}`],
  ["brand page", "/brand/Ganni"],
  // Search that forgives (decision 0050): nothing for 'jaket', then the results for 'jacket'.
  ["search that forgives ('jaket')", "/all-products?search=jaket"],
  ["search suggestions endpoint", "/search/suggestions?q=ja"],
];
// A signed-in shopper's shared pages: rendered for them with the page cache off, and as deployed
// the shared page with their header and hearts stitched in (docs/decisions/0039-stitched-personal-pages.md).
const shopperPages = [
  ["all products (signed in)", "/all-products"],
  ["filtered listing (signed in)", "/all-products?category=Coats&type=Women&sort=price_asc"],
  ["search (signed in)", "/all-products?search=wool%20coat"],
  ["product page (signed in)", `/product/${productId}`],
  ["brand page (signed in)", "/brand/Ganni"],
];
// Dashboards are never shared or cached: they are measured rendered, with the demo vendor's session.
const signedInPages = [
  ["seller dashboard (vendor)", "/vendor"],
  ["seller orders tab + chart (vendor)", "/vendor?tab=orders"],
  // A conversation's page (issue 26), as the demo vendor reads the demo shopper's questions.
  ["conversation page (vendor)", "/account/messages/cnv_demo_vendor"],
];
// The demo shopper has an unread answer from the demo vendor (db/demo/flows/70-messages.mjs): their
// shared pages carry the header's unread badge, stitched like the basket count (issue 26).
const BADGE = /aria-label="Messages, \d+ unread"/;
const floor = [
  ["static asset", "/favicon.svg"],
  ["/healthz", "/healthz"],
];

/** The session cookie of a demo account, signed in through the real form. */
async function signIn(email) {
  const response = await fetch(`${BASE}/auth`, { method: "POST", body: new URLSearchParams({ intent: "signin", email, password: "closetloop-demo" }), redirect: "manual" });
  const cookie = response.headers.getSetCookie().map((c) => c.split(";")[0]).find((c) => /cl_session=/.test(c));
  if (response.status !== 302 || !cookie) throw new Error(`could not sign in as ${email}: ${response.status}`);
  return cookie;
}

const load = (url, opts = {}) =>
  new Promise((resolve, reject) => autocannon({ url: BASE + url, connections: 10, duration: 8, timeout: 10, ...opts }, (err, res) => (err ? reject(err) : resolve(res))));

async function loadEach(targets, into, headers = {}) {
  for (const [, url] of targets) await fetch(BASE + url, { headers }); // warm: compile, fill KV caches
  for (const [name, url] of targets) {
    const r = await load(url, { headers });
    into.push({ name, url, requestsPerSecond: Math.round(r.requests.average), p50: r.latency.p50, p97_5: r.latency.p97_5, p99: r.latency.p99, errors: r.errors + r.non2xx + r.timeouts });
  }
}

function ratios(rows, staticP50) {
  for (const row of rows) row.p50VsStatic = Number(((row.p50 || 1) / (staticP50 || 1)).toFixed(2));
}

/** Body bytes of one GET, and its content type. */
async function download(url) {
  const response = await fetch(BASE + url);
  const bytes = (await response.arrayBuffer()).byteLength;
  return { bytes, type: response.headers.get("content-type"), status: response.status };
}

/** The `srcset` candidate a browser picks for a slot `slotPx` CSS px wide at 1x: the narrowest at least that wide. */
function pick(srcSet, slotPx) {
  const candidates = srcSet.split(",").map((c) => c.trim().split(/\s+/)).map(([url, w]) => ({ url, w: Number.parseInt(w, 10) })).sort((a, b) => a.w - b.w);
  return (candidates.find((c) => c.w >= slotPx) ?? candidates.at(-1)).url;
}

/**
 * Image bytes before and after variants: "before" is what the old markup made a browser fetch (the
 * original in every `src`), "after" what it fetches now at 1x: a 400 px wide listing card, an 800
 * px wide product gallery slot (`sizes` resolves to ~610 px on a desktop, so the 800w candidate).
 */
async function imageBytes() {
  const decode = (s) => s.replaceAll("&amp;", "&");
  const measure = async (page, slotPx, imgPattern) => {
    const html = await (await fetch(BASE + page)).text();
    const tags = [...html.matchAll(/<img\b[^>]*>/g)].map((m) => m[0]).filter((tag) => imgPattern.test(tag));
    const row = { page, slotPx, images: tags.length, beforeBytes: 0, afterBytes: 0, afterWebp: 0 };
    for (const tag of tags) {
      const src = decode(/\ssrc="([^"]+)"/.exec(tag)?.[1] ?? "");
      const srcSet = decode(/\ssrcSet="([^"]+)"/i.exec(tag)?.[1] ?? "");
      const original = src.replace(/\?.*$/, "");
      row.beforeBytes += (await download(original)).bytes;
      const after = await download(srcSet ? pick(srcSet, slotPx) : src);
      row.afterBytes += after.bytes;
      if (after.type === "image/webp") row.afterWebp++;
    }
    row.ratio = Number((row.afterBytes / (row.beforeBytes || 1)).toFixed(3));
    return row;
  };
  return [
    await measure("/all-products", 400, /sizes="\(min-width: 1280px\) 320px/),
    await measure(`/product/${productId}`, 800, /id="image-1"/),
  ];
}

if (flag("--images-only")) {
  const stopImages = await serve(0);
  try {
    results.imageBytes = await imageBytes();
  } finally {
    await stopImages();
  }
  console.log("\nImage bytes a browser downloads (before = the originals; after = the srcset pick at 1x):");
  console.table(results.imageBytes);
  writeFileSync("bench/results.json", JSON.stringify(results, null, 2));
  process.exit(0);
}

// 1. Every request rendered (page cache off), and every D1 timing.
let shopperCookie;
let stop = await serve(0, false, LIFT_MESSAGE_LIMITS);
try {
  const vendorCookie = await signIn("vendor@closetloop.test");
  shopperCookie = await signIn("shopper@closetloop.test");
  await expectBadge(shopperCookie);
  // D1 time per page, as the Worker measured it (Server-Timing: all of the page's trips).
  for (const [name, url, headers = {}] of [...pages, ...signedInPages.map(([n, u]) => [n, u, { cookie: vendorCookie }])]) {
    const samples = [];
    const sql = [];
    const trips = [];
    for (let i = 0; i < 15; i++) {
      const response = await fetch(BASE + url, { headers, redirect: "manual" });
      if (headers.cookie && response.status !== 200) throw new Error(`${url} answered ${response.status} (signed out?)`);
      await response.arrayBuffer();
      const timing = /d1;dur=(\d+);desc="(\d+) round trips"/.exec(response.headers.get("server-timing") ?? "");
      samples.push(Number(timing?.[1] ?? NaN));
      trips.push(Number(timing?.[2] ?? NaN));
      sql.push(Number(/d1-sql;dur=([\d.]+)/.exec(response.headers.get("server-timing") ?? "")?.[1] ?? NaN));
    }
    results.d1Pages.push({ name, url, sqlMedianMs: median(sql), sqlMaxMs: Math.max(...sql), wallMedianMs: median(samples), roundTrips: median(trips) });
  }
  console.log("\nD1 time per page (ms, median of 15): sql = D1's own SQL time for all of the page's statements; wall = waited for in the Worker, local RPC included");
  console.table(results.d1Pages);
  // The header search box's suggestions (decision 0050): whole answers as a browser waits for
  // them, page cache off, for prefixes a shopper types.
  results.suggestions = [];
  // /healthz first: the floor of a whole answer over loopback (no route, no D1) to read them against.
  for (const url of ["/healthz", ...["b", "ja", "bar", "coa", "zzz"].map((q) => `/search/suggestions?q=${q}`)]) {
    const times = [];
    for (let i = 0; i < 40; i++) {
      const started = performance.now();
      const response = await fetch(BASE + url);
      await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
      times.push(performance.now() - started);
    }
    const sorted = [...times].sort((a, b) => a - b);
    results.suggestions.push({ url, medianMs: Number(median(times).toFixed(2)), p95Ms: Number(sorted[Math.floor(sorted.length * 0.95)].toFixed(2)) });
  }
  console.log("\nSearch suggestions endpoint, whole answer over loopback (ms, 40 requests each, page cache off):");
  console.table(results.suggestions);
  results.imageBytes = await imageBytes();
  console.log("\nImage bytes a browser downloads (before = the originals; after = the srcset pick at 1x):");
  console.table(results.imageBytes);
  if (!flag("--d1-only")) {
    await loadEach([...floor, ...pages], results.http.rendered);
    await loadEach(shopperPages, results.http.rendered, { cookie: shopperCookie });
    await loadEach(signedInPages, results.http.rendered, { cookie: vendorCookie });
    ratios(results.http.rendered, results.http.rendered[0].p50);
    console.log("\nHTTP, every page rendered (page cache off):");
    console.table(results.http.rendered);
    results.conversation = await conversationThroughput(shopperCookie, vendorCookie);
    console.log("\nOne conversation's Durable Object over live sockets (round trip of one message from one socket; a burst from 5 sockets until every socket has every message):");
    console.table([results.conversation]);
  }
} finally {
  await stop();
}

// 2. As deployed: anonymous pages reused for up to 30 s (services/page-cache.server.ts).
if (!flag("--d1-only")) {
  stop = await serve(30);
  try {
    await loadEach([...floor, ...pages], results.http.cached);
    // The session stays valid across the restart (sessions live in the persisted KV).
    await expectBadge(shopperCookie);
    await loadEach(shopperPages, results.http.cached, { cookie: shopperCookie });
    ratios(results.http.cached, results.http.cached[0].p50);
    console.log("\nHTTP, as deployed (page cache on): anonymous visitors, then the signed-in shopper (stitched):");
    console.table(results.http.cached);
    if (flag("--rate")) {
      // Open-loop at a fixed rate (bench/open-loop.mjs). The static file at the same rate is the
      // floor: what is left of the tail when the app does nothing.
      results.rate = [];
      for (const url of ["/favicon.svg", "/all-products", "/all-products?search=wool%20coat"]) {
        results.rate.push({ served: "as npm start", url, rate: 200, seconds: 60, ...(await openLoop(BASE + url, 200, 60)) });
      }
    }
  } finally {
    await stop();
  }
  if (flag("--rate")) {
    // The same rate against the Worker alone: locally every isolate (Miniflare's entry worker, the
    // asset router and asset worker, the D1 simulator, ours) shares workerd's one thread, and a
    // major GC in the asset plumbing stalls a static file as long as a page. /healthz is the floor.
    stop = await serve(30, true);
    try {
      for (const url of ["/healthz", "/all-products", "/all-products?search=wool%20coat"]) {
        await fetch(BASE + url);
        results.rate.push({ served: "the Worker alone", url, rate: 200, seconds: 60, ...(await openLoop(BASE + url, 200, 60)) });
      }
    } finally {
      await stop();
    }
    console.log("\nFixed rate, 200 requests/s for 60 s (open loop), page cache on:");
    console.table(results.rate);
  }
}

// 3. Each catalog statement alone, inside the local D1 (meta.duration: SQLite's own time). The
// statements are the app's own: listingQueries() of app/data/catalog.server.ts, loaded through
// Vite's module runner, for each listing shape a shopper can ask for.
const { getPlatformProxy } = await import("wrangler");
const { runnerImport } = await import("vite");
const { drizzle } = await import("drizzle-orm/d1");
const { module: catalogData } = await runnerImport("./app/data/catalog.server.ts", { configFile: false });
const { module: catalog } = await runnerImport("./app/domain/catalog.ts", { configFile: false });
const { module: sizeFilter } = await runnerImport("./app/domain/size-filter.ts", { configFile: false });
const { module: productData } = await runnerImport("./app/data/product.server.ts", { configFile: false });
const { env: bindings, dispose } = await getPlatformProxy({ configPath: "wrangler.toml", persist: { path: `${STATE}/v3` } });
const db = drizzle(bindings.DB);
const live = "product_status = 'live' AND availability <> 'sold'";
const cursorRow = await bindings.DB.prepare(`SELECT created_at, id FROM products WHERE ${live} ORDER BY created_at DESC, id DESC LIMIT 1 OFFSET ${49 * 24 - 1}`).first();
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
  ["sizes UK 10 + UK 12, Women's Dresses, by price", "category=Dresses&type=Women&size=UK%2010&size=UK%2012&sort=price_asc"],
  ["size M + brand + colour", "size=M&brand=Ganni&color=Black"],
  ["size UK 10 + search 'dress'", "size=UK%2010&search=dress"],
  ["size UK 10 + tag + buying from £50", "size=UK%2010&tag=wool&buy_min=50"],
  ["size UK 10 in Dresses + rental £10–£30", "category=Dresses&size=UK%2010&rental_min=10&rental_max=30"],
];
for (const [name, qs] of shapes) {
  const { filters, page } = catalog.parseCatalogQuery(new URLSearchParams(qs));
  const { pageQuery, countQuery } = catalogData.listingQueries(db, filters, page);
  // The Size filter's counts, as the listing asks for them (every listing page has them).
  const sizesQuery = catalogData.sizeCountsQuery(db, { ...filters, sizes: [] }, sizeFilter.sizeOptions(filters));
  const row = { name, query: qs };
  for (const [part, query] of [["page", pageQuery], ["count", countQuery], ...(sizesQuery ? [["sizes", sizesQuery]] : [])]) {
    const { sql, params } = query.toSQL ? query.toSQL() : query.getQuery();
    const durations = [];
    for (let i = 0; i < 15; i++) durations.push((await bindings.DB.prepare(sql).bind(...params).all()).meta.duration);
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
  ...["j", "c", "s", "b", "p"].map((letter) => [`words starting with '${letter}'`, searchData.wordsStartingWith(db, letter)]),
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
    const result = await bindings.DB.prepare(sql).bind(...params).all();
    durations.push(result.meta.duration);
    rows = result.results.length;
  }
  results.d1Search.push({ name, rows, ms: Number(median(durations).toFixed(2)), maxMs: Number(Math.max(...durations).toFixed(2)) });
}
// 'You may also like' (issue 25, item 4): the product page's similar-items statement, for a few items.
for (const id of ["prod_000001", "prod_050000", "prod_099999"]) {
  const { sql, params } = productData.similarItemsQuery(db, id).toSQL();
  const durations = [];
  for (let i = 0; i < 15; i++) durations.push((await bindings.DB.prepare(sql).bind(...params).all()).meta.duration);
  results.d1Statements.push({ name: `you may also like (${id})`, query: "", pageMs: Number(median(durations).toFixed(2)), pageMaxMs: Number(Math.max(...durations).toFixed(2)) });
}
await dispose();
console.log("\nD1 time per listing statement (ms, SQLite execution, median and max of 15):");
console.table(results.d1Statements);
console.log("\nD1 time per search-that-forgives statement (ms, SQLite execution, median and max of 15):");
console.table(results.d1Search);

mkdirSync("bench", { recursive: true });
writeFileSync("bench/results.json", JSON.stringify(results, null, 2));
console.log("Wrote bench/results.json");
process.exit(0);
