import { describe, expect, it } from "vitest";
import { rankSimilar, similarity, SIZE_RANKS, type SimilarityFacts } from "./similar";

const item: SimilarityFacts = {
  category: "Dresses",
  productType: "Women",
  size: "UK 10",
  brand: "Ganni",
  tags: ["party", "silk"],
  price: 2000,
};
const like = (id: string, createdAt: number, change: Partial<SimilarityFacts> = {}) => ({
  id,
  createdAt,
  ...item,
  ...change,
});

describe("similarity", () => {
  it.each([
    ["the same in every way", {}, 5 + 4 + 3 + 2 + 2 + 2],
    ["a neighbouring size", { size: "UK 12" }, 5 + 4 + 1.5 + 2 + 2 + 2],
    ["a size two steps away", { size: "UK 14" }, 5 + 4 + 0 + 2 + 2 + 2],
    ["another system's size", { size: "M" }, 5 + 4 + 0 + 2 + 2 + 2],
    ["half again the price", { price: 3000 }, 5 + 4 + 3 + 1 + 2 + 2],
    ["twice the price or more", { price: 5000 }, 5 + 4 + 3 + 0 + 2 + 2],
    ["another brand, no shared tags", { brand: "Zara", tags: ["denim"] }, 5 + 4 + 3 + 2],
    ["another type", { productType: "Children", size: "3–4 years" }, 5 + 2 + 2 + 2],
    ["another category (the newest fallback)", { category: "Coats" }, 4 + 3 + 2 + 2 + 2],
  ] as const)("%s", (_, change, score) => {
    expect(similarity(item, { ...item, ...change })).toBeCloseTo(score, 10);
  });

  it("counts at most three shared tags, each once", () => {
    const tagged = { ...item, tags: ["a", "b", "c", "d"] };
    expect(
      similarity(tagged, { ...tagged, tags: ["a", "a", "b", "c", "d"] }) - similarity(tagged, { ...tagged, tags: [] }),
    ).toBe(3);
  });

  it("ranks systems apart: no size is a neighbour of another system's", () => {
    expect(SIZE_RANKS["UK 26"]! + 1).not.toBe(SIZE_RANKS["XXS"]);
    expect(Math.abs(SIZE_RANKS["UK 10"]! - SIZE_RANKS["UK 12"]!)).toBe(1);
  });
});

describe("rankSimilar", () => {
  it("puts the closest first, then the newest among equals, and falls back to other items", () => {
    const ranked = rankSimilar(
      item,
      [
        like("old-twin", 1),
        like("new-twin", 5),
        like("neighbour", 9, { size: "UK 12" }),
        like("other-category", 10, { category: "Coats", brand: "Zara", tags: [] }),
        like("pricey", 8, { price: 9000 }),
      ],
      4,
    );
    expect(ranked.map((r) => r.id)).toEqual(["new-twin", "old-twin", "neighbour", "pricey"]);
  });

  it("with nothing alike, keeps the newest", () => {
    const strangers = [1, 3, 2].map((t) =>
      like(`s${t}`, t, { category: "Coats", productType: "Men", size: "M", brand: "Zara", tags: [], price: 99_999 }),
    );
    expect(rankSimilar(item, strangers, 2).map((r) => r.id)).toEqual(["s3", "s2"]);
  });
});
