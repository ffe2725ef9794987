// The browser's router without React Router's instrumentation (decision 0133), view transitions,
// blockers and RSC paths (decision 0147): applied to the installed React Router, it routes and
// renders as React Router's own does, and refuses what it left out rather than ignoring it.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { appFilesAsking, loadPatched, packageDir, transform } from "./patch-test-helpers.mjs";
import {
  BLOCKERS_LEFT_OUT,
  CLIENT_DATA_LEFT_OUT,
  CLIENT_MIDDLEWARE_LEFT_OUT,
  INSTRUMENTATION_LEFT_OUT,
  PREFETCH_LEFT_OUT,
  reactRouterWithoutInstrumentation,
  reactRouterWithoutUnusedFeatures,
} from "./react-router-client-lean.mjs";

const require = createRequire(import.meta.url);

const lib = path.join(packageDir("react-router"), "dist/production/lib/router");

const routes = () => [
  {
    id: "root",
    path: "/",
    loader: () => "root",
    children: [
      { id: "home", index: true, loader: () => "home" },
      { id: "product", path: "product/:id", loader: ({ params }) => `product ${params.id}` },
    ],
  },
];

describe("React Router's browser router without instrumentation", () => {
  it("loads and navigates as React Router's own router does", async () => {
    const { createRouter } = await loadPatched(reactRouterWithoutInstrumentation(), path.join(lib, "router.js"));
    const { createMemoryHistory } = await import(path.join(lib, "history.js"));
    const router = createRouter({ routes: routes(), history: createMemoryHistory({ initialEntries: ["/"] }) });
    router.initialize();
    await new Promise((resolve) => router.subscribe((state) => state.initialized && resolve(undefined)));
    expect(router.state.loaderData).toEqual({ root: "root", home: "home" });
    await router.navigate("/product/p1");
    expect(router.state.location.pathname).toBe("/product/p1");
    expect(router.state.loaderData.product).toBe("product p1");
    router.dispose();
  });

  it("refuses an instrumentation instead of leaving it silently unused", async () => {
    const { createRouter } = await loadPatched(reactRouterWithoutInstrumentation(), path.join(lib, "router.js"));
    const { createMemoryHistory } = await import(path.join(lib, "history.js"));
    expect(() =>
      createRouter({ routes: routes(), history: createMemoryHistory(), instrumentations: [{ router() {} }] }),
    ).toThrow(INSTRUMENTATION_LEFT_OUT);
  });
});

describe("React Router's browser build without view transitions, blockers and RSC paths (decision 0147)", () => {
  const root = path.join(packageDir("react-router"), "dist/production/lib");
  const plugins = reactRouterWithoutUnusedFeatures();
  // Both browser patches of router.js, as the build applies them.
  const leanRouter = {
    transform(code, id) {
      const lean = transform(reactRouterWithoutInstrumentation(), code, id).code;
      return plugins.map((plugin) => transform(plugin, lean, id)).find(Boolean);
    },
  };
  const started = async () => {
    const { createRouter } = await loadPatched(leanRouter, path.join(root, "router/router.js"));
    const { createMemoryHistory } = await import(path.join(root, "router/history.js"));
    const router = createRouter({ routes: routes(), history: createMemoryHistory({ initialEntries: ["/"] }) });
    router.initialize();
    await new Promise((resolve) => router.subscribe((state) => state.initialized && resolve(undefined)));
    return router;
  };

  it("applies to each file it names in the installed React Router, once", () => {
    const files = [
      "router/router.js",
      "components.js",
      "hooks.js",
      "dom/ssr/components.js",
      "dom/lib.js",
      "dom/ssr/routes.js",
    ];
    for (const file of files) {
      const id = path.join(root, file);
      const patched = plugins.map((plugin) => transform(plugin, readFileSync(id, "utf8"), id)).filter(Boolean);
      expect(patched, file).toHaveLength(1);
    }
  });

  it("pushes and pops as React Router's own router does", async () => {
    const router = await started();
    await router.navigate("/product/p1");
    expect(router.state.location.pathname).toBe("/product/p1");
    expect(router.state.loaderData.product).toBe("product p1");
    await router.navigate(-1);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(router.state.location.pathname).toBe("/");
    expect(router.state.historyAction).toBe("POP");
    router.dispose();
  });

  it("refuses a blocker instead of letting navigations past it", async () => {
    const router = await started();
    expect(() => router.getBlocker("leave", () => true)).toThrow(BLOCKERS_LEFT_OUT);
    router.dispose();
  });

  it("renders a router's page and hands its state to the page's hooks", async () => {
    const patched = { transform: (code, id) => plugins.map((p) => transform(p, code, id)).find(Boolean) ?? null };
    const { RouterProvider, createMemoryRouter } = await loadPatched(patched, path.join(root, "components.js"));
    const { useLoaderData } = await import(path.join(root, "hooks.js"));
    const { createElement } = require("react");
    const { renderToString } = require("react-dom/server");
    function Page() {
      return createElement("p", null, `loaded ${useLoaderData()}`);
    }
    const router = createMemoryRouter([{ id: "page", path: "/", loader: () => "yes", Component: Page }], {
      hydrationData: { loaderData: { page: "yes" } },
    });
    expect(renderToString(createElement(RouterProvider, { router }))).toContain("loaded yes");
  });

  it("runs a page's loaders through runClientMiddleware as React Router's own router does (decision 0148)", async () => {
    const { createRouter } = await loadPatched(leanRouter, path.join(root, "router/router.js"));
    const { createMemoryHistory } = await import(path.join(root, "router/history.js"));
    const started = [];
    // The single fetch's strategy asks for the middleware pipeline the same way.
    const dataStrategy = ({ runClientMiddleware }) =>
      runClientMiddleware(async ({ matches }) => {
        const loading = matches.filter((m) => m.shouldLoad);
        started.push(loading.map((m) => m.route.id));
        return Object.fromEntries(await Promise.all(loading.map(async (m) => [m.route.id, await m.resolve()])));
      });
    const router = createRouter({
      routes: routes(),
      history: createMemoryHistory({ initialEntries: ["/"] }),
      dataStrategy,
    });
    router.initialize();
    await new Promise((resolve) => router.subscribe((state) => state.initialized && resolve(undefined)));
    await router.navigate("/product/p1");
    expect(router.state.loaderData).toEqual({ root: "root", product: "product p1" });
    expect(started).toEqual([["root", "home"], ["product"]]);
    router.dispose();
  });

  it("refuses a route's client middleware instead of skipping it", async () => {
    const { createRouter } = await loadPatched(leanRouter, path.join(root, "router/router.js"));
    const { createMemoryHistory } = await import(path.join(root, "router/history.js"));
    const withMiddleware = routes();
    withMiddleware[0].children[1].middleware = [(_args, next) => next()];
    const router = createRouter({ routes: withMiddleware, history: createMemoryHistory({ initialEntries: ["/"] }) });
    router.initialize();
    await new Promise((resolve) => router.subscribe((state) => state.initialized && resolve(undefined)));
    await router.navigate("/product/p1");
    expect(Object.values(router.state.errors ?? {}).map((e) => e.message)).toEqual([CLIENT_MIDDLEWARE_LEFT_OUT]);
    router.dispose();
  });

  it("renders a link as React Router's own does, and refuses one that asks to prefetch (decision 0148)", async () => {
    const patched = { transform: (code, id) => plugins.map((p) => transform(p, code, id)).find(Boolean) ?? null };
    const { Link } = await loadPatched(patched, path.join(root, "dom/lib.js"));
    const { Link: OwnLink } = await import(path.join(root, "dom/lib.js"));
    const { RouterProvider, createMemoryRouter } = await import(path.join(root, "components.js"));
    const { createElement } = require("react");
    const { renderToString } = require("react-dom/server");
    const page = (As, props) =>
      renderToString(
        createElement(RouterProvider, {
          router: createMemoryRouter([
            {
              path: "/",
              Component: () => createElement(As, { to: "/product/p1", className: "card", ...props }, "A coat"),
            },
          ]),
        }),
      );
    expect(page(Link, {})).toBe('<a class="card" href="/product/p1" data-discover="true">A coat</a>');
    expect(page(Link, {})).toBe(page(OwnLink, {}));
    expect(() => page(Link, { prefetch: "intent" })).toThrow(PREFETCH_LEFT_OUT);
  });

  it("sends a route's loader and action to the server as React Router's own routes do, and refuses a clientLoader (decision 0148)", async () => {
    const patched = { transform: (code, id) => plugins.map((p) => transform(p, code, id)).find(Boolean) ?? null };
    const lean = await loadPatched(patched, path.join(root, "dom/ssr/routes.js"));
    const own = await import(path.join(root, "dom/ssr/routes.js"));
    const manifest = { root: { id: "root", path: "", hasLoader: true, hasAction: true, module: "/root.js" } };
    const page = { default: () => null };
    const get = () => new Request("https://closetloop.test/");
    const post = () => new Request("https://closetloop.test/", { method: "POST" });
    for (const { createClientRoutes } of [lean, own]) {
      const [route] = createClientRoutes(manifest, { root: page }, undefined, true, false);
      expect(await route.loader({ request: get() }, async () => "the server's data")).toBe("the server's data");
      expect(await route.action({ request: post() }, async () => "the server's answer")).toBe("the server's answer");
    }
    const [withClientLoader] = lean.createClientRoutes(
      manifest,
      { root: { ...page, clientLoader: () => "the browser's data" } },
      undefined,
      true,
      false,
    );
    await expect(withClientLoader.loader({ request: get() }, async () => "")).rejects.toThrow(CLIENT_DATA_LEFT_OUT);
    // A route whose module is not loaded yet (discovered on a navigation) is refused at once.
    expect(() =>
      lean.createClientRoutes({ root: { ...manifest.root, hasClientAction: true } }, {}, undefined, true, false),
    ).toThrow(CLIENT_DATA_LEFT_OUT);
  });

  it("is safe because the app asks for no view transition, blocker, client middleware or prefetching", () => {
    const asking = appFilesAsking(
      /\bviewTransition\b|useViewTransitionState|useBlocker|unstable_usePrompt|\bclient(Loader|Action|Middleware)\b|\bprefetch\s*[=:]|PrefetchPageLinks/,
    );
    expect(asking).toEqual([]);
  });
});
