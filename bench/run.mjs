// `npm run bench`: builds the Worker, seeds its own local state with a large catalog, serves the
// built Worker in workerd (scripts/serve.mjs: Miniflare's API, no proxy in front), and drives it
// from this separate process with autocannon over loopback. Bounded in time and request count;
// loopback only. Results go to bench/results.json; docs/performance.md explains them.
//   --products N      catalog size (default 10000; 100000 for the D1 timings of the issues)
//   --rate            also hold a fixed 200 requests/s for 60 s (open loop) on the static floor, a listing and a search
//   --d1-only         only the D1 timings (no load): per page, and per catalog statement
//   --cached-only     only the pages as deployed (page cache on), with the static file of the same run
//   --images-only     only the image bytes a listing and a product page make a browser download
//   --statements-only only each catalog statement's own time in the local D1 (no build, no server)
//   --bindings-only   only what one call to each local binding (D1, KV, Cache API) costs workerd: bench/bindings.mjs
//   --soak            a crowd trading at once, with CPU burners beside it (bench/soak.mjs: its options)
//   --profile PATH    a CPU profile of the Worker serving PATH under load (--as EMAIL signs in first; with
//                     --cached-only the page cache is on, as deployed): bench/profile.mjs
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { conversationThroughput } from "./conversation.mjs";
import { imageBytes } from "./images.mjs";
import { combined, interleaved } from "./interleaved.mjs";
import { suggestionTimes } from "./suggestions.mjs";
import { openLoop } from "./open-loop.mjs";
import { ratioTable } from "./ratios.mjs";
import { accountPages, orderPage } from "./account-pages.mjs";
import { profileRun } from "./profile.mjs";
import { median } from "./stats.mjs";
import { catalogStatements } from "./statements.mjs";
import { bindingCosts } from "./bindings.mjs";
import { startServer } from "../scripts/server-process.mjs";
import { floor, pages, productId, shopperPages, signedInPages, VENDOR } from "./pages.mjs";

const args = process.argv.slice(2);
const flag = (name) => args.includes(name);
const value = (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);
const products = Number(value("--products", "10000"));
const PORT = 4321;
const ORDERS_A_YEAR = 25 * 365;
const BASE = `http://localhost:${PORT}`;
const STATE = path.resolve(".wrangler/bench", String(products));
const env = { ...process.env, CLOSETLOOP_STATE: STATE, CLOUDFLARE_CF_FETCH_ENABLED: "false", CI: "true" };
const npm = (script, extra = []) =>
  execFileSync("npm", ["run", "-s", script, ...(extra.length ? ["--", ...extra] : [])], { stdio: "inherit", env });

// --soak: a crowd trading at once instead (bench/soak.mjs takes the other arguments).
if (flag("--soak")) await import("./soak.mjs");

const showBindings = (rows) => {
  console.log("\nWhat one call to each local binding costs (the simulators run in workerd beside the Worker):");
  console.table(rows);
};
if (flag("--bindings-only")) {
  showBindings(await bindingCosts());
  process.exit(0);
}

mkdirSync(STATE, { recursive: true });
console.log(`\n== Preparing a ${products}-product catalog in ${path.relative(process.cwd(), STATE)}`);
npm("db:migrate");
// Seeding 100,000 products takes minutes; a state folder that was seeded before is reused.
// A year of orders (issue 47 item 3; decision 0107): 25 a day, one for every ten products on a
// smaller catalog, seeded into a reused state that has none yet.
const orders = Math.min(ORDERS_A_YEAR, Math.floor(products / 10));
const seededMarker = path.join(STATE, "seeded.json");
const marker = existsSync(seededMarker) ? JSON.parse(readFileSync(seededMarker, "utf8")) : null;
if (marker) console.log(`Reusing the catalog seeded at ${marker.at}`);
else npm("db:seed", ["--products", String(products), "--orders", String(orders)]);
if (marker && marker.orders === undefined) npm("db:seed", ["--orders", String(orders), "--orders-only"]);
if (!marker || marker.orders === undefined)
  writeFileSync(seededMarker, JSON.stringify({ products, orders, at: marker?.at ?? new Date().toISOString() }));
if (flag("--statements-only")) {
  const results = { products, at: new Date().toISOString(), d1Statements: [] };
  await catalogStatements(STATE, results);
  writeFileSync(`bench/statements-${products}.json`, JSON.stringify(results, null, 2));
  process.exit(0);
}
npm("build");
// Every item's 'You may also like' list, as the five-minute job keeps them in a shop that has run a
// while (decision 0123); a catalog seeded at once has none yet.
npm("jobs", ["similar"]);

const results = {
  machine: {
    cpus: os.cpus().length,
    model: os.cpus()[0]?.model,
    memoryGiB: Math.round(os.totalmem() / 2 ** 30),
    node: process.version,
  },
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
  startServer(PORT, {
    env,
    // No Cron trigger (the Worker alone never runs one): the catalog's lists are made before the
    // run (above), and the five-minute job landing inside one page's seconds would be that page's figure.
    args: ["--page-cache-seconds", String(pageCacheSeconds), workerOnly ? "--worker-only" : "--no-cron", ...extra],
  });
// The rendered run lifts the conversations' per-sender limits (30 a minute, 200 a day) so the
// messages-per-second figure measures the Durable Object, not the limiter.
const LIFT_MESSAGE_LIMITS = ["--binding", "MESSAGES_PER_MINUTE=100000000", "--binding", "MESSAGES_PER_DAY=100000000"];

/** The shopper's shared page carries the unread badge (else the signed-in figures would not include it). */
async function expectBadge(cookie) {
  const html = await (await fetch(`${BASE}/all-products`, { headers: { cookie } })).text();
  if (!BADGE.test(html))
    throw new Error("the demo shopper's /all-products has no unread messages badge: is the demo conversation seeded?");
}

// The demo shopper has an unread answer from the demo vendor (db/demo/flows/70-messages.mjs): their
// shared pages carry the header's unread badge, stitched like the basket count (issue 26).
const BADGE = /aria-label="Messages, \d+ unread"/;

/** The session cookie of a demo account, signed in through the real form. */
async function signIn(email) {
  const response = await fetch(`${BASE}/auth`, {
    method: "POST",
    body: new URLSearchParams({ intent: "signin", email, password: "closetloop-demo" }),
    redirect: "manual",
  });
  const cookie = response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .find((c) => /cl_session=/.test(c));
  if (response.status !== 302 || !cookie) throw new Error(`could not sign in as ${email}: ${response.status}`);
  return cookie;
}

const load = (url, opts = {}) =>
  new Promise((resolve, reject) =>
    autocannon({ url: BASE + url, connections: 10, duration: 8, timeout: 10, ...opts }, (err, res) =>
      err ? reject(err) : resolve(res),
    ),
  );

// Each page is measured in turns with the static file (bench/interleaved.mjs, decision 0119): the
// machine's speed moves within seconds, and a page's ratio is taken against the same seconds.
const STATIC = floor[0][1];
async function loadEach(targets, into, headers = {}) {
  for (const [, url] of targets) await fetch(BASE + url, { headers }); // warm: compile, fill KV caches
  for (const [name, url] of targets) {
    if (url === STATIC) {
      into.push({ name, url, ...combined([await load(url, { headers })]) });
      continue;
    }
    const { page, beside } = await interleaved(load, STATIC, url, headers);
    into.push({ name, url, ...page, staticBesidePerSecond: beside.requestsPerSecond });
  }
}

function ratios(rows, staticP50) {
  for (const row of rows) row.p50VsStatic = Number(((row.p50 || 1) / (staticP50 || 1)).toFixed(2));
}

if (flag("--profile")) {
  const as = value("--as", null);
  await profileRun({
    serve,
    load,
    url: value("--profile", "/"),
    cookie: as ? () => signIn(as) : null,
    inspectorPort: PORT + 1000,
    writeFile: writeFileSync,
    cacheSeconds: flag("--cached-only") ? 30 : 0,
  });
  process.exit(0);
}

if (flag("--images-only")) {
  const stopImages = await serve(0);
  try {
    results.imageBytes = await imageBytes(BASE, productId);
  } finally {
    await stopImages();
  }
  console.log("\nImage bytes a browser downloads (before = the originals; after = the srcset pick at 1x):");
  console.table(results.imageBytes);
  writeFileSync("bench/results.json", JSON.stringify(results, null, 2));
  process.exit(0);
}

/** One session per account for the run (an account's pages: its email, or none for the demo vendor). */
const cookies = new Map();
const cookieOf = async (email = VENDOR) => {
  if (!cookies.has(email)) cookies.set(email, await signIn(email));
  return cookies.get(email);
};

// 1. Every request rendered (page cache off), and every D1 timing.
let shopperCookie;
let stop = flag("--cached-only") ? async () => {} : await serve(0, false, LIFT_MESSAGE_LIMITS);
if (!flag("--cached-only"))
  try {
    const vendorCookie = await cookieOf(VENDOR);
    shopperCookie = await signIn("shopper@closetloop.test");
    await expectBadge(shopperCookie);
    // D1 time per page, as the Worker measured it (Server-Timing: all of the page's trips).
    for (const [name, url, headers = {}] of [
      ...pages,
      ...(await Promise.all(signedInPages.map(async ([n, u, email]) => [n, u, { cookie: await cookieOf(email) }]))),
    ]) {
      const samples = [];
      const sql = [];
      const trips = [];
      for (let i = 0; i < 15; i++) {
        const response = await fetch(BASE + url, { headers, redirect: "manual" });
        if (headers.cookie && response.status !== 200)
          throw new Error(`${url} answered ${response.status} (signed out?)`);
        await response.arrayBuffer();
        const timing = /d1;dur=(\d+);desc="(\d+) round trips"/.exec(response.headers.get("server-timing") ?? "");
        samples.push(Number(timing?.[1] ?? NaN));
        trips.push(Number(timing?.[2] ?? NaN));
        sql.push(Number(/d1-sql;dur=([\d.]+)/.exec(response.headers.get("server-timing") ?? "")?.[1] ?? NaN));
      }
      results.d1Pages.push({
        name,
        url,
        sqlMedianMs: median(sql),
        sqlMaxMs: Math.max(...sql),
        wallMedianMs: median(samples),
        roundTrips: median(trips),
      });
    }
    console.log(
      "\nD1 time per page (ms, median of 15): sql = D1's own SQL time for all of the page's statements; wall = waited for in the Worker, local RPC included",
    );
    console.table(results.d1Pages);
    results.suggestions = await suggestionTimes(BASE);
    console.log("\nSearch suggestions endpoint, whole answer over loopback (ms, 40 requests each, page cache off):");
    console.table(results.suggestions);
    results.imageBytes = await imageBytes(BASE, productId);
    console.log("\nImage bytes a browser downloads (before = the originals; after = the srcset pick at 1x):");
    console.table(results.imageBytes);
    if (!flag("--d1-only")) {
      await loadEach([...floor, ...pages], results.http.rendered);
      await loadEach(shopperPages, results.http.rendered, { cookie: shopperCookie });
      for (const email of new Set(signedInPages.map(([, , e]) => e)))
        await loadEach(
          signedInPages.filter(([, , e]) => e === email),
          results.http.rendered,
          { cookie: await cookieOf(email) },
        );
      for (const [email, targets] of Object.entries(accountPages)) {
        const cookie = email === "shopper@closetloop.test" ? shopperCookie : await signIn(email);
        await loadEach(
          email === "shopper@closetloop.test" ? [...targets, await orderPage(BASE, cookie)] : targets,
          results.http.rendered,
          { cookie },
        );
      }
      ratios(results.http.rendered, results.http.rendered[0].p50);
      console.log("\nHTTP, every page rendered (page cache off):");
      console.table(results.http.rendered);
      // Issue 47: requests per second against the static file of this same run, and the ratio each page is held to.
      results.ratios = ratioTable(results.http.rendered);
      console.log(
        "\nEvery rendered page against the static file measured in turns with it (same run; decision 0119): times slower in requests/s, the same against the run's first static figure, and its limit (5× shopper, 6× account, 8× dashboards):",
      );
      console.table(results.ratios);
      results.bindings = await bindingCosts();
      showBindings(results.bindings);
      results.conversation = await conversationThroughput(BASE, shopperCookie, vendorCookie);
      console.log(
        "\nOne conversation's Durable Object over live sockets (round trip of one message from one socket; a burst from 5 sockets until every socket has every message):",
      );
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
    shopperCookie ??= await signIn("shopper@closetloop.test");
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
        results.rate.push({
          served: "as npm start",
          url,
          rate: 200,
          seconds: 60,
          ...(await openLoop(BASE + url, 200, 60)),
        });
      }
    }
  } finally {
    await stop();
  }
  if (flag("--rate")) {
    // The same rate against the Worker alone (its own socket, no front): what the Worker's isolate,
    // with the D1 simulator beside it on workerd's one thread, adds to the tail. /healthz is the floor.
    stop = await serve(30, true);
    try {
      for (const url of ["/healthz", "/all-products", "/all-products?search=wool%20coat"]) {
        await fetch(BASE + url);
        results.rate.push({
          served: "the Worker alone",
          url,
          rate: 200,
          seconds: 60,
          ...(await openLoop(BASE + url, 200, 60)),
        });
      }
    } finally {
      await stop();
    }
    console.log("\nFixed rate, 200 requests/s for 60 s (open loop), page cache on:");
    console.table(results.rate);
  }
}

// A part of the run is kept beside the whole run's figures, not over them.
const written = flag("--cached-only") ? "bench/results-cached.json" : "bench/results.json";
if (!flag("--cached-only")) await catalogStatements(STATE, results);
mkdirSync("bench", { recursive: true });
writeFileSync(written, JSON.stringify(results, null, 2));
console.log(`Wrote ${written}`);
process.exit(0);
