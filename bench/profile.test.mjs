import { describe, expect, it } from "vitest";
import { costOf, summarize } from "./profile.mjs";

describe("the bench's profile summary (issue 47, item 1)", () => {
  it.each([
    [
      "../../../node_modules/react-dom/cjs/react-dom-server.node.production.js",
      "renderElement",
      "React render (react-dom)",
    ],
    [
      "../../../node_modules/react-router/dist/production/chunk-X.mjs",
      "flatten",
      "loader data serialisation (turbo-stream)",
    ],
    ["../../../node_modules/react-router/dist/production/chunk-X.mjs", "matchRoutes", "package: react-router"],
    ["../../../node_modules/drizzle-orm/sqlite-core/session.js", "mapResultRow", "package: drizzle-orm"],
    ["../../../app/data/catalog.server.ts", "listing", "app/data/"],
    ["../../../app/routes/shop/product.tsx", "Page", "app/routes/"],
    ["", "(garbage collector)", "native: (garbage collector)"],
  ])("puts %s (%s) under %s", (source, fn, cost) => {
    expect(costOf(source, fn)).toBe(cost);
  });

  it("sums self time per cost and leaves idle time out", () => {
    const frame = (functionName, url = "") => ({ functionName, url, lineNumber: -1, columnNumber: -1 });
    const profile = {
      nodes: [
        { id: 1, callFrame: frame("(root)") },
        { id: 2, callFrame: frame("(idle)") },
        { id: 3, callFrame: frame("(garbage collector)") },
        { id: 4, callFrame: frame("(program)") },
      ],
      samples: [2, 2, 3, 4, 3],
      timeDeltas: [5000, 5000, 1000, 2000, 3000],
    };
    const summary = summarize(profile, "/nowhere");
    expect(summary.busyMs).toBe(6);
    expect(summary.costs).toEqual([
      { name: "native: (garbage collector)", ms: 4, share: "66.7%" },
      { name: "native: (program)", ms: 2, share: "33.3%" },
    ]);
  });

  it("gives the app's own functions their total time: their own and what they call", () => {
    const frame = (functionName, url = "") => ({ functionName, url, lineNumber: -1, columnNumber: -1 });
    const profile = {
      nodes: [
        { id: 1, callFrame: frame("(root)"), children: [2, 5] },
        { id: 2, callFrame: frame("loader", "/app/routes/shop/product.tsx"), children: [3] },
        { id: 3, callFrame: frame("mapResultRow", "/node_modules/drizzle-orm/utils.js"), children: [4] },
        { id: 4, callFrame: frame("parseImages", "/app/data/product.server.ts") },
        { id: 5, callFrame: frame("(garbage collector)") },
      ],
      samples: [2, 3, 3, 4, 5],
      timeDeltas: [1000, 2000, 2000, 1000, 4000],
    };
    expect(summarize(profile, "/nowhere").appTotals).toEqual([
      { name: "loader product.tsx", ms: 6, share: "60.0%" },
      { name: "parseImages product.server.ts", ms: 1, share: "10.0%" },
    ]);
  });
});
