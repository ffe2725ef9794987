// `npm run db:seed`: the demo catalog and one account per actor, in the local D1 and R2 that
// `npm start`, `npm run dev` and the browser tests use. Idempotent: fixed ids and
// ON CONFLICT clauses, so running it twice changes nothing.
//   --products N   a catalog of N products (e.g. 100000 for benchmarks; images come from a shared pool)
//   --reset        remove products beyond the demo catalog (undoes a large --products run)
//   --no-image-variants   skip the WebP variants (most of the seed's time; for tests that show no page, scripts/jobs.test.mjs)
//   --orders N     also a year of N orders with their money (benchmark states only: bench/run.mjs; decision 0107)
//   --orders-only  only that year of orders, in a state seeded before (its catalog is there already)
//   --fixtures DIR   also run the flows in DIR after the demo's (the browser tests' own records,
//                    tests/e2e/seed, into their own state: never part of the demo shop)
import { pbkdf2Sync, randomBytes } from "node:crypto";
import { LOCAL_PEPPER } from "../db/demo/data.mjs";
import { DEFAULT_PRODUCTS, pad, q, seedDemo } from "../db/demo/seed.mjs";
import { localBindings } from "./built-worker.mjs";
import { backfillVariants } from "./image-variants-backfill.mjs";
import { batchResentOnDroppedSocket } from "./dropped-socket.mjs";
import { seedYearOfOrders } from "./seed-orders.mjs";

const args = process.argv.slice(2);
const productsArg = args.indexOf("--products");
const total = productsArg >= 0 ? Number(args[productsArg + 1]) : DEFAULT_PRODUCTS;
const reset = args.includes("--reset");
const imageVariants = !args.includes("--no-image-variants");
const ordersArg = args.indexOf("--orders");
const orderCount = ordersArg >= 0 ? Number(args[ordersArg + 1]) : 0;
const ordersOnly = args.includes("--orders-only");
if (!Number.isInteger(orderCount) || orderCount < 0 || orderCount > 200_000) {
  console.error("--orders takes a whole number between 0 and 200000");
  process.exit(1);
}
const fixturesArg = args.indexOf("--fixtures");
const fixturesDir = fixturesArg >= 0 ? args[fixturesArg + 1] : null;
if (!Number.isInteger(total) || total < 1 || total > 1_000_000) {
  console.error("--products takes a whole number between 1 and 1000000");
  process.exit(1);
}

const started = Date.now();
const now = Date.now();
// CLOSETLOOP_STATE selects another local state than .wrangler/state (scripts/built-worker.mjs).
const { env, dispose } = await localBindings();
// A batch whose kept-alive connection workerd closed under it is sent again (scripts/dropped-socket.mjs).
const db = batchResentOnDroppedSocket(env.DB);

const tables = await db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'products'").all();
if (tables.results.length === 0) {
  console.error("The local database has no tables yet: run `npm run db:migrate` first.");
  await dispose();
  process.exit(1);
}

if (ordersOnly) {
  const written = await seedYearOfOrders({ db, now, count: orderCount, pad, q });
  await dispose();
  console.log(`A year of orders seeded in ${((Date.now() - started) / 1000).toFixed(1)} s:`, written);
  process.exit(0);
}

async function putImage(key, bytes) {
  const existing = await env.IMAGES.head(key);
  if (!existing) await env.IMAGES.put(key, bytes, { httpMetadata: { contentType: "image/png" } });
  return `/images/${key}`;
}

if (reset) {
  await db.batch([
    db.prepare("DELETE FROM order_items WHERE product_id > ? AND product_id LIKE 'prod_%'").bind(pad(DEFAULT_PRODUCTS)),
    db.prepare("DELETE FROM products WHERE id > ? AND id LIKE 'prod_%'").bind(pad(DEFAULT_PRODUCTS)),
  ]);
  console.log(`Removed products beyond the demo catalog of ${DEFAULT_PRODUCTS}.`);
}

// Accounts' passwords hashed as the app does (PBKDF2-SHA256, 100,000 iterations, per-user salt,
// the local pepper).
const hash = (password) => {
  const salt = randomBytes(16);
  return {
    hash: pbkdf2Sync(password + LOCAL_PEPPER, salt, 100_000, 32, "sha256").toString("base64"),
    salt: salt.toString("base64"),
  };
};
const { readdirSync, existsSync } = await import("node:fs");
const { pathToFileURL } = await import("node:url");
const flowDirs = [
  new URL("../db/demo/flows/", import.meta.url),
  ...(fixturesDir ? [pathToFileURL(`${fixturesDir.replace(/\/+$/, "")}/`)] : []),
];
const flows = [];
for (const dir of flowDirs) {
  if (!existsSync(dir)) continue;
  for (const file of readdirSync(dir)
    .filter((f) => f.endsWith(".mjs"))
    .sort())
    flows.push(await import(new URL(file, dir).href));
}
await seedDemo({ db, env, now, hash, putImage, flows, total });
const orders = orderCount > 0 ? await seedYearOfOrders({ db, now, count: orderCount, pad, q }) : "none (--orders N)";

// Product images get their WebP variants here, with the Worker's own pipeline, so the first page
// view already loads them (docs/decisions/0019-image-variants.md).
const variants = imageVariants ? await backfillVariants(env.IMAGES, "products/") : "skipped (--no-image-variants)";

const counts = {};
for (const table of ["users", "categories", "brands", "stores", "products", "reviews", "blog_posts", "site_content"]) {
  counts[table] = (await db.prepare(`SELECT count(*) AS n FROM ${table}`).first()).n;
}
const live = (await db.prepare("SELECT count(*) AS n FROM products WHERE product_status = 'live'").first()).n;
// A fresh start for the local rate limits: locally every visitor is the same address ("local"),
// so repeated browser-test runs within the hour would otherwise hit the sign-up and store
// request limits meant for one person (app/services/rate-limit.server.ts).
let cleared = 0;
for (let cursor; ;) {
  const page = await env.CACHE.list({ prefix: "rl:", cursor });
  await Promise.all(page.keys.map((key) => env.CACHE.delete(key.name)));
  cleared += page.keys.length;
  if (page.list_complete) break;
  cursor = page.cursor;
}
await dispose();
console.log(`Seeded in ${((Date.now() - started) / 1000).toFixed(1)} s:`, {
  ...counts,
  liveProducts: live,
  rateLimitCountersCleared: cleared,
  imageVariants: variants,
  yearOfOrders: orders,
});
