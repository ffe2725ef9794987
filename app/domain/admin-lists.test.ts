import { describe, expect, it } from "vitest";
import {
  ADMIN_PAGE_SIZE,
  SEARCH_MAX,
  SEARCH_TOO_LONG,
  lastEight,
  pageHref,
  readFilter,
  readSearch,
  tabReturnTo,
} from "./admin-lists";
import { pageOf } from "./tabs";

describe("admin list helpers", () => {
  it("reads a bounded search and known filters only", () => {
    expect(readSearch("/admin/orders?q=%20ada%20")).toEqual({ q: "ada", error: null });
    expect(readSearch("/admin/orders")).toEqual({ q: "", error: null });
    expect(readFilter("/admin/orders?status=shipped", "status", ["pending", "shipped"] as const)).toBe("shipped");
    expect(readFilter("/admin/orders?status=lost", "status", ["pending", "shipped"] as const)).toBeNull();
  });

  it.each([
    [60, null],
    [SEARCH_MAX, null],
    [SEARCH_MAX + 1, SEARCH_TOO_LONG],
    [5000, SEARCH_TOO_LONG],
  ])("a search of %s characters is run, or refused at the field", (length, error) => {
    const text = `${"a".repeat(length - 14)}@closetloop.uk`;
    const read = readSearch(`/admin/users?q=${encodeURIComponent(text)}`);
    expect(read.error).toBe(error);
    if (!error) expect(read.q).toBe(text);
    else {
      // The box shows the search again (not all of a URL's length), so it can be shortened.
      expect(text.startsWith(read.q)).toBe(true);
      expect(read.q.length).toBeLessThanOrEqual(SEARCH_MAX + 50);
    }
  });

  it("pages by 50 and keeps the search in page links", () => {
    const { rows, hasNext } = pageOf(
      Array.from({ length: 51 }, (_, i) => i),
      ADMIN_PAGE_SIZE,
    );
    expect(rows).toHaveLength(50);
    expect(hasNext).toBe(true);
    expect(pageHref("/admin/users?q=ada", 2)).toBe("/admin/users?q=ada&page=2");
    expect(pageHref("/admin/users?q=ada&page=2", 1)).toBe("/admin/users?q=ada");
  });

  it("returns a form only to its own tab", () => {
    expect(tabReturnTo("/admin/orders?page=2", "/admin/orders")).toBe("/admin/orders?page=2");
    expect(tabReturnTo("https://evil.example/admin/orders", "/admin/orders")).toBe("/admin/orders");
    expect(tabReturnTo("//evil.example", "/admin/orders")).toBe("/admin/orders");
    expect(tabReturnTo("/admin/ordersx", "/admin/orders")).toBe("/admin/orders");
    expect(tabReturnTo(null, "/admin/orders")).toBe("/admin/orders");
  });

  it("shows ids by their last 8 characters (§9)", () => {
    expect(lastEight("txn_item_demo_window_fee")).toBe("ndow_fee");
  });
});
