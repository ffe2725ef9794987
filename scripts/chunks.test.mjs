import { describe, expect, it } from "vitest";
import { lazyImportsOf, staticClosure } from "./chunks.mjs";

// Chunks as the bundler writes them (rolldown, minified): what the JavaScript budget counts.
const CHUNKS = {
  "/assets/index-A1.js":
    'import{r as e}from"./runtime-B2.js";import{t}from"./panel-C3.js";import"./side-D4.js";' +
    "const O=e(()=>import(`./orders-tab-E5.js`).then(n=>({default:n.OrdersTab})),__vite__mapDeps([0,1]));" +
    'const U=e(()=>import("./upload-F6.js"));',
  "/assets/runtime-B2.js": "export const r=1;",
  "/assets/panel-C3.js": 'import{r}from"./runtime-B2.js";export const t=2;',
  "/assets/side-D4.js": "window.x=1;",
  "/assets/orders-tab-E5.js": 'import{t}from"./panel-C3.js";import{a}from"./inspect-G7.js";export const OrdersTab=a;',
  "/assets/inspect-G7.js": "export const a=3;",
  "/assets/upload-F6.js": "export default 4;",
};
const read = (file) => CHUNKS[file];

describe("the client build's chunks", () => {
  it("names a chunk's lazy imports, in either quote, and none of its static ones", () => {
    expect(lazyImportsOf(CHUNKS["/assets/index-A1.js"])).toEqual(["/assets/orders-tab-E5.js", "/assets/upload-F6.js"]);
    expect(lazyImportsOf(CHUNKS["/assets/orders-tab-E5.js"])).toEqual([]);
  });

  it("follows static imports, each chunk once, and not lazy ones", () => {
    expect([...staticClosure("/assets/index-A1.js", read)].sort()).toEqual([
      "/assets/index-A1.js",
      "/assets/panel-C3.js",
      "/assets/runtime-B2.js",
      "/assets/side-D4.js",
    ]);
    expect([...staticClosure("/assets/orders-tab-E5.js", read)].sort()).toEqual([
      "/assets/inspect-G7.js",
      "/assets/orders-tab-E5.js",
      "/assets/panel-C3.js",
      "/assets/runtime-B2.js",
    ]);
  });
});
