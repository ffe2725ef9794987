// `npm run lighthouse`: Lighthouse (the npm package) in Debian's Chromium against the built app
// with the seeded demo data, for home, /all-products and a product page, with Lighthouse's
// default mobile settings (emulated phone, simulated slow 4G and CPU). Prints the four category
// scores and writes every figure to bench/lighthouse.json. Not part of CI: timings are noisy.
import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { ready, startServer } from "./server-process.mjs";

const PORT = 4180;
const BASE = `http://localhost:${PORT}`;
const CHROMIUM = "/usr/bin/chromium";
const pages = [
  ["home", "/"],
  ["all products", "/all-products"],
  ["product page", "/product/prod_000002"],
];
const run = (cmd, args) => execFileSync(cmd, args, { stdio: "inherit", env: { ...process.env, CI: "true" } });

run(process.execPath, ["scripts/ensure-chromium.mjs"]);
run("npm", ["run", "-s", "db:migrate"]);
run("npm", ["run", "-s", "db:seed"]);
run("npm", ["run", "-s", "build"]);

const stop = await startServer(PORT);

const results = {
  at: new Date().toISOString(),
  settings: "Lighthouse default (mobile: emulated Moto G Power, simulated slow 4G, 4x CPU slowdown)",
  pages: [],
};
for (const [name, url] of pages) {
  // Warm the Worker, the page and its images and scripts first: the audit measures a running
  // site, not the first request after a build (a cold first run cost home 0.7 s of LCP).
  await ready(BASE + url);
  const html = await (await fetch(BASE + url)).text();
  const assets = [...html.matchAll(/(?:src|href)="(\/(?:images|assets)\/[^"]+)"/g)].map((m) => m[1]);
  for (const asset of new Set(assets)) await (await fetch(BASE + asset)).arrayBuffer();
  const out = execFileSync(
    path.resolve("node_modules/.bin/lighthouse"),
    [
      BASE + url,
      "--quiet",
      "--output=json",
      "--output-path=stdout",
      `--chrome-path=${CHROMIUM}`,
      "--chrome-flags=--headless=new --no-sandbox --disable-gpu --disable-dev-shm-usage",
      "--only-categories=performance,accessibility,best-practices,seo",
    ],
    { maxBuffer: 64 * 1024 * 1024, env: { ...process.env, CHROME_PATH: CHROMIUM } },
  );
  const report = JSON.parse(out.toString());
  mkdirSync("bench", { recursive: true });
  writeFileSync(`bench/lighthouse-${name.replace(/\W+/g, "-")}.json`, out);
  const score = (id) => Math.round((report.categories[id]?.score ?? 0) * 100);
  const audit = (id) => report.audits[id]?.displayValue ?? null;
  const failing = Object.values(report.categories)
    .filter((c) => c.id !== "performance")
    .flatMap((c) =>
      c.auditRefs
        .filter((r) => r.weight > 0 && report.audits[r.id]?.score !== null && report.audits[r.id]?.score < 1)
        .map((r) => `${c.id}: ${r.id}`),
    );
  results.pages.push({
    name,
    url,
    performance: score("performance"),
    accessibility: score("accessibility"),
    bestPractices: score("best-practices"),
    seo: score("seo"),
    firstContentfulPaint: audit("first-contentful-paint"),
    largestContentfulPaint: audit("largest-contentful-paint"),
    totalBlockingTime: audit("total-blocking-time"),
    cumulativeLayoutShift: audit("cumulative-layout-shift"),
    failing,
  });
}
await stop();

console.table(results.pages.map(({ failing: _f, ...row }) => row));
for (const page of results.pages)
  if (page.failing.length) console.log(`${page.name}: below 100 because of ${page.failing.join(", ")}`);
mkdirSync("bench", { recursive: true });
writeFileSync("bench/lighthouse.json", JSON.stringify(results, null, 2));
console.log("Wrote bench/lighthouse.json");
process.exit(0);
