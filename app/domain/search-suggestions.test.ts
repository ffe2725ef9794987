import { describe, expect, it } from "vitest";
import { brandLink, matchingCategories, parseSuggestionQuery } from "./search-suggestions";

describe("parseSuggestionQuery", () => {
  it.each([
    ["Bar", "bar"],
    ["  Levi's ", "levi's"],
    ["me+em", "me+em"],
    ["zadig   &  v", "zadig & v"],
    ["<script>", "<script>"],
    ["a".repeat(50), "a".repeat(50)],
  ])("%j → prefix %j", (q, prefix) => {
    expect(parseSuggestionQuery(q)).toEqual({ ok: true, prefix });
  });

  it.each([
    [null, "Type the start of a brand or category (q)."],
    ["", "Type the start of a brand or category (q)."],
    ["   ", "Type the start of a brand or category (q)."],
    ["a".repeat(51), "Type at most 50 characters."],
    ["ba\u0000r", "Type letters, digits or punctuation only."],
    ["ba\nr", "Type letters, digits or punctuation only."],
  ])("refuses %j: %s", (q, error) => {
    expect(parseSuggestionQuery(q)).toEqual({ ok: false, error });
  });
});

describe("matchingCategories", () => {
  const categories = [
    { name: "Coats", slug: "coats" },
    { name: "Jackets & Blazers", slug: "jackets-blazers" },
    { name: "Dresses", slug: "dresses" },
    { name: "Tops", slug: "tops" },
  ];
  it.each([
    ["co", ["Coats"]],
    ["bla", ["Jackets & Blazers"]],
    ["jackets & b", ["Jackets & Blazers"]],
    ["t", ["Tops"]],
    ["x", []],
  ])("%j → %j", (prefix, names) => {
    expect(matchingCategories(categories, prefix).map((c) => c.label)).toEqual(names);
  });

  it("links each to its page", () => {
    expect(matchingCategories(categories, "dre")).toEqual([
      { kind: "category", label: "Dresses", url: "/categories/dresses" },
    ]);
    expect(brandLink("Zadig & Voltaire")).toEqual({
      kind: "brand",
      label: "Zadig & Voltaire",
      url: "/brand/Zadig%20%26%20Voltaire",
    });
  });
});
