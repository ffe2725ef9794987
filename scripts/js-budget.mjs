// JavaScript budget (issue: quality gates). Reads React Router's client manifest from the build
// and sums the gzip size of every script a route loads on a first visit: the client entry, the
// route manifest as the page carries it, and each module (with its static imports) from root
// down to the route. With lazy route discovery (React Router's default) a page inlines only the
// manifest entries of its own routes and never loads the full manifest file, so that is what is
// counted: a new route elsewhere in the app costs a shopping page nothing.
// A route whose module loads its tabs' components lazily (decision 0127) counts its heaviest tab
// (the page preloads the shown tab's chunk with the route's own, so it is first-load JavaScript).
// Fails when a shopper's page exceeds 115 kB, the goal (decisions 0096, 0108, 0128, 0130, 0133, 0147, 0148 and 0149), or
// a dashboard page (seller, store, account, admin, development) exceeds 140 kB, the goal
// (decision 0127). Then it checks the Worker as Cloudflare would take it (scripts/worker-size.mjs): its
// compressed size against the platform's limit, and its startup.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { checkWorker } from "./worker-size.mjs";
import { lazyImportsOf, staticClosure } from "./chunks.mjs";

const CLIENT = path.resolve("build/client");
// 130 until the cookie bar, the newsletter form and the currency picker hydrated after the page
// (decision 0128), 129 until the lines a loader can write were written there (decision 0130), 126
// until the browser's router left React Router's instrumentation out (decision 0133): the heaviest
// shopper page is now the product page, 124.9 kB (with decision 0134's focus by the router's answer; 124.97 until decision 0142 moved the currency names out of the framework chunk).
// 125 until the browser's React Router left out view transitions, blockers and RSC paths (decision
// 0147), 123 until it left out client middleware, client data functions, link prefetching and
// NavLink (decision 0148): the heaviest shopper pages are now /{slug}, the product page and the
// cart, 120.4–120.5 kB. 121 until the browser's React DOM left out view transitions, fragment refs
// and action state (decision 0149): the heaviest shopper pages are now /{slug}, the product page
// and the cart, 113.7–113.8 kB.
const SHOPPER_LIMIT = 115;
// 154 until the dashboards' tabs loaded with their tab (decision 0127): the heaviest page of any
// dashboard is now the seller's Orders tab, 139.5 kB.
const DASHBOARD_LIMIT = 140;
const DASHBOARD = /^routes\/(vendor|store\/(index|product-edit|bundle-discounts|parts)|account|admin|areas|dev)\b/;
const KB = 1000;

const manifestFile = readdirSync(path.join(CLIENT, "assets")).find((f) => /^manifest-.*\.js$/.test(f));
if (!manifestFile) {
  console.error("No client manifest found: run `npm run build` first.");
  process.exit(1);
}
const manifestSource = readFileSync(path.join(CLIENT, "assets", manifestFile), "utf8");
const manifest = JSON.parse(manifestSource.replace(/^window\.__reactRouterManifest=/, "").replace(/;\s*$/, ""));

const sizes = new Map();
const gz = (file) => {
  if (!sizes.has(file)) sizes.set(file, gzipSync(readFileSync(path.join(CLIENT, file))).length);
  return sizes.get(file);
};

const source = (file) => readFileSync(path.join(CLIENT, file), "utf8");

function chain(routeId) {
  const ids = [];
  for (let id = routeId; id; id = manifest.routes[id]?.parentId) ids.unshift(id);
  return ids;
}

const rows = [];
let failed = false;
for (const [id, route] of Object.entries(manifest.routes)) {
  if (!route.hasDefaultExport) continue;
  const files = new Set([manifest.entry.module, ...manifest.entry.imports]);
  for (const routeId of chain(id)) {
    const r = manifest.routes[routeId];
    files.add(r.module);
    for (const file of r.imports ?? []) files.add(file);
  }
  const inline = JSON.stringify({
    entry: manifest.entry,
    routes: Object.fromEntries(chain(id).map((r) => [r, manifest.routes[r]])),
    url: manifest.url,
    version: manifest.version,
  });
  // A tab's components imported lazily by the route's own module (decision 0127) load on the
  // first visit of that tab: the heaviest tab counts. Lazy imports elsewhere (the header's basket
  // drawer and search suggestions) load when someone opens them, not on a first visit.
  const tabs = lazyImportsOf(source(manifest.routes[id].module)).map((file) =>
    [...staticClosure(file, source)].filter((f) => !files.has(f)).reduce((sum, f) => sum + gz(f), 0),
  );
  const bytes = [...files].reduce((sum, file) => sum + gz(file), 0) + gzipSync(inline).length + Math.max(0, ...tabs);
  const limit = DASHBOARD.test(id) ? DASHBOARD_LIMIT : SHOPPER_LIMIT;
  const over = bytes > limit * KB;
  failed ||= over;
  rows.push({
    route: id,
    path: route.path ?? (route.index ? "(index)" : ""),
    kB: (bytes / KB).toFixed(1),
    limit,
    result: over ? "OVER" : "ok",
  });
}

rows.sort((a, b) => Number(b.kB) - Number(a.kB));
console.log("First-load JavaScript per route (gzip, kB = 1000 bytes)");
console.table(rows);
if (failed) console.error("JavaScript budget exceeded.");

const worker = checkWorker();
console.log(
  `\nWorker (wrangler deploy --dry-run): ${worker.uploadKiB.toFixed(0)} KiB, ${worker.gzipKiB.toFixed(0)} KiB compressed (budget ${worker.budgetKiB} KiB; Cloudflare's limit ${worker.limitKiB} KiB); ` +
    `startup ${worker.startupMs.toFixed(0)} ms of the Worker's own CPU on this machine (budget ${worker.startupBudgetMs} ms; wrangler's "Active", with the profiler's first gap, ${worker.activeMs.toFixed(0)} ms; Cloudflare allows ${worker.startupLimitMs} ms)`,
);
for (const problem of worker.problems) console.error(problem);
if (failed || worker.problems.length) process.exit(1);
