// The pieces every personal-data fixture file shares: the subject, the shape of a fixture, and a
// prepared statement on the test database.

import { env } from "cloudflare:workers";
import type { Browser } from "./http";

export const bindAll = (sql: string, ...binds: unknown[]) => env.DB.prepare(sql).bind(...binds);

export interface Subject {
  id: string;
  email: string;
  browser: Browser;
  other: { id: string; email: string };
  storeOfOther: string;
}

/** One table column's fixture: the rows to insert for the subject, and the marker the export must show. */
export type Fixture = (s: Subject, now: number) => { statements: D1PreparedStatement[]; marker: string };
