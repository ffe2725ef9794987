// Applies the SQL migrations to the local D1 (or to CLOSETLOOP_STATE's, for the browser tests,
// the jobs test and benchmarks), the way `wrangler d1 migrations apply DB --local` does: the same
// files of wrangler.toml's migrations_dir in name order, each with its row in `d1_migrations`, in
// the same SQLite file. Wrangler's command spent 16 s of a 2-core machine starting itself for the
// 44 files (issue 28, item 5: it ran before every browser-test run and every `npm run jobs`); this
// starts workerd with the one D1 binding and applies what is missing in about a second. Each
// migration runs as one batch (all of it or none), with wrangler's own SQL splitter.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { convertV4MiniflareOptions, Log, LogLevel, Miniflare } from "miniflare";
import { unstable_splitSqlQuery as splitSql } from "wrangler";
import { localState } from "./built-worker.mjs";

const DIR = "migrations"; // wrangler.toml [[d1_databases]] migrations_dir
const DATABASE_ID = "local-closetloop-db"; // wrangler.toml [[d1_databases]] database_id: names the local SQLite file
const TABLE = "d1_migrations"; // wrangler's default migrations table

const mf = new Miniflare(
  convertV4MiniflareOptions({
    log: new Log(LogLevel.WARN),
    ...localState(),
    workers: [{ name: "migrate", modules: true, script: "export default {}", d1Databases: { DB: DATABASE_ID } }],
  }),
);
try {
  const db = await mf.getD1Database("DB");
  await db.exec(
    `CREATE TABLE IF NOT EXISTS ${TABLE}(id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT UNIQUE, applied_at TIMESTAMP DEFAULT CURRENT_TIMESTAMP NOT NULL);`,
  );
  const applied = new Set((await db.prepare(`SELECT name FROM ${TABLE}`).all()).results.map((row) => row.name));
  const missing = readdirSync(DIR)
    .filter((file) => file.endsWith(".sql") && !applied.has(file))
    .sort();
  for (const name of missing) {
    const queries = splitSql(readFileSync(path.join(DIR, name), "utf8"));
    await db.batch([
      ...queries.map((sql) => db.prepare(sql)),
      db.prepare(`INSERT INTO ${TABLE} (name) VALUES (?)`).bind(name),
    ]);
    console.log(`applied ${name}`);
  }
  console.log(missing.length ? `${missing.length} migration(s) applied.` : "No migrations to apply.");
} finally {
  await mf.dispose();
}
