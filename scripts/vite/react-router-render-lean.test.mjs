// React Router's render patches of the Worker's build (decision 0114), each applied to the
// installed file and loaded beside it: the patched code must write what React Router's own writes.
import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { loadPatched, packageDir, transform } from "./patch-test-helpers.mjs";
import { reactRouterFlattenLean, reactRouterNoHandlersOnServer } from "./react-router-render-lean.mjs";

const require = createRequire(import.meta.url);

describe("React Router's loader data encoded with less work (decision 0114)", () => {
  const file = path.join(packageDir("react-router"), "dist/production/vendor/turbo-stream-v2/flatten.js");
  /** An encoder as turbo-stream's `encode` makes one, with plugins like React Router's. */
  const encoder = () => ({
    deferred: {},
    index: 0,
    indices: new Map(),
    stringified: [],
    plugins: [(value) => (value instanceof Error ? ["SanitizedError", value.name, value.message] : undefined)],
    postPlugins: [
      (value) => (value && typeof value === "object" ? ["SingleFetchClassInstance", { ...value }] : undefined),
    ],
  });
  class Instance {
    constructor() {
      this.kind = "instance";
    }
  }
  const shared = { id: "prod_1", name: "Wool coat" };
  const nullProto = Object.assign(Object.create(null), { a: 1, b: "two" });
  const inputs = [
    'a text with "quotes", </script> and ünïcode ✓',
    0,
    -0,
    12.5,
    1e21,
    true,
    null,
    undefined,
    Number.NaN,
    Number.POSITIVE_INFINITY,
    {
      loaderData: {
        root: { user: null, cartCount: 0, year: 2026, flags: [true, false, -0, Number.NEGATIVE_INFINITY] },
        page: {
          items: [shared, shared, { ...shared, price: 50099, tags: ["wool", "coat", "wool"] }],
          empty: [],
          sparse: [1, , 3], // eslint-disable-line no-sparse-arrays
          at: new Date(Date.UTC(2026, 10, 29)),
          bad: new Date(Number.NaN),
          url: new URL("https://closetloop.test/a?b=1"),
          pattern: /a+b/gi,
          set: new Set(["x", shared]),
          map: new Map([
            ["k", shared],
            [1, null],
          ]),
          nullProto,
          error: new TypeError("bad input"),
          instance: new Instance(),
          symbol: Symbol.for("closetloop"),
          big: 12345678901234567890n,
          deferred: Promise.resolve(1),
        },
      },
      actionData: null,
      errors: null,
    },
    // Over 6,000 values: the encoder may stop to yield on the way.
    Array.from({ length: 7000 }, (_, i) => ({ i, name: `item ${i % 50}`, even: i % 2 === 0 })),
  ];

  it("writes the same text as React Router's own encoder, value for value", async () => {
    const { flatten: lean } = await loadPatched(reactRouterFlattenLean(), file);
    const { flatten: original } = await import(pathToFileURL(file).href);
    for (const input of inputs) {
      const [mine, theirs] = [encoder(), encoder()];
      const [mineId, theirsId] = [await lean.call(mine, input), await original.call(theirs, input)];
      expect(mineId).toEqual(theirsId);
      expect(mine.stringified.join(",")).toBe(theirs.stringified.join(","));
      expect(Object.keys(mine.deferred)).toEqual(Object.keys(theirs.deferred));
    }
    // The same encoder again: values seen before are written as their index, as React Router's are.
    const [mine, theirs] = [encoder(), encoder()];
    for (const input of [inputs[10], shared, "Wool coat", inputs[10]]) {
      expect(await lean.call(mine, input)).toEqual(await original.call(theirs, input));
      expect(mine.stringified.join(",")).toBe(theirs.stringified.join(","));
    }
    expect(theirs.stringified.join(",")).toContain('"Wool coat"');
  });

  it("fails the build when turbo-stream's encoder changes", () => {
    expect(() => transform(reactRouterFlattenLean(), "async function stringify(stack) {}", file)).toThrow(
      /React Router changed; see decision 0114/,
    );
  });
});

describe("React Router's links and forms on the server without handlers (decision 0114)", () => {
  const libFile = path.join(packageDir("react-router"), "dist/production/lib/dom/lib.js");
  const routerUrl = pathToFileURL(path.join(packageDir("react-router"), "dist/production/index.js")).href;
  const { renderToString } = require("react-dom/server");
  const { createElement: h, Fragment } = require("react");

  /** The markup of `element` rendered at `at` in a data router, as a server render has it. */
  async function markupAt(at, element) {
    const { createStaticHandler, createStaticRouter, StaticRouterProvider } = await import(routerUrl);
    const routes = [
      {
        path: "/",
        children: [
          { path: "account/orders/:id", element },
          { path: "*", element },
        ],
      },
    ];
    const handler = createStaticHandler(routes);
    const context = await handler.query(new globalThis.Request(`http://localhost${at}`));
    return renderToString(
      h(StaticRouterProvider, { router: createStaticRouter(handler.dataRoutes, context), context }),
    );
  }

  it("renders links and forms exactly as React Router's own do", async () => {
    const patched = await loadPatched(reactRouterNoHandlersOnServer(), libFile);
    const { Link, Form } = await import(routerUrl);
    const probe = ({ Link: L, Form: F }) =>
      h(
        Fragment,
        null,
        h(L, { to: "/product/p1", className: "card" }, "Coat"),
        h(L, { to: "../x?y=1", replace: true, state: { a: 1 }, onClick: () => {} }, "Up"),
        h(L, { to: "https://example.com/", target: "_blank", rel: "noreferrer" }, "Out"),
        h(L, { to: "/a", reloadDocument: true, discover: "none", prefetch: "intent" }, "Reload"),
        h(F, { method: "post", className: "f" }, h("button", null, "Send")),
        h(F, { action: "/search", method: "get", replace: true }, h("input", { name: "q" })),
        h(F, { method: "post", reloadDocument: true, onSubmit: () => {} }),
      );
    for (const at of ["/account/orders/o1?tab=x", "/VintageVera"]) {
      const mine = await markupAt(at, h(probe, patched));
      expect(mine).toBe(await markupAt(at, h(probe, { Link, Form })));
      expect(mine).toContain('href="/product/p1"');
      expect(mine).toMatch(/<form[^>]* method="post"/);
    }
  });

  it("fails the build when React Router's Link or Form changes", () => {
    expect(() =>
      transform(reactRouterNoHandlersOnServer(), "const Link = React$1.forwardRef(() => null);", libFile),
    ).toThrow(/React Router changed; see decision 0114/);
  });
});
