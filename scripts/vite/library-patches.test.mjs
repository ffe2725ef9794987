// The library patches of the Worker's build (decisions 0110, 0111, 0117), each applied to the installed
// library's own file and loaded: the patched code must answer as the original does. React
// Router's are in react-router-patches.test.mjs.
import { readFileSync } from "node:fs";
import Module, { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { drizzleIsRemembered } from "./drizzle-is-remembered.mjs";
import { drizzleLimitWritten } from "./drizzle-limit-written.mjs";
import { drizzleRowPlan } from "./drizzle-row-plan.mjs";
import { libraryPatch } from "./library-patch.mjs";
import { loadPatched, packageDir, transform } from "./patch-test-helpers.mjs";
import { reactChunkBytes } from "./react-chunk-bytes.mjs";
import { reactTextChunks } from "./react-text-chunks.mjs";

const require = createRequire(import.meta.url);

describe("libraryPatch", () => {
  const plugin = libraryPatch({
    name: "t",
    library: "Lib",
    decision: "0000",
    file: /lib\.js$/,
    replacements: [["a()", "b()"]],
  });
  it("replaces the text in the file it names and leaves other files alone", () => {
    expect(transform(plugin, "x; a(); y", "/m/lib.js").code).toBe("x; b(); y");
    expect(transform(plugin, "a()", "/m/other.js")).toBeNull();
  });
  it("fails the build when the text is missing or found twice", () => {
    expect(() => transform(plugin, "x", "/m/lib.js")).toThrow(/appears 0 times.*Lib changed; see decision 0000/);
    expect(() => transform(plugin, "a(); a()", "/m/lib.js")).toThrow(/appears 2 times/);
  });
  const ranged = libraryPatch({
    name: "r",
    library: "Lib",
    decision: "0000",
    file: /lib\.js$/,
    replacements: [["if (a) {", "}\n", "b();\n"]],
  });
  it("replaces a range from its start to the first end after it", () => {
    expect(transform(ranged, "x;\nif (a) {\n  c();\n}\ny;\n}\n", "/m/lib.js").code).toBe("x;\nb();\ny;\n}\n");
  });
  it("fails the build when a range's start is not found once or its end not after it", () => {
    expect(() => transform(ranged, "} if (a) {", "/m/lib.js")).toThrow(
      /appears 1 times.*with no "}\\n" after it.*decision 0000/,
    );
    expect(() => transform(ranged, "if (a) {}\nif (a) {}\n", "/m/lib.js")).toThrow(/appears 2 times/);
  });
  const bodies = libraryPatch({
    name: "f",
    library: "Lib",
    decision: "0000",
    file: /lib\.js$/,
    functions: { walk: "{}" },
    statements: ["Thing.prototype."],
  });
  it("gives a top-level function a new body and drops the statements that begin with a text", () => {
    const code =
      "function walk(t) {\n  t.x = 1;\n}\nfunction Thing() {}\nThing.prototype.a = 1;\nThing.prototype.b = 2;\nwalk({});\n";
    expect(transform(bodies, code, "/m/lib.js").code).toBe("function walk(t) {}\nfunction Thing() {}\n\n\nwalk({});\n");
  });
  it("fails the build when the function is not declared once or no statement begins with a text", () => {
    expect(() => transform(bodies, "Thing.prototype.a = 1;", "/m/lib.js")).toThrow(
      /function walk is declared 0 times.*Lib changed; see decision 0000/,
    );
    expect(() => transform(bodies, "function walk() {}", "/m/lib.js")).toThrow(
      /no statement begins "Thing.prototype."/,
    );
  });
});

describe("drizzle's is, remembered", () => {
  const file = path.join(packageDir("drizzle-orm"), "entity.js");
  it("answers as drizzle's own for columns, tables, SQL, params, plain values and values without a prototype", async () => {
    const patched = await loadPatched(drizzleIsRemembered(), file);
    const original = await import(pathToFileURL(file).href);
    const { sql, SQL, StringChunk, Name, Param, View } = await import("drizzle-orm");
    const { Column, Table } = await import("drizzle-orm");
    const { sqliteTable, text, integer, SQLiteColumn, SQLiteTable } = await import("drizzle-orm/sqlite-core");
    const table = sqliteTable("t", { id: text("id"), n: integer("n") });
    const values = [
      table,
      table.id,
      table.n,
      sql`x`,
      new StringChunk("a"),
      new Param(1),
      new Name("n"),
      {},
      [1],
      Object.create(null),
      "s",
      0,
      null,
    ];
    const kinds = [Table, SQLiteTable, Column, SQLiteColumn, SQL, StringChunk, Name, Param, View];
    // The answer, or the error drizzle throws (it reads a prototype-less value's constructor).
    const answer = (is, value, kind) => {
      try {
        return is(value, kind);
      } catch (error) {
        return `throws ${error.constructor.name}`;
      }
    };
    const answers = { true: 0, throws: 0 };
    for (let round = 0; round < 2; round++)
      for (const value of values)
        for (const kind of kinds) {
          const own = answer(original.is, value, kind);
          expect(answer(patched.is, value, kind)).toBe(own);
          if (own === true) answers.true++;
          if (typeof own === "string") answers.throws++;
        }
    expect(answers.true).toBeGreaterThan(10);
    expect(answers.throws).toBeGreaterThan(0);
    // A class that is not drizzle's is still refused, every time.
    class Stranger {}
    expect(() => patched.is({}, Stranger)).toThrow(/doesn't look like a Drizzle entity/);
    expect(() => patched.is({}, Stranger)).toThrow(/doesn't look like a Drizzle entity/);
  });
});

describe("drizzle's rows, mapped by a plan made once per statement", () => {
  const file = path.join(packageDir("drizzle-orm"), "utils.js");
  it("gives the objects drizzle's own mapping gives: columns, SQL with its decoder, nested paths, left joins", async () => {
    const patched = await loadPatched(drizzleRowPlan(), file);
    const original = await import(pathToFileURL(file).href);
    const { sql } = await import("drizzle-orm");
    const { sqliteTable, text, integer } = await import("drizzle-orm/sqlite-core");
    const items = sqliteTable("items", {
      id: text("id"),
      n: integer("n"),
      on: integer("on", { mode: "boolean" }),
      at: integer("at", { mode: "timestamp_ms" }),
      tags: text("tags", { mode: "json" }),
    });
    const shops = sqliteTable("shops", { id: text("id"), name: text("name") });
    const fields = {
      id: items.id,
      n: items.n,
      on: items.on,
      at: items.at,
      tags: items.tags,
      doubled: sql`n * 2`.mapWith(Number),
      flag: sql`x`.mapWith(Boolean).as("flag"),
      raw: sql`y`,
      shop: { id: shops.id, name: shops.name },
    };
    const columns = original.orderSelectedFields(fields);
    const rows = [
      ["a", 1, 1, 1700000000000, '["x"]', "4", 1, "r", "s1", "Shop"],
      ["b", null, 0, null, null, null, 0, null, null, null],
      ["c", 3, null, 5, "[]", 6, null, 7, "s2", null],
    ];
    for (const joins of [undefined, { items: true, shops: false }, { items: true, shops: true }])
      for (let round = 0; round < 2; round++)
        for (const row of rows)
          expect(patched.mapResultRow(columns, row, joins)).toStrictEqual(original.mapResultRow(columns, row, joins));
    // The left join's row of nothing comes out as null, as drizzle's own does; each row is its own.
    expect(patched.mapResultRow(columns, rows[1], { items: true, shops: false }).shop).toBeNull();
    expect(patched.mapResultRow(columns, rows[0], undefined)).toMatchObject({
      id: "a",
      at: new Date(1700000000000),
      doubled: 4,
      flag: true,
      shop: { id: "s1" },
    });
    expect(patched.mapResultRow(columns, rows[2], undefined)).toMatchObject({
      id: "c",
      doubled: 6,
      shop: { id: "s2", name: null },
    });
  });
});

describe("drizzle's whole-number row limits, written into the statement", () => {
  const file = path.join(packageDir("drizzle-orm"), "sqlite-core", "dialect.js");
  it("writes a whole-number limit into a select's and a union's text, and binds any other as drizzle does", async () => {
    const patched = new (await loadPatched(drizzleLimitWritten(), file)).SQLiteAsyncDialect();
    const original = new (await import(pathToFileURL(file).href)).SQLiteAsyncDialect();
    const { sql, placeholder } = await import("drizzle-orm");
    const select = (dialect, limit) => dialect.sqlToQuery(sql`select 1${dialect.buildLimit(limit)}`);
    const union = (dialect, limit) =>
      dialect.sqlToQuery(
        dialect.buildSetOperationQuery({
          leftSelect: { getSQL: () => sql`select 1` },
          setOperator: { type: "union", isAll: true, rightSelect: { getSQL: () => sql`select 2` }, limit },
        }),
      );
    for (const query of [select, union]) {
      expect(query(original, 26).sql).toMatch(/ limit \?$/);
      expect(query(patched, 26)).toEqual({ sql: query(original, 26).sql.replace(/\?$/, "26"), params: [] });
      expect(query(patched, 0).sql).toMatch(/ limit 0$/);
      // A placeholder, a fraction or no limit: as drizzle's own.
      for (const limit of [placeholder("n"), 2.5, -1, undefined])
        expect(query(patched, limit)).toEqual(query(original, limit));
    }
  });
});

describe("React's text, joined before it is encoded", () => {
  const file = path.join(packageDir("react-dom"), "cjs/react-dom-server.node.production.js");
  // React's production builds, as the Worker runs them (the test runner's NODE_ENV would pick the development ones).
  const reactFile = path.join(packageDir("react"), "cjs/react.production.js");
  const reactDomFile = path.join(packageDir("react-dom"), "cjs/react-dom.production.js");
  /** The module compiled from a text of the file, as if it were the installed one, with React's production builds. */
  const compiled = (code) => {
    const module = new Module(file);
    module.filename = file;
    module.paths = Module._nodeModulePaths(path.dirname(file));
    module._compile(
      code
        .replace('require("react")', () => `require(${JSON.stringify(reactFile)})`)
        .replace('require("react-dom")', () => `require(${JSON.stringify(reactDomFile)})`),
      file,
    );
    return module.exports;
  };
  const { createElement: h, Suspense, use } = require(reactFile);
  let resolveLate;
  const late = () => new Promise((resolve) => (resolveLate = resolve));
  /** A page with text of every kind, attributes, a list long enough for several flushes and a boundary that streams late. */
  function Page({ wait }) {
    const rows = Array.from({ length: 400 }, (_, i) =>
      h(
        "tr",
        { key: i, "data-row": i, className: `row ${i % 2 ? "odd" : "even"}` },
        h("td", null, `Item ${i} — £${i}.99 “quoted” 🧥 <&>`),
      ),
    );
    return h(
      "html",
      null,
      h(
        "body",
        null,
        h("h1", { title: "Ünïcode 👗" }, "Closetloop"),
        h("table", null, h("tbody", null, rows)),
        h(Suspense, { fallback: h("p", null, "Loading…") }, h(Late, { wait })),
      ),
    );
  }
  function Late({ wait }) {
    const value = use(wait);
    return h("p", null, `Arrived: ${value} ✓`);
  }
  async function render(server) {
    const wait = late();
    const stream = await server.renderToReadableStream(h(Page, { wait }));
    setTimeout(() => resolveLate("late text"), 20);
    const pieces = [];
    for await (const piece of stream) pieces.push(piece);
    return { html: Buffer.concat(pieces).toString("utf8"), pieces: pieces.length };
  }

  it("writes the same bytes as React's own build, a late boundary included, in fewer pieces", async () => {
    const patched = compiled(
      transform(reactTextChunks(), transform(reactChunkBytes(), readFileSync(file, "utf8"), file).code, file).code,
    );
    const own = compiled(readFileSync(file, "utf8"));
    const [mine, theirs] = [await render(patched), await render(own)];
    expect(mine.html).toBe(theirs.html);
    expect(mine.html).toContain("Arrived: late text ✓");
    expect(mine.html).toContain("Item 399 — £399.99 “quoted” 🧥 &lt;&amp;&gt;");
    expect(mine.pieces).toBeLessThan(theirs.pieces);
  });
});
