import { env } from "cloudflare:workers";
import { eq, sql, type SQL } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { users } from "../../db/schema";
import { listingPart } from "../../app/data/catalog.server";
import { database } from "../../app/data/db.server";
import { batchParts, rowsPart } from "../../app/data/parts.server";
import { rememberedPart, sqlPart } from "../../app/data/prepared.server";
import { listingWithSizesPart, sizeCountsQuery } from "../../app/data/size-counts.server";
import { EMPTY_FILTERS, FIRST_PAGE } from "../../app/domain/catalog";
import { createProduct, createUser } from "./factories";
import { queryOf } from "./statement-text";

// Parts remembered by their inputs (app/data/prepared.server.ts; decision 0138).

const tag = `rem${Date.now().toString(36)}`;

describe("a part remembered by its inputs (decision 0138)", () => {
  it("builds once for the same inputs, binds them to each request's D1, and forgets the least recently asked first", async () => {
    const built: string[] = [];
    const echo = rememberedPart((db, value: string) => {
      built.push(value);
      return sqlPart<{ v: string }>(db, "select ? as v", [value]);
    }, 2);
    const read = async (value: string) =>
      (await batchParts(database(env.DB), [echo(database(env.DB), value)] as const))[0];
    expect(await read("a")).toEqual([{ v: "a" }]);
    expect(await read("b")).toEqual([{ v: "b" }]);
    expect(await read("a")).toEqual([{ v: "a" }]);
    expect(built).toEqual(["a", "b"]);
    // Two kept: 'c' pushes out 'b', asked for longer ago than 'a'.
    expect(await read("c")).toEqual([{ v: "c" }]);
    expect(await read("a")).toEqual([{ v: "a" }]);
    expect(await read("b")).toEqual([{ v: "b" }]);
    expect(built).toEqual(["a", "b", "c", "b"]);
  });

  it("builds every time for inputs JSON does not say whole: a subquery is not its JSON", async () => {
    let builds = 0;
    const owned = rememberedPart((db, scope: { ownerId: string | SQL }) => {
      builds++;
      return rowsPart(db.select({ id: users.id }).from(users).where(eq(users.id, scope.ownerId)));
    });
    const owner = await createUser({ displayName: `Scoped${tag}` });
    const other = await createUser({ displayName: `Other${tag}` });
    const read = async (ownerId: string | SQL) =>
      (await batchParts(database(env.DB), [owned(database(env.DB), { ownerId })] as const))[0];
    expect(await read(sql`${owner.id}`)).toEqual([{ id: owner.id }]);
    expect(await read(sql`${other.id}`)).toEqual([{ id: other.id }]);
    expect(builds).toBe(2);
    expect(await read(owner.id)).toEqual([{ id: owner.id }]);
    expect(await read(owner.id)).toEqual([{ id: owner.id }]);
    expect(builds).toBe(3);
  });

  it("gives a listing the statements a fresh build gives, and rows read afresh: an item listed since shows", async () => {
    const owner = await createUser({ displayName: `Lister${tag}` });
    const brand = `Brand${tag}`;
    const first = await createProduct(owner.id, { brand, size: "UK 10", createdAt: Date.now() - 60_000 });
    const filters = { ...EMPTY_FILTERS, brands: [brand] };
    const sizes = ["UK 8", "UK 10"];
    const db = database(env.DB);
    const fresh = [...listingPart(db, filters, FIRST_PAGE).statements, sizeCountsQuery(db, filters, sizes)].map(
      queryOf,
    );
    expect(listingWithSizesPart(db, filters, FIRST_PAGE, sizes).statements.map(queryOf)).toEqual(fresh);
    const listed = async () =>
      (
        await batchParts(database(env.DB), [
          listingWithSizesPart(database(env.DB), filters, FIRST_PAGE, sizes),
        ] as const)
      )[0];
    const before = await listed();
    expect(before.page.items.map((item) => item.id)).toEqual([first.id]);
    expect(before.page.total).toBe(1);
    const second = await createProduct(owner.id, { brand, size: "UK 8" });
    const after = await listed();
    expect(after.page.items.map((item) => item.id)).toEqual([second.id, first.id]);
    expect(after.page.total).toBe(2);
    expect(after.sizeCounts.map(({ size, n }) => [size, Number(n)]).sort()).toEqual([
      ["UK 10", 1],
      ["UK 8", 1],
    ]);
    expect(listingWithSizesPart(db, filters, FIRST_PAGE, sizes).statements.map(queryOf)).toEqual(fresh);
  });
});
