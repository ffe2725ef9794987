// `npm run bench`: builds the Worker, seeds its own local state with a large catalog, serves the
// built Worker in workerd (Vite preview, not `wrangler dev`), and drives it from this separate
// process with autocannon over loopback. Bounded in time and request count; loopback only.
//   --products N      catalog size (default 10000; 100000 for the D1 timings of the issue)
//   --rate            also hold a fixed rate (200 requests/s for 60 s) on a listing page
//   --d1-only         only time the catalog queries (no HTTP load)
import { spawn, execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";

const args = process.argv.slice(2);
const flag = (name) => args.includes(name);
const value = (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);
const products = Number(value("--products", "10000"));
const PORT = 4321;
const BASE = `http://localhost:${PORT}`;
const STATE = path.resolve(".wrangler/bench", String(products));
const env = { ...process.env, CLOSETLOOP_STATE: STATE, CLOUDFLARE_CF_FETCH_ENABLED: "false", CI: "true" };
const npm = (script, extra = []) => execFileSync("npm", ["run", "-s", script, ...(extra.length ? ["--", ...extra] : [])], { stdio: "inherit", env });

mkdirSync(STATE, { recursive: true });
console.log(`\n== Preparing a ${products}-product catalog in ${path.relative(process.cwd(), STATE)}`);
npm("db:migrate");
npm("db:seed", ["--products", String(products)]);

const results = { machine: { cpus: os.cpus().length, model: os.cpus()[0]?.model, memoryGiB: Math.round(os.totalmem() / 2 ** 30), node: process.version }, products, at: new Date().toISOString(), http: [], rate: null, d1: [] };

if (!flag("--d1-only")) {
  npm("build");
  const server = spawn(process.execPath, ["scripts/serve.mjs", "--port", String(PORT)], { env, stdio: ["ignore", "ignore", "inherit"] });
  const stop = () => server.kill("SIGTERM");
  process.on("exit", stop);
  try {
    for (let i = 0; i < 60; i++) {
      try {
        if ((await fetch(`${BASE}/healthz`)).ok) break;
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 500));
    }
    const productId = "prod_000002";
    const targets = [
      ["static asset", "/favicon.svg"],
      ["/healthz", "/healthz"],
      ["home", "/"],
      ["all products", "/all-products"],
      ["filtered listing", "/all-products?category=Coats&type=Women&sort=price_asc"],
      ["search", "/all-products?search=wool%20coat"],
      ["product page", `/product/${productId}`],
      ["brand page", "/brand/Ganni"],
    ];
    const run = (url, opts = {}) =>
      new Promise((resolve, reject) =>
        autocannon({ url: BASE + url, connections: 10, duration: 8, timeout: 10, ...opts }, (err, res) => (err ? reject(err) : resolve(res))),
      );
    // Warm every page once (first requests compile and fill KV caches).
    for (const [, url] of targets) await fetch(BASE + url);
    let floor = null;
    for (const [name, url] of targets) {
      const r = await run(url);
      const row = {
        name,
        url,
        requestsPerSecond: Math.round(r.requests.average),
        p50: r.latency.p50,
        p95: r.latency.p97_5 ?? r.latency.p95,
        p99: r.latency.p99,
        errors: r.errors + r.non2xx,
      };
      if (name === "static asset") floor = row.p50 || 1;
      row.p50VsStatic = Number(((row.p50 || 1) / floor).toFixed(2));
      results.http.push(row);
    }
    console.table(results.http);
    if (flag("--rate")) {
      const r = await run("/all-products", { overallRate: 200, duration: 60, connections: 20 });
      results.rate = { url: "/all-products", rate: 200, seconds: 60, p50: r.latency.p50, p99: r.latency.p99, errors: r.errors + r.non2xx + r.timeouts, requests: r.requests.total };
      console.log("Fixed rate:", results.rate);
    }
  } finally {
    stop();
  }
}

// D1 timings: each catalog query on this catalog, run inside the local D1 (meta.duration is the
// time SQLite spent on the statement), median of 15 runs.
const { getPlatformProxy } = await import("wrangler");
const { env: bindings, dispose } = await getPlatformProxy({ configPath: "wrangler.toml", persist: { path: `${STATE}/v3` } });
const live = "product_status = 'live' AND availability <> 'sold'";
const card = "id, name, brand, price, rental_price, images, availability";
const queries = [
  ["newest, first page", `SELECT ${card} FROM products WHERE ${live} ORDER BY created_at DESC, id DESC LIMIT 25`],
  ["count of live products", `SELECT count(*) FROM products WHERE ${live}`],
  ["filter category + type, by price", `SELECT ${card} FROM products WHERE ${live} AND category IN ('Coats') AND product_type IN ('Women') ORDER BY coalesce(rental_price, price), id LIMIT 25`],
  ["filter brand + price range", `SELECT ${card} FROM products WHERE ${live} AND brand IN ('Ganni','Reiss') AND rental_price BETWEEN 1000 AND 5000 ORDER BY created_at DESC, id DESC LIMIT 25`],
  ["page 50 by keyset (newest)", null],
  ["FTS search 'wool coat'", `SELECT ${card.split(", ").map((c) => `products.${c}`).join(", ")} FROM products JOIN products_fts ON products_fts.rowid = products.rowid WHERE products.${live.replace("AND availability", "AND products.availability")} AND products_fts MATCH '"wool"* "coat"*' ORDER BY bm25(products_fts, 10.0, 6.0, 1.0, 4.0, 3.0, 3.0), products.id LIMIT 25`],
  ["FTS count 'wool coat'", `SELECT count(*) FROM products JOIN products_fts ON products_fts.rowid = products.rowid WHERE products.product_status = 'live' AND products_fts MATCH '"wool"* "coat"*'`],
];
// Page 50: find the cursor 49 pages in, then time the keyset query from there.
const cursorRow = await bindings.DB.prepare(`SELECT created_at, id FROM products WHERE ${live} ORDER BY created_at DESC, id DESC LIMIT 1 OFFSET ${49 * 24 - 1}`).first();
queries[4][1] = `SELECT ${card} FROM products WHERE ${live} AND (created_at, id) < (${cursorRow?.created_at ?? 0}, '${cursorRow?.id ?? ""}') ORDER BY created_at DESC, id DESC LIMIT 25`;
for (const [name, sql] of queries) {
  const durations = [];
  for (let i = 0; i < 15; i++) durations.push((await bindings.DB.prepare(sql).all()).meta.duration);
  durations.sort((a, b) => a - b);
  results.d1.push({ name, medianMs: Number(durations[7].toFixed(2)), maxMs: Number(durations[14].toFixed(2)) });
}
await dispose();
console.table(results.d1);

mkdirSync("bench", { recursive: true });
writeFileSync("bench/results.json", JSON.stringify(results, null, 2));
console.log("Wrote bench/results.json");
process.exit(0);
