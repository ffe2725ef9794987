import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { SQLiteSyncDialect } from "drizzle-orm/sqlite-core";
import { describe, expect, it } from "vitest";
import { limitOf, writtenLimit } from "./db.server";
import { RELATED_PRODUCTS, SIMILAR_KEPT, similarItemsQuery, similarListsRefresh } from "./product.server";

// Row limits written into the statement's text (decision 0145): SQLite compiles a statement whose
// LIMIT is bound again at every use. Drizzle's own `.limit(n)` is patched in the Worker's build
// (scripts/vite/library-patches.test.mjs); these are the statements the app writes itself.
const dialect = new SQLiteSyncDialect();

describe("a row limit written into the statement", () => {
  it("is the whole number in the text, with no value bound", () => {
    expect(dialect.sqlToQuery(sql`select 1 limit ${limitOf(26)}`)).toEqual({ sql: "select 1 limit 26", params: [] });
    expect(dialect.sqlToQuery(sql`select 1 limit ${limitOf(0)}`).sql).toBe("select 1 limit 0");
  });

  it("refuses anything but a whole number of rows", () => {
    for (const rows of [-1, 2.5, Number.NaN, Infinity, 2 ** 60]) {
      expect(() => limitOf(rows)).toThrow(RangeError);
      expect(() => writtenLimit(rows)).toThrow(RangeError);
    }
    expect(writtenLimit(100)).toBe("100");
  });

  it("is how 'You may also like' and its five-minute refresh limit their pools", () => {
    const page = similarItemsQuery(drizzle({} as D1Database), "prod_1").toSQL();
    // Its newest listings overall; the outer `.limit` is drizzle's own (written in the Worker's build).
    expect(page.sql).toContain(`order by created_at desc limit ${RELATED_PRODUCTS})`);
    expect(page.sql.replace(/ limit \?$/, "")).not.toMatch(/limit \?/i);
    const refresh = dialect.sqlToQuery(similarListsRefresh(1, 250));
    expect(refresh.sql).toContain(`limit ${SIMILAR_KEPT}`);
    expect(refresh.sql).not.toMatch(/limit \?/i);
  });
});
