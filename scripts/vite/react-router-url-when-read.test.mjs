// React Router's `url` argument made when it is read, in the Worker's build (decision 0136): the
// patched static handler is loaded beside React Router's own, and its middleware, data strategy,
// loaders and actions must get the URL React Router's own gives them, made only when read.
import path from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { loadPatched, packageDir, transform } from "./patch-test-helpers.mjs";
import { routeHandlerUrlWhenRead, routerUrlWhenRead } from "./react-router-url-when-read.mjs";

const lib = (file) => path.join(packageDir("react-router"), "dist/production/lib", file);

/** What each function of a request saw: its `url` as text, and whether `url` was a getter there. */
async function seen(router, method, address) {
  const { RouterContextProvider } = await import(pathToFileURL(lib("router/utils.js")).href);
  const seen = [];
  const note = (who, args) => {
    const getter = typeof Object.getOwnPropertyDescriptor(args, "url")?.get === "function";
    const url = args.url;
    // Read again, the same URL, as React Router's own gives; and it may be set, as React Router's own may.
    expect(args.url).toBe(url);
    seen.push([who, getter, url.href]);
    args.url = new URL("http://elsewhere.test/");
    expect(args.url.href).toBe("http://elsewhere.test/");
  };
  const routes = [
    {
      id: "root",
      path: "/",
      middleware: [
        async (args, next) => {
          note("middleware", args);
          return next();
        },
      ],
      loader: (args) => {
        note("root loader", args);
        return { root: true };
      },
      children: [
        {
          id: "page",
          path: "all-products",
          loader: (args) => {
            note("page loader", args);
            return { page: true };
          },
          action: (args) => {
            note("page action", args);
            return { done: true };
          },
        },
      ],
    },
  ];
  const handler = router.createStaticHandler(routes);
  const request = new globalThis.Request(`http://closetloop.test${address}`, {
    method,
    ...(method === "POST" ? { body: "" } : {}),
  });
  const context = await handler.query(request, {
    requestContext: new RouterContextProvider(),
    dataStrategy: async (args) => {
      note("data strategy", args);
      const results = {};
      for (const match of args.matches.filter((m) => m.shouldLoad)) results[match.route.id] = await match.resolve();
      return results;
    },
    generateMiddlewareResponse: async (query) => {
      const result = await query(request);
      return new globalThis.Response(JSON.stringify(result.loaderData ?? result.actionData ?? null));
    },
  });
  expect(context.status).toBe(200);
  return seen;
}

describe("React Router's `url` argument, made when read (decision 0136)", () => {
  it("gives middleware, the data strategy, loaders and actions React Router's own URL, as a getter", async () => {
    const patched = await loadPatched(routerUrlWhenRead(), lib("router/router.js"));
    const own = await import(pathToFileURL(lib("router/router.js")).href);
    for (const [method, address] of [
      ["GET", "/all-products?category=Coats&index=&sort=price_asc#top"],
      ["GET", "/all-products"],
      ["POST", "/all-products?index"],
    ]) {
      const mine = await seen(patched, method, address);
      const theirs = await seen(own, method, address);
      expect(mine.map(([who, , href]) => [who, href])).toEqual(theirs.map(([who, , href]) => [who, href]));
      expect(mine.length).toBeGreaterThanOrEqual(3);
      // React Router's own sets a value; the patched one a getter, everywhere.
      expect(theirs.every(([, getter]) => !getter)).toBe(true);
      expect(mine.every(([, getter]) => getter)).toBe(true);
    }
  });

  it("passes a route module's handler the `url` it is called with, when read", async () => {
    const file = lib("server-runtime/data.js");
    const { callRouteHandler } = await loadPatched(routeHandlerUrlWhenRead(), file);
    let reads = 0;
    const args = {
      request: new globalThis.Request("http://closetloop.test/a"),
      get url() {
        reads++;
        return new URL("http://closetloop.test/a?b=1");
      },
      params: { id: "1" },
      context: {},
      pattern: "/a",
    };
    let given;
    await callRouteHandler((handlerArgs) => {
      given = handlerArgs;
      return null;
    }, args);
    expect(reads).toBe(0);
    expect(given.url.href).toBe("http://closetloop.test/a?b=1");
    expect(reads).toBe(1);
    expect(given.params).toEqual({ id: "1" });
  });

  it("fails the build, naming the decision, when React Router changes a line it replaces", () => {
    const file = lib("server-runtime/data.js");
    expect(() => transform(routeHandlerUrlWhenRead(), "export {};", file)).toThrow(/0136/);
  });
});
