// The browser's router without React Router's instrumentation (decision 0133): applied to the
// installed router.js, it routes as React Router's own does, and refuses an instrumentation
// rather than ignoring it.
import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadPatched, packageDir } from "./patch-test-helpers.mjs";
import { INSTRUMENTATION_LEFT_OUT, reactRouterWithoutInstrumentation } from "./react-router-client-lean.mjs";

const lib = path.join(packageDir("react-router"), "dist/production/lib/router");

describe("React Router's browser router without instrumentation", () => {
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
