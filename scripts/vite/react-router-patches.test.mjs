// React Router's patches of the Worker's build (decision 0111), each applied to the installed
// file and loaded beside it: the patched code must answer as React Router's own does.
import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { loadPatched, packageDir, transform } from "./patch-test-helpers.mjs";
import { PATHS_KEPT, reactRouterMatchesRemembered } from "./react-router-matches-remembered.mjs";
import { reactRouterResolvedTargets } from "./react-router-resolved-targets.mjs";
import { reactRouterBuildHeaderOnce } from "./react-router-build-header-once.mjs";

const require = createRequire(import.meta.url);

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

describe("React Router's link and form targets, resolved once", () => {
  const hooksFile = path.join(packageDir("react-router"), "dist/production/lib/hooks.js");
  const libFile = path.join(packageDir("react-router"), "dist/production/lib/dom/lib.js");
  const routerUrl = pathToFileURL(path.join(packageDir("react-router"), "dist/production/index.js")).href;
  const [targetsPatch, formPatch] = reactRouterResolvedTargets();
  const { renderToString } = require("react-dom/server");
  const { createElement: h, Fragment } = require("react");

  /** Renders `probe` under a route of an app with nested routes, at each of `locations`. */
  async function renderAt(locations, probe) {
    const { MemoryRouter, Routes, Route } = await import(routerUrl);
    for (const at of locations)
      renderToString(
        h(
          MemoryRouter,
          { initialEntries: [at] },
          h(
            Routes,
            null,
            h(Route, {
              path: "/account/*",
              // The probe in a route and in the route within it: the same location, other route paths.
              element: h(
                Fragment,
                null,
                h(probe),
                h(Routes, null, h(Route, { path: "orders/:id/*", element: h(probe) })),
              ),
            }),
            h(Route, { path: "/list", element: h(probe), index: false }),
            h(Route, { path: "*", element: h(probe) }),
          ),
        ),
      );
  }

  it("resolves every target as React Router's own hook does, under any route and location, every time", async () => {
    const patched = await loadPatched(targetsPatch, hooksFile);
    const { useResolvedPath } = await import(routerUrl);
    const targets = ["/", "/product/p1?x=1#top", "/a//b/", "..", ".", "", "orders/o1", "../x?y", "?tab=x", "//x"];
    const objectTarget = { pathname: "/y", search: "?q" };
    const seen = [];
    function Probe() {
      for (const to of [...targets, objectTarget])
        for (const relative of ["route", "path"])
          seen.push([JSON.stringify(to), patched.useResolvedPath(to, { relative }), useResolvedPath(to, { relative })]);
      return null;
    }
    const locations = ["/account/orders/o9/", "/product/p2", "/", "/list?index&x=1"];
    await renderAt([...locations, ...locations], Probe);
    // Every location twice; the first one's probe twice (its route and the route within it).
    expect(seen.length).toBe(2 * (locations.length + 1) * (targets.length + 1) * 2);
    for (const [to, mine, theirs] of seen) expect(mine, to).toEqual(theirs);
    // A caller changing what it got does not change the next answer.
    const first = seen[0][1];
    first.pathname = "/changed";
    seen.length = 0;
    await renderAt([locations[0]], Probe);
    expect(seen[0][1]).toEqual(seen[0][2]);
  });

  it("gives a form without an action the location's query as React Router's own does, an empty index dropped", async () => {
    const patched = await loadPatched(formPatch, libFile);
    const { useFormAction } = await import(routerUrl);
    const seen = [];
    function Probe() {
      for (const action of [undefined, ".", "/x?index"])
        seen.push([String(action), patched.useFormAction(action), useFormAction(action)]);
      return null;
    }
    await renderAt(["/list?x=1", "/list?index&x=1", "/list?index=a&index", "/list?%69ndex&x=2", "/list"], Probe);
    expect(seen.length).toBe(15);
    for (const [action, mine, theirs] of seen) expect(mine, action).toBe(theirs);
    expect(seen.map(([, mine]) => mine)).toContain("/list?x=1");
  });

  it("fails the build when React Router's hooks change", () => {
    expect(() => transform(targetsPatch, "function useResolvedPath() {}", hooksFile)).toThrow(/React Router changed/);
    expect(() => transform(formPatch, "function useFormAction() {}", libFile)).toThrow(/React Router changed/);
  });
});

describe("React Router's build-time header, its environment read once", () => {
  const file = path.join(packageDir("react-router"), "dist/production/lib/server-runtime/dev.js");
  const request = new globalThis.Request("http://localhost/", { headers: { "X-React-Router-SPA-Mode": "yes" } });

  it("reads no header outside React Router's build, as its own function does, and keeps the answer", async () => {
    const { getBuildTimeHeader: original } = await import(pathToFileURL(file).href);
    const { getBuildTimeHeader } = await loadPatched(reactRouterBuildHeaderOnce(), file);
    expect(getBuildTimeHeader(request, "X-React-Router-SPA-Mode")).toBe(original(request, "X-React-Router-SPA-Mode"));
    expect(getBuildTimeHeader(request, "X-React-Router-SPA-Mode")).toBeNull();
  });

  it("reads the header inside React Router's build, as its own function does", async () => {
    process.env.IS_RR_BUILD_REQUEST = "yes";
    try {
      const { getBuildTimeHeader: original } = await import(pathToFileURL(file).href);
      const { getBuildTimeHeader } = await loadPatched(reactRouterBuildHeaderOnce(), file);
      expect(original(request, "X-React-Router-SPA-Mode")).toBe("yes");
      expect(getBuildTimeHeader(request, "X-React-Router-SPA-Mode")).toBe("yes");
    } finally {
      delete process.env.IS_RR_BUILD_REQUEST;
    }
  });

  it("fails the build when React Router's function changes", () => {
    expect(() => transform(reactRouterBuildHeaderOnce(), "function getBuildTimeHeader() {}", file)).toThrow(
      /React Router changed; see decision 0111/,
    );
  });
});
