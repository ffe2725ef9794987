// Each dashboard tab's statements alone, inside a bench state's local D1 (issue 47 item 3; decision
// 0107): `node bench/dashboard-statements.mjs [products]` (default 100000; the state seeded by
// `npm run bench -- --products N`). The statements are the app's own (the seller's and the store's
// dashboard batch with the page's parts), recorded from a stand-in D1, then each run 5 times in the
// real one: its median meta.duration (SQLite's own time) and its plan's scans, slowest first.
import path from "node:path";
import { localBindings } from "../scripts/built-worker.mjs";
import { median } from "./stats.mjs";

const products = Number(process.argv[2] ?? "100000");
const STATE = path.resolve(".wrangler/bench", String(products));
const { runnerImport } = await import("vite");
const load = async (file) => (await runnerImport(file, { configFile: false })).module;
const { database } = await load("./app/data/db.server.ts");
const { sellerDashboard } = await load("./app/data/seller.server.ts");
const { storeDashboard } = await load("./app/data/store-dashboard.server.ts");
const { viewsPart } = await load("./app/data/views.server.ts");
const { payeeOwesPart } = await load("./app/data/payouts.server.ts");
const { payeeAccountPart } = await load("./app/data/payout-transfers.server.ts");
const { returnAddressPart } = await load("./app/data/seller-requests.server.ts");

/** The statements a data function sends, from a stand-in D1 whose every answer is "no rows". */
async function recorded(run) {
  const seen = [];
  const empty = { results: [], success: true, meta: {} };
  const statement = (sql, params = []) => ({
    sql,
    params,
    bind: (...args) => statement(sql, args),
    all: async () => (seen.push({ sql, params }), empty),
    raw: async () => (seen.push({ sql, params }), []),
    first: async () => (seen.push({ sql, params }), null),
    run: async () => (seen.push({ sql, params }), empty),
  });
  const recorder = {
    prepare: (sql) => statement(sql),
    batch: async (statements) => (seen.push(...statements), statements.map(() => empty)),
  };
  await run(database(recorder));
  return seen;
}

const { env, dispose } = await localBindings(STATE);
const now = Date.now();
const vendor = { type: "owner", id: "user_vendor" };
const store = { type: "store", id: "store_kensington" };
const tabs = [
  ...["products", "notifications", "orders", "upload"].map((tab) => [
    `seller ${tab}`,
    (db) =>
      sellerDashboard(db, { ownerId: vendor.id, tab, pageNumber: 1, now }, [
        viewsPart(db, vendor, now),
        payeeOwesPart(db, vendor),
        payeeAccountPart(db, vendor),
        returnAddressPart(db, vendor.id),
      ]),
  ]),
  ...["overview", "requests", "products", "orders", "settings"].map((tab) => [
    `store ${tab}`,
    (db) =>
      storeDashboard(db, { storeId: store.id, tab, pageNumber: 1, now }, [
        viewsPart(db, store, now),
        payeeOwesPart(db, store),
        payeeAccountPart(db, store),
      ]),
  ]),
];
const rows = [];
for (const [name, run] of tabs) {
  let total = 0;
  for (const { sql, params } of await recorded(run)) {
    const times = [];
    for (let i = 0; i < 5; i++)
      times.push(
        (
          await env.DB.prepare(sql)
            .bind(...params)
            .all()
        ).meta.duration,
      );
    const plan = (
      await env.DB.prepare(`EXPLAIN QUERY PLAN ${sql}`)
        .bind(...params)
        .all()
    ).results.map((r) => r.detail);
    const ms = median(times);
    total += ms;
    rows.push({ tab: name, ms, scans: plan.filter((d) => /^SCAN /.test(d)).join("; "), sql: sql.slice(0, 140) });
    if (process.env.FULL && ms >= 2)
      console.log(`\n${name} ${ms} ms\n${sql}\n${JSON.stringify(params)}\n${plan.join("\n")}`);
  }
  rows.push({ tab: name, ms: Number(total.toFixed(2)), scans: "(the tab's statements together)", sql: "" });
}
await dispose();
console.table(rows.filter((r) => r.ms >= 0.5 || r.sql === ""));
