import { describe, expect, it } from "vitest";
import { listHref, pageLinks, rowsSummary } from "./paging";

const href = (page: number) => `/list?page=${page}`;

describe("a paged list's links", () => {
  it("has none when the list fits on one page", () => {
    expect(pageLinks(1, false, href)).toBeNull();
  });

  it.each([
    [1, true, null, "/list?page=2"],
    [2, true, "/list?page=1", "/list?page=3"],
    [3, false, "/list?page=2", null],
  ])("page %i (more: %s) links back to %s and on to %s", (page, hasNext, previous, next) => {
    expect(pageLinks(page, hasNext, href)).toEqual({ previous, next });
  });
});

describe("a list's address", () => {
  it.each([
    ["/admin/orders", { q: "ada", status: null }, 2, "/admin/orders?q=ada&page=2"],
    ["/admin/orders", { q: "", status: "pending" }, 3, "/admin/orders?status=pending&page=3"],
    ["/admin/orders", { q: "ada lovelace&co" }, 1, "/admin/orders?q=ada+lovelace%26co"],
    ["/admin/stores", {}, 1, "/admin/stores"],
    ["/vendor?tab=products", {}, 2, "/vendor?tab=products&page=2"],
    ["/vendor?tab=products&page=4", {}, 1, "/vendor?tab=products"],
    ["/account?tab=orders", { tab: "orders" }, 5, "/account?tab=orders&page=5"],
  ] as const)("%s with %j, page %i, is %s", (base, params, page, expected) => {
    expect(listHref(base, params, page)).toBe(expected);
  });
});

describe("what a screen reader hears of a table's rows", () => {
  it.each([
    [1, 1, false, "1 row."],
    [3, 1, false, "3 rows."],
    [50, 1, true, "50 rows; more on the next page."],
    [50, 2, true, "50 rows on page 2; more on the next page."],
    [7, 3, false, "7 rows on page 3."],
  ])("%i rows on page %i (more: %s): %s", (count, page, hasNext, text) => {
    expect(rowsSummary(count, page, hasNext)).toBe(text);
  });
});
