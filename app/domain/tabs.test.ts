import { describe, expect, it } from "vitest";
import { readPage, readTab } from "./tabs";

describe("readTab", () => {
  const tabs = ["summary", "profile", "orders"] as const;
  it.each([
    ["/account", "summary"],
    ["/account?tab=orders", "orders"],
    ["/account?tab=ORDERS", "summary"],
    ["/account?tab=", "summary"],
    ["/account?tab=admin", "summary"],
  ])("%s → %s", (url, tab) => {
    expect(readTab(url, tabs)).toBe(tab);
  });
});

describe("readPage", () => {
  it.each([
    ["/admin/orders", 1],
    ["/admin/orders?page=3", 3],
    ["/admin/orders?page=0", 1],
    ["/admin/orders?page=-2", 1],
    ["/admin/orders?page=1.5", 1],
    ["/admin/orders?page=abc", 1],
    ["/admin/orders?page=1e9", 1],
  ])("%s → %i", (url, page) => {
    expect(readPage(url)).toBe(page);
  });
});
