// Drizzle binds a query's row limit as a value (`limit ?`). SQLite's planner reads the value of a
// bound LIMIT to plan the statement, and so marks the statement to be prepared again whenever that
// value is bound anew: every use of a statement with `limit ?` compiles it again, though its plan
// and its rows are the same. On the product page ('You may also like', two bound limits) that was
// 0.35 ms of SQL against 0.09 with the limits written in (node:sqlite on the bench's database), and
// in workerd 12% of the page's CPU. A limit that is a whole number is now written into the
// statement's text; a placeholder's is bound as before. The SQL the app writes itself uses
// `limitOf` (app/data/db.server.ts) for the same reason. Decision 0145.
import { libraryPatch } from "./library-patch.mjs";

export const ORIGINAL_LIMIT = `  buildLimit(limit) {
    return typeof limit === "object" || typeof limit === "number" && limit >= 0 ? sql\` limit \${limit}\` : void 0;
  }`;

export const WRITTEN_LIMIT = `  buildLimit(limit) {
    if (typeof limit === "number" && Number.isSafeInteger(limit) && limit >= 0) return sql.raw(\` limit \${limit}\`);
    return typeof limit === "object" || typeof limit === "number" && limit >= 0 ? sql\` limit \${limit}\` : void 0;
  }`;

/** A set operation's limit (a union's), built as a select's is. */
export const ORIGINAL_SET_LIMIT = `const limitSql = typeof limit === "object" || typeof limit === "number" && limit >= 0 ? sql\` limit \${limit}\` : void 0;`;

/** Drizzle's SQLite dialect writing whole-number limits into the statement (the Worker's build). */
export const drizzleLimitWritten = () =>
  libraryPatch({
    name: "drizzle-limit-written",
    library: "drizzle-orm",
    decision: "0145",
    file: /drizzle-orm[\\/]sqlite-core[\\/]dialect\.js$/,
    environments: ["ssr"],
    replacements: [
      [ORIGINAL_LIMIT, WRITTEN_LIMIT],
      [ORIGINAL_SET_LIMIT, "const limitSql = this.buildLimit(limit);"],
    ],
  });
