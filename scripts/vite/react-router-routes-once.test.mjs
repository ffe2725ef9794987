// React Router's route trees made once per build in the Worker's build (decision 0118), each patch
// applied to the installed file and loaded beside it: the patched code must give what React
// Router's own gives, and give the same objects again for the same build.
import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it, vi } from "vitest";
import { loadPatched, packageDir, transform } from "./patch-test-helpers.mjs";
import { entryModulesOnce, serverRoutesOnce, staticDataRoutesOnce } from "./react-router-routes-once.mjs";

const require = createRequire(import.meta.url);
const lib = (file) => path.join(packageDir("react-router"), "dist/production/lib", file);
const routerUrl = pathToFileURL(path.join(packageDir("react-router"), "dist/production/index.js")).href;
const { renderToString } = require("react-dom/server");
const { createElement: h } = require("react");

/** A route tree's shape: ids, paths and what each route renders, recursively. */
const shape = (routes) =>
  routes.map((r) => ({
    id: r.id,
    path: r.path,
    index: r.index,
    element: r.element?.type?.name ?? null,
    errorElement: r.errorElement?.type?.name ?? null,
    hasErrorBoundary: r.hasErrorBoundary,
    children: r.children ? shape(r.children) : undefined,
  }));

describe("React Router's route trees, made once per build (decision 0118)", () => {
  it("lists a build's route modules once: the same object, with React Router's own contents", async () => {
    const file = lib("server-runtime/entry.js");
    const patched = await loadPatched(entryModulesOnce(), file);
    const original = await import(pathToFileURL(file).href);
    const build = { root: { module: { default: 1 } }, "routes/a": { module: { default: 2 } } };
    const first = patched.createEntryRouteModules(build);
    expect(first).toStrictEqual(original.createEntryRouteModules(build));
    expect(patched.createEntryRouteModules(build)).toBe(first);
    // Another build gets its own.
    const other = { root: { module: { default: 3 } } };
    expect(patched.createEntryRouteModules(other)).toStrictEqual({ root: { default: 3 } });
  });

  it("makes a static router's data routes once per list of routes, as React Router's own, with matches pointing at them", async () => {
    const file = lib("dom/server.js");
    const patched = await loadPatched(staticDataRoutesOnce(), file);
    const { createStaticHandler, createStaticRouter } = await import(routerUrl);
    function Home() {
      return null;
    }
    function Product() {
      return null;
    }
    function Oops() {
      return null;
    }
    const routes = [
      {
        id: "root",
        path: "/",
        Component: Home,
        children: [{ id: "product", path: "product/:id", Component: Product, ErrorBoundary: Oops }],
      },
    ];
    const handler = createStaticHandler(routes);
    const routers = [];
    for (const at of ["/product/p1", "/product/p2", "/"]) {
      const context = await handler.query(new globalThis.Request(`http://localhost${at}`));
      const mine = patched.createStaticRouter(routes, context);
      const own = createStaticRouter(routes, context);
      expect(shape(mine.routes)).toStrictEqual(shape(own.routes));
      expect(mine.state.matches.map((m) => [m.route.id, m.pathname, m.params])).toStrictEqual(
        own.state.matches.map((m) => [m.route.id, m.pathname, m.params]),
      );
      // Each match points at the router's own data route, as in React Router's.
      const product = mine.routes[0].children[0];
      if (at !== "/") expect(mine.state.matches[1].route).toBe(product);
      routers.push(mine);
    }
    expect(routers[1].routes).toBe(routers[0].routes);
    expect(shape(routers[0].routes)[0].children[0]).toMatchObject({ element: "Product", errorElement: "Oops" });
  });

  it("renders each page as React Router's own ServerRouter does, request after request", async () => {
    const patched = await loadPatched(serverRoutesOnce(), lib("dom/ssr/server.js"));
    const { ServerRouter, createStaticHandler, Outlet, useLoaderData, useParams } = await import(routerUrl);
    const routeModules = {
      root: { default: () => h("main", null, h(Outlet)) },
      "routes/home": { default: () => h("p", null, "Home") },
      "routes/product": {
        default: function ProductPage() {
          return h("h1", null, useLoaderData().name, " ", useParams().id);
        },
        ErrorBoundary: () => h("p", null, "Not found"),
      },
    };
    const manifest = {
      entry: { module: "/entry.js", imports: [] },
      url: "/manifest.js",
      version: "1",
      routes: {
        root: { id: "root", path: "", hasLoader: false, module: "/root.js" },
        "routes/home": { id: "routes/home", parentId: "root", index: true, hasLoader: false, module: "/home.js" },
        "routes/product": {
          id: "routes/product",
          parentId: "root",
          path: "product/:id",
          hasLoader: true,
          hasErrorBoundary: true,
          module: "/product.js",
        },
      },
    };
    const handler = createStaticHandler([
      {
        id: "root",
        path: "",
        children: [
          { id: "routes/home", index: true },
          {
            id: "routes/product",
            path: "product/:id",
            hasErrorBoundary: true,
            loader: ({ params }) => {
              if (params.id === "gone") throw new globalThis.Response("", { status: 404 });
              return { name: `Coat ${params.id}` };
            },
          },
        ],
      },
    ]);
    const render = async (Router, at) => {
      const staticHandlerContext = await handler.query(new globalThis.Request(`http://localhost${at}`));
      const context = {
        manifest,
        routeModules,
        staticHandlerContext,
        serverHandoffString: "{}",
        future: {},
        ssr: true,
        isSpaMode: false,
        routeDiscovery: { mode: "lazy", manifestPath: "/__manifest" },
        serializeError: (error) => error,
        renderMeta: {},
      };
      return renderToString(h(Router, { context, url: `http://localhost${at}` }));
    };
    // The missing item's 404 reaches its error boundary; React Router reports it on the console.
    vi.spyOn(console, "error").mockImplementation(() => {});
    for (let round = 0; round < 2; round++)
      for (const at of ["/product/p1", "/", "/product/p2", "/product/gone"])
        expect(await render(patched.ServerRouter, at)).toBe(await render(ServerRouter, at));
    expect(await render(patched.ServerRouter, "/product/p2")).toMatch(/<h1>Coat p2.*p2<\/h1>/);
    expect(await render(patched.ServerRouter, "/product/gone")).toContain("404");
  });

  it("fails the build when React Router changes any of the three", () => {
    expect(() =>
      transform(entryModulesOnce(), "function createEntryRouteModules(m) {}", lib("server-runtime/entry.js")),
    ).toThrow(/React Router changed; see decision 0118/);
    expect(() => transform(serverRoutesOnce(), "function ServerRouter() {}", lib("dom/ssr/server.js"))).toThrow(
      /see decision 0118/,
    );
    expect(() => transform(staticDataRoutesOnce(), "function createStaticRouter() {}", lib("dom/server.js"))).toThrow(
      /see decision 0118/,
    );
  });
});
