import { drizzle } from "drizzle-orm/d1";
import { describe, expect, it } from "vitest";
import { users } from "../../db/schema";
import { newestFirst, onePage } from "./paging.server";

// The SQL every paged list sends (drizzle builds it without a database).
describe("one page of a list", () => {
  const db = drizzle({} as D1Database);

  it("asks for page 3 of 20 newest first: one row more than a page, after the first two pages", () => {
    const query = db
      .select({ id: users.id })
      .from(users)
      .orderBy(...newestFirst(users))
      .$dynamic();
    const { sql, params } = onePage(query, 3, 20).toSQL();
    expect(sql).toMatch(/order by "users"\."created_at" desc, "users"\."id" desc limit \? offset \?$/);
    expect(params).toEqual([21, 40]);
  });

  it("starts the first page at the first row", () => {
    const { sql, params } = onePage(db.select({ id: users.id }).from(users).$dynamic(), 1, 50).toSQL();
    expect(sql).toMatch(/limit \?$/);
    expect(params).toEqual([51]);
  });
});
