import { describe, expect, it } from "vitest";
import { ADMIN_PAGE_SIZE, containsPattern, lastEight, pageHref, readFilter, readSearch, tabReturnTo } from "./admin-lists";
import { pageOf } from "./tabs";

describe("admin list helpers", () => {
  it("reads a bounded search and known filters only", () => {
    expect(readSearch("/admin/orders?q=%20ada%20")).toBe("ada");
    expect(readSearch(`/admin/orders?q=${"x".repeat(300)}`)).toHaveLength(100);
    expect(readFilter("/admin/orders?status=shipped", "status", ["pending", "shipped"] as const)).toBe("shipped");
    expect(readFilter("/admin/orders?status=lost", "status", ["pending", "shipped"] as const)).toBeNull();
  });

  it("takes LIKE wildcards literally", () => {
    expect(containsPattern("50%_off\\")).toBe("%50\\%\\_off\\\\%");
    expect(containsPattern("ADA")).toBe("%ada%");
  });

  it("pages by 50 and keeps the search in page links", () => {
    const { rows, hasNext } = pageOf(Array.from({ length: 51 }, (_, i) => i), ADMIN_PAGE_SIZE);
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
