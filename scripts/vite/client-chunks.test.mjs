import { describe, expect, it } from "vitest";
import { clientChunks, lazyChunkMap } from "./client-chunks.mjs";

const ROOT = "/p";
const chunk = (fileName, facade, moduleIds, imports = [], dynamicImports = []) => ({
  fileName,
  facadeModuleId: facade,
  moduleIds,
  imports,
  dynamicImports,
});

describe("lazyChunkMap", () => {
  it("names a route's lazy module's chunk and its imports, less what every page and the route load; the layout's none", () => {
    const chunks = [
      chunk("assets/entry.js", "/p/node_modules/@react-router/dev/entry.client.tsx", [], ["assets/framework.js"]),
      chunk("assets/framework.js", null, ["/p/node_modules/react/index.js"]),
      chunk(
        "assets/root.js",
        "/p/app/root.tsx?__react-router-build-client-route",
        ["/p/app/root.tsx"],
        ["assets/framework.js"],
        ["assets/drawer.js"],
      ),
      // The layout's lazy part (the basket drawer): loaded when wanted, never preloaded.
      chunk("assets/drawer.js", "/p/app/components/layout/drawer.tsx", ["/p/app/components/layout/drawer.tsx"]),
      chunk(
        "assets/vendor.js",
        "/p/app/routes/vendor/index.tsx?__react-router-build-client-route",
        ["/p/app/routes/vendor/index.tsx"],
        ["assets/framework.js", "assets/panel.js"],
        ["assets/orders-tab.js", "assets/form.js"],
      ),
      chunk("assets/panel.js", null, ["/p/app/components/kit/panel.tsx"]),
      chunk(
        "assets/orders-tab.js",
        "/p/app/components/seller/orders-tab.tsx",
        ["/p/app/components/seller/orders-tab.tsx", "/p/app/components/seller/orders-list.tsx"],
        ["assets/framework.js", "assets/panel.js", "assets/table.js"],
      ),
      chunk("assets/table.js", null, ["/p/app/components/kit/data-table.tsx"], ["assets/countries.js"]),
      chunk("assets/countries.js", null, ["/p/app/domain/countries.ts"]),
      // A module another route imports statically: its shared chunk is what the lazy import loads.
      chunk("assets/form.js", null, ["/p/app/components/seller/product-form.tsx"], ["assets/table.js"]),
    ];
    const map = lazyChunkMap(chunks, ROOT, "/");
    const tab = ["/assets/orders-tab.js", "/assets/table.js", "/assets/countries.js"];
    expect(map).toEqual({
      "app/components/seller/orders-tab.tsx": tab,
      "app/components/seller/orders-list.tsx": tab,
      "app/components/seller/product-form.tsx": ["/assets/form.js", "/assets/table.js", "/assets/countries.js"],
    });
  });
});

describe("clientChunks", () => {
  // The plugin as Vite runs it: the client's bundle written, then the server's modules transformed.
  const plugin = clientChunks();
  plugin.configResolved({ root: ROOT, base: "/" });
  const bundle = {
    "assets/route.js": {
      type: "chunk",
      ...chunk("assets/route.js", "/p/app/routes/x.tsx", ["/p/app/routes/x.tsx"], [], ["assets/tab.js"]),
    },
    "assets/tab.js": {
      type: "chunk",
      ...chunk("assets/tab.js", "/p/app/components/tab.tsx", ["/p/app/components/tab.tsx"]),
    },
    "assets/root.css": { type: "asset", fileName: "assets/root.css" },
  };
  const transform = (environment, code, id) => plugin.transform.call({ environment: { name: environment } }, code, id);

  it("gives a module the client loads lazily its chunks, in the server's build only", () => {
    expect(transform("ssr", "export const A = 1;", "/p/app/components/tab.tsx")).toBeUndefined();
    plugin.generateBundle.call({ environment: { name: "client" } }, {}, bundle);
    expect(transform("ssr", "export const A = 1;", "/p/app/components/tab.tsx?v=1").code).toBe(
      'export const A = 1;\nexport const __clientChunks = ["/assets/tab.js"];\n',
    );
    expect(transform("ssr", "export const B = 1;", "/p/app/routes/x.tsx")).toBeUndefined();
    expect(transform("client", "export const A = 1;", "/p/app/components/tab.tsx")).toBeUndefined();
  });
});
