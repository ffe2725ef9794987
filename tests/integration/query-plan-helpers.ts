import { env } from "cloudflare:workers";
import { database } from "../../app/data/db.server";

// The query-plan checks' tools (tests/integration/query-plans.test.ts, dashboard-plans.test.ts).

const db = database(env.DB);

/** EXPLAIN QUERY PLAN lines of a drizzle query. */
export async function plan(query: { toSQL(): { sql: string; params: unknown[] } }) {
  const { sql, params } = query.toSQL();
  const { results } = await env.DB.prepare(`EXPLAIN QUERY PLAN ${sql}`)
    .bind(...params)
    .all<{ detail: string }>();
  return results.map((r) => r.detail);
}

/**
 * Runs a data function against a recording stand-in for D1 (every query answers "no rows"),
 * then explains each statement it prepared against the real local D1.
 */
export async function explainEverything(run: (d: typeof db) => Promise<unknown>) {
  const seen: { sql: string; params: unknown[] }[] = [];
  const empty = { results: [], success: true, meta: {} };
  const statement = (sql: string, params: unknown[] = []): any => {
    const record = () => seen.push({ sql, params });
    return {
      sql,
      params,
      bind: (...args: unknown[]) => statement(sql, args),
      all: async () => (record(), empty),
      raw: async () => (record(), []),
      first: async () => (record(), null),
      run: async () => (record(), empty),
    };
  };
  const recorder = {
    prepare: (sql: string) => statement(sql),
    batch: async (statements: { sql: string; params: unknown[] }[]) => {
      for (const st of statements) seen.push({ sql: st.sql, params: st.params });
      return statements.map(() => empty);
    },
    exec: async () => ({ count: 0, duration: 0 }),
  };
  await run(database(recorder as unknown as D1Database));
  const lines: string[] = [];
  for (const { sql, params } of seen) {
    const { results } = await env.DB.prepare(`EXPLAIN QUERY PLAN ${sql}`)
      .bind(...params)
      .all<{ detail: string }>();
    lines.push(...results.map((r) => r.detail));
  }
  return lines;
}
