// The library patches of the Worker's build (decision 0111), each applied to the installed
// library's own file and loaded: the patched code must answer as the original does.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import Module, { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { drizzleIsRemembered } from "./drizzle-is-remembered.mjs";
import { libraryPatch } from "./library-patch.mjs";
import { reactChunkBytes } from "./react-chunk-bytes.mjs";
import { reactRouterAbsolutePaths } from "./react-router-absolute-paths.mjs";
import { PATHS_KEPT, reactRouterMatchesRemembered } from "./react-router-matches-remembered.mjs";
import { reactTextChunks } from "./react-text-chunks.mjs";

const require = createRequire(import.meta.url);

// The installed packages' folders (their exports name neither package.json nor these files).
const packageDir = (name) => fileURLToPath(new URL(`../../node_modules/${name}`, import.meta.url));
const transform = (plugin, code, id) =>
  plugin.transform.call(
    {
      error: (message) => {
        throw new Error(message);
      },
    },
    code,
    id,
  );
// Inside the project, so a patched file's own imports of packages ("react") resolve as the library's do.
const scratch = (() => {
  const cache = fileURLToPath(new URL("../../node_modules/.cache/", import.meta.url));
  mkdirSync(cache, { recursive: true });
  return mkdtempSync(path.join(cache, "library-patch-"));
})();
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
/** The patched file written beside the test run, its relative imports pointed at the library's own files. */
async function loadPatched(plugin, file) {
  const out = transform(plugin, readFileSync(file, "utf8"), file);
  const code = out.code
    .replace(/\/\/# sourceMappingURL=.*/, "")
    .replace(
      /from "\.\/([^"]+)"/g,
      (_, name) => `from ${JSON.stringify(pathToFileURL(path.join(path.dirname(file), name)).href)}`,
    );
  const where = path.join(scratch, `${path.basename(file, ".js")}-${Math.random().toString(36).slice(2)}.mjs`);
  writeFileSync(where, code);
  return import(pathToFileURL(where).href);
}

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

describe("React Router's matches, remembered", () => {
  const file = path.join(packageDir("react-router"), "dist/production/lib/router/matcher.js");
  const routes = () => [
    {
      id: "root",
      path: "",
      children: [
        { id: "home", index: true },
        { id: "product", path: "product/:id" },
        { id: "account", path: "account", children: [{ id: "orders", path: "orders/:orderId" }] },
        { id: "profile", path: ":handle" },
        { id: "missing", path: "*" },
      ],
    },
  ];
  const ids = (matches) => matches?.map((m) => [m.route.id, m.pathname, m.params]) ?? null;

  it("gives the matches React Router's own matcher gives, for each path and every time", async () => {
    const { V6RegExMatcher } = await loadPatched(reactRouterMatchesRemembered(), file);
    const { V6RegExMatcher: Original } = await import(pathToFileURL(file).href);
    const [patched, original] = [new V6RegExMatcher("/"), new Original("/")];
    patched.update(routes());
    original.update(routes());
    const paths = [
      "/",
      "/product/p1",
      "/PRODUCT/p2",
      "/account/orders/o1",
      "/VintageVera",
      "/a/b/c",
      "/product",
      "/account",
    ];
    for (let round = 0; round < 2; round++)
      for (const p of paths) {
        expect(ids(patched.match(p))).toEqual(ids(original.match(p)));
        expect(ids(patched.match({ pathname: p, search: "?q=1", hash: "" }))).toEqual(ids(original.match(p)));
        expect(ids(patched.match(p, true))).toEqual(ids(original.match(p, true)));
      }
    expect(ids(patched.match("/product/p1"))).toEqual([
      ["root", "/", { id: "p1" }],
      ["product", "/product/p1", { id: "p1" }],
    ]);
  });

  it("hands out a copy: a caller changing its matches does not change the next request's", async () => {
    const { V6RegExMatcher } = await loadPatched(reactRouterMatchesRemembered(), file);
    const matcher = new V6RegExMatcher("/");
    matcher.update(routes());
    const first = matcher.match("/product/p1");
    first[1].params.id = "changed";
    first.pop();
    const again = matcher.match("/product/p1");
    expect(ids(again)).toEqual([
      ["root", "/", { id: "p1" }],
      ["product", "/product/p1", { id: "p1" }],
    ]);
    // One params object for the path's matches, as React Router gives.
    expect(again[0].params).toBe(again[1].params);
  });

  it("matches against the new routes after an update, and keeps at most the last PATHS_KEPT paths", async () => {
    const { V6RegExMatcher } = await loadPatched(reactRouterMatchesRemembered(), file);
    const matcher = new V6RegExMatcher("/");
    matcher.update(routes());
    expect(matcher.match("/product/p1")?.at(-1).route.id).toBe("product");
    matcher.update([{ id: "only", path: "/product/:slug" }]);
    expect(ids(matcher.match("/product/p1"))).toEqual([["only", "/product/p1", { slug: "p1" }]]);
    for (let i = 0; i < PATHS_KEPT + 10; i++) matcher.match(`/product/${i}`);
    expect(ids(matcher.match("/product/p1"))).toEqual([["only", "/product/p1", { slug: "p1" }]]);
  });

  it("fails the build when React Router's matcher changes", () => {
    expect(() => transform(reactRouterMatchesRemembered(), "var V6RegExMatcher = class {};", file)).toThrow(
      /React Router changed; see decision 0111/,
    );
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

describe("React Router's absolute link targets, resolved once", () => {
  const file = path.join(packageDir("react-router"), "dist/production/lib/hooks.js");
  const routerUrl = pathToFileURL(path.join(packageDir("react-router"), "dist/production/index.js")).href;

  it("resolves every target as React Router's own hook does, under any route and location", async () => {
    const patched = await loadPatched(reactRouterAbsolutePaths(), file);
    const { MemoryRouter, Routes, Route, useResolvedPath } = await import(routerUrl);
    const { renderToString } = require("react-dom/server");
    const { createElement: h } = require("react");
    const targets = [
      "/",
      "/product/p1?x=1#top",
      "/a//b/",
      "/vendor?tab=orders",
      "..",
      ".",
      "",
      "orders/o1",
      "?tab=x",
      "//x",
      { pathname: "/y", search: "?q" },
    ];
    const seen = [];
    function Probe() {
      for (const to of targets)
        for (const relative of ["route", "path"])
          seen.push([JSON.stringify(to), patched.useResolvedPath(to, { relative }), useResolvedPath(to, { relative })]);
      return null;
    }
    for (const at of ["/account/orders/o9/", "/product/p2", "/"])
      renderToString(
        h(
          MemoryRouter,
          { initialEntries: [at] },
          h(
            Routes,
            null,
            h(Route, {
              path: "/account/*",
              element: h(Routes, null, h(Route, { path: "orders/:id/*", element: h(Probe) })),
            }),
            h(Route, { path: "*", element: h(Probe) }),
          ),
        ),
      );
    expect(seen.length).toBe(3 * targets.length * 2);
    for (const [to, mine, theirs] of seen) expect(mine, to).toEqual(theirs);
    // A caller changing what it got does not change the next answer.
    seen[0][1].pathname = "/changed";
    renderToString(h(MemoryRouter, null, h(Routes, null, h(Route, { path: "*", element: h(Probe) }))));
    expect(seen.at(-targets.length * 2)[1]).toEqual(seen.at(-targets.length * 2)[2]);
  });
});
