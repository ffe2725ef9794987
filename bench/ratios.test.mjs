import { describe, expect, it } from "vitest";
import { ratioLimit, ratioTable } from "./ratios.mjs";

describe("the bench's ratio table (issue 47)", () => {
  it.each([
    ["/", "shopper", 5],
    ["/all-products?search=wool%20coat", "shopper", 5],
    ["/product/prod_000002", "shopper", 5],
    ["/store/s_kensington", "shopper", 5],
    ["/VintageVera", "shopper", 5],
    ["/account/orders/order_demo_1", "account", 6],
    ["/account/messages/cnv_demo_vendor", "account", 6],
    ["/vendor?tab=orders", "dashboard", 8],
    ["/store?tab=requests", "dashboard", 8],
    ["/admin/financial", "dashboard", 8],
  ])("holds %s to the %s ratio of %d×", (url, kind, limit) => {
    expect(ratioLimit(url)).toEqual({ kind, limit });
  });

  it("compares each page with the static file of the same run and says which are over", () => {
    const table = ratioTable([
      { name: "static asset", url: "/favicon.svg", requestsPerSecond: 1000 },
      { name: "/healthz", url: "/healthz", requestsPerSecond: 1200 },
      { name: "home", url: "/", requestsPerSecond: 250 },
      { name: "product page", url: "/product/p1", requestsPerSecond: 150 },
      { name: "seller dashboard", url: "/vendor", requestsPerSecond: 125 },
      { name: "order page", url: "/account/orders/o1", requestsPerSecond: 0 },
    ]);
    expect(table.map((row) => [row.name, row.timesSlower, row.limit, row.within])).toEqual([
      ["home", 4, 5, "yes"],
      ["product page", 6.67, 5, "NO"],
      ["seller dashboard", 8, 8, "yes"],
      ["order page", Infinity, 6, "NO"],
    ]);
  });

  it("holds a page measured beside the static file to that static figure, and keeps the run's first one beside it", () => {
    const table = ratioTable([
      { name: "static asset", url: "/favicon.svg", requestsPerSecond: 1200 },
      { name: "home", url: "/", requestsPerSecond: 200, staticBesidePerSecond: 900 },
      { name: "product page", url: "/product/p1", requestsPerSecond: 200, staticBesidePerSecond: 1100 },
    ]);
    expect(
      table.map((row) => [row.name, row.staticPerSecond, row.timesSlower, row.timesSlowerThanFirst, row.within]),
    ).toEqual([
      ["home", 900, 4.5, 6, "yes"],
      ["product page", 1100, 5.5, 6, "NO"],
    ]);
  });

  it("refuses a run without the static file", () => {
    expect(() => ratioTable([{ name: "home", url: "/", requestsPerSecond: 100 }])).toThrow(/static file/);
  });
});
