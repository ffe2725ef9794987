import { applyD1Migrations } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { forgetPagesVersion } from "../../app/services/freshness.server";
import { forgetAggregates } from "../../app/data/cache.server";
import { forgetPages } from "../../app/services/page-cache.server";
import { loadAllNow } from "../../app/services/per-isolate";

// Every test file starts from the state right after the migrations: an empty D1 (but for the rows
// the migrations write), an empty KV and R2. Files share a workerd process one after another
// (vitest.workers.config.ts, `isolate: false`: a process per file cost ~3 s of a 2-core machine
// each, issue 28 item 5), and their modules: a helper's records for one file are made per file
// (per-file.ts). So the first file of a process applies the migrations and keeps a copy
// of the rows they wrote (`d1_fresh_<table>`); each later file empties every table and puts those
// rows back, in one transaction, and empties the KV namespaces and the bucket. The Worker's modules
// are shared too, as an isolate's are between requests: what they hold in memory about the state
// (the pages cached in the isolate, the pages' version last read) is forgotten with it.

type SqlObject = { type: string; name: string; sql: string | null };
const FRESH = "d1_fresh_"; // beside d1_migrations: what lists the app's tables leaves d1_* out

const objects = (await env.DB.prepare("SELECT type, name, sql FROM sqlite_master").all<SqlObject>()).results;
const migrated = objects.some((o) => o.name === "d1_migrations");

/** The tables that hold rows: not SQLite's or D1's own, not the migrations' record, not a virtual table's shadow tables, not a copy. */
function dataTables(all: SqlObject[]) {
  const virtual = all.filter((o) => o.type === "table" && o.sql?.startsWith("CREATE VIRTUAL"));
  const shadow = (name: string) =>
    virtual.some((v) => new RegExp(`^${v.name}_(data|idx|content|docsize|config)$`).test(name));
  const plain = all.filter(
    (o) =>
      o.type === "table" &&
      !o.sql?.startsWith("CREATE VIRTUAL") &&
      !/^(sqlite_|_cf_|d1_migrations$)/.test(o.name) &&
      !o.name.startsWith(FRESH) &&
      !shadow(o.name),
  );
  // FTS5 indexes are emptied with their own command; fts5vocab tables are views of them.
  const fts = virtual.filter((v) => /USING fts5\s*\(/i.test(v.sql ?? "")).map((v) => v.name);
  return { plain: plain.map((o) => o.name), fts };
}

if (!migrated) {
  await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
  const after = (await env.DB.prepare("SELECT type, name, sql FROM sqlite_master").all<SqlObject>()).results;
  const { plain } = dataTables(after);
  const counts = await env.DB.batch(plain.map((t) => env.DB.prepare(`SELECT count(*) AS n FROM "${t}"`)));
  const withRows = plain.filter((_, i) => (counts[i]!.results[0] as { n: number }).n > 0);
  await env.DB.batch([
    ...withRows.map((t) => env.DB.prepare(`CREATE TABLE "${FRESH}${t}" AS SELECT * FROM "${t}"`)),
    env.DB.prepare(
      `CREATE TABLE "${FRESH}sqlite_sequence" AS SELECT * FROM sqlite_sequence WHERE name != 'd1_migrations'`,
    ),
  ]);
} else {
  const { plain, fts } = dataTables(objects);
  const copies = objects
    .filter((o) => o.type === "table" && o.name.startsWith(FRESH))
    .map((o) => o.name.slice(FRESH.length));
  await env.DB.batch([
    env.DB.prepare("PRAGMA defer_foreign_keys = on"),
    ...plain.map((t) => env.DB.prepare(`DELETE FROM "${t}"`)),
    ...fts.map((t) => env.DB.prepare(`INSERT INTO "${t}"("${t}") VALUES ('delete-all')`)),
    env.DB.prepare("DELETE FROM sqlite_sequence WHERE name != 'd1_migrations'"),
    ...copies.map((t) => env.DB.prepare(`INSERT INTO "${t}" SELECT * FROM "${FRESH}${t}"`)),
  ]);
  const empty = async (kv: KVNamespace) => {
    for (let cursor: string | undefined, done = false; !done;) {
      const page = await kv.list({ cursor });
      await Promise.all(page.keys.map((key) => kv.delete(key.name)));
      done = page.list_complete;
      cursor = page.list_complete ? undefined : page.cursor;
    }
  };
  await Promise.all([empty(env.SESSIONS), empty(env.CACHE)]);
  forgetPages();
  forgetPagesVersion();
  forgetAggregates();
  for (let more = true; more;) {
    const page = await env.IMAGES.list({ limit: 1000 });
    if (page.objects.length) await env.IMAGES.delete(page.objects.map((o) => o.key));
    more = page.truncated;
  }
}

// What the Worker loads on first use is loaded before the file's first request, so no request
// waits on another's import (app/services/per-isolate.ts, decision 0097). Importing the Worker
// registers its modules; the second file of a process finds them loaded.
await import("../../workers/app");
await loadAllNow();
