import { describe, expect, it } from "vitest";
import {
  ALL_SIZES,
  canonicalSize,
  euOfShoe,
  euOfWomen,
  measurementLines,
  neighbouringSizes,
  parseMeasurements,
  readCentimetres,
  SIZE_MESSAGES,
  sizeEquivalents,
  sizeFields,
  sizeLabel,
  sizesFor,
  sizeSystemsFor,
  systemOf,
  usOfWomen,
  validateSize,
} from "./sizes";
import { CATEGORIES, PRODUCT_TYPES } from "./catalog";

describe("size systems by type and category", () => {
  it.each([
    ["Women", "Dresses", ["women"]],
    ["Women", "Bottoms", ["women"]],
    ["Men", "Tops", ["men"]],
    ["Men", "Bottoms", ["men"]],
    ["Unisex", "Coats", ["men"]],
    ["Children", "Jackets & Blazers", ["children"]],
    ["Women", "Accessories", ["one-size", "shoes"]],
    ["Children", "Accessories", ["one-size", "shoes"]],
  ])("%s %s → %j", (type, category, systems) => {
    expect(sizeSystemsFor(type, category)).toEqual(systems);
  });

  it("gives every type and category of the catalog at least one system", () => {
    for (const type of PRODUCT_TYPES)
      for (const category of CATEGORIES) expect(sizesFor(type, category).length).toBeGreaterThan(0);
  });

  it("lists women's UK 4 to 26, men's XXS to XXXL, ages 0–3 months to 14–15 years, shoes UK 2 to 13 in halves", () => {
    expect(sizesFor("Women", "Dresses")).toEqual([
      "UK 4",
      "UK 6",
      "UK 8",
      "UK 10",
      "UK 12",
      "UK 14",
      "UK 16",
      "UK 18",
      "UK 20",
      "UK 22",
      "UK 24",
      "UK 26",
    ]);
    expect(sizesFor("Men", "Tops")).toEqual(["XXS", "XS", "S", "M", "L", "XL", "XXL", "XXXL"]);
    const ages = sizesFor("Children", "Tops");
    expect(ages[0]).toBe("0–3 months");
    expect(ages.at(-1)).toBe("14–15 years");
    const shoes = sizesFor("Women", "Accessories").filter((s) => s.startsWith("Shoe"));
    expect(shoes).toHaveLength(23);
    expect(shoes.slice(0, 3)).toEqual(["Shoe UK 2", "Shoe UK 2.5", "Shoe UK 3"]);
    expect(shoes.at(-1)).toBe("Shoe UK 13");
  });

  it("keeps every size unique across systems", () => {
    expect(new Set(ALL_SIZES).size).toBe(ALL_SIZES.length);
    expect(systemOf("UK 10")).toBe("women");
    expect(systemOf("Shoe UK 10")).toBe("shoes");
    expect(systemOf("UK 11")).toBeNull();
  });
});

describe("conversions", () => {
  it.each([
    [4, 32, 0],
    [8, 36, 4],
    [10, 38, 6],
    [16, 44, 12],
    [26, 54, 22],
  ])("women's UK %i is EU %i and US %i", (uk, eu, us) => {
    expect(euOfWomen(uk)).toBe(eu);
    expect(usOfWomen(uk)).toBe(us);
  });

  it.each([
    [4, 37],
    [5.5, 38.5],
    [8, 42],
    [13, 48.5],
  ])("shoe UK %s is EU %s", (uk, eu) => expect(euOfShoe(uk)).toBe(eu));

  it("labels sizes with their equivalents", () => {
    expect(sizeLabel("UK 10", "Dresses")).toBe("UK 10 (EU 38, US 6)");
    expect(sizeLabel("M", "Tops")).toBe("M (chest 38–40 in)");
    expect(sizeLabel("M", "Bottoms")).toBe("M (waist 32 in, leg 32 in)");
    expect(sizeLabel("Shoe UK 7.5", "Accessories")).toBe("Shoe UK 7.5 (EU 41)");
    expect(sizeLabel("One size", "Accessories")).toBe("One size");
    expect(sizeEquivalents("3–4 years")).toBeNull();
  });

  it("finds neighbouring sizes within a system", () => {
    expect(neighbouringSizes("UK 10")).toEqual(["UK 8", "UK 12"]);
    expect(neighbouringSizes("UK 4")).toEqual(["UK 6"]);
    expect(neighbouringSizes("XXXL")).toEqual(["XXL"]);
    expect(neighbouringSizes("One size")).toEqual([]);
    expect(neighbouringSizes("nonsense")).toEqual([]);
  });

  it("reads a typed size in any case and with a plain hyphen", () => {
    expect(canonicalSize(" uk  10 ")).toBe("UK 10");
    expect(canonicalSize("3-4 years")).toBe("3–4 years");
    expect(canonicalSize("UK 11")).toBeNull();
  });
});

describe("validation", () => {
  it("accepts a size of the listing's system with a fit note and measurements", () => {
    expect(
      validateSize(
        { size: "UK 10", fitNote: "Runs small", measurements: { chest: "88", waist: "70.5 cm" } },
        "Women",
        "Dresses",
      ),
    ).toEqual({
      ok: true,
      size: "UK 10",
      fitNote: "Runs small",
      measurements: { chest: 88, waist: 70.5 },
    });
  });

  it.each([
    [{}, "Women", "Dresses", { size: SIZE_MESSAGES.required }],
    [{ size: "UK 99" }, "Women", "Dresses", { size: SIZE_MESSAGES.unknown }],
    [{ size: "M" }, "Women", "Dresses", { size: SIZE_MESSAGES.wrongSystem("Women", "Dresses") }],
    [{ size: "UK 10" }, "Women", "Accessories", { size: SIZE_MESSAGES.wrongSystem("Women", "Accessories") }],
    [{ size: "One size", fitNote: "Snug" }, "Men", "Accessories", { fitNote: SIZE_MESSAGES.fitNote }],
    [
      { size: "M", measurements: { chest: "-5" } },
      "Men",
      "Tops",
      { measure_chest: SIZE_MESSAGES.measurement("Chest / bust") },
    ],
    [
      { size: "M", measurements: { waist: "abc" } },
      "Men",
      "Tops",
      { measure_waist: SIZE_MESSAGES.measurement("Waist") },
    ],
    [
      { size: "M", measurements: { insideLeg: "301" } },
      "Men",
      "Bottoms",
      { measure_insideLeg: SIZE_MESSAGES.measurement("Inside leg") },
    ],
    [{ size: "M", measurements: { hips: "0" } }, "Men", "Bottoms", { measure_hips: SIZE_MESSAGES.measurement("Hips") }],
  ])("refuses %j for %s %s", (input, type, category, errors) => {
    expect(validateSize(input, type, category)).toEqual({ ok: false, errors });
  });

  it("reads centimetres up to 300 with one decimal", () => {
    expect(readCentimetres("300")).toEqual({ ok: true, cm: 300 });
    expect(readCentimetres("")).toEqual({ ok: true, cm: null });
    expect(readCentimetres("300.1")).toEqual({ ok: false });
    expect(readCentimetres("12.25")).toEqual({ ok: false });
    expect(readCentimetres("1e2")).toEqual({ ok: false });
  });

  it("reads stored measurements back and lists them", () => {
    const stored = JSON.stringify({ chest: 92, waist: -1, nonsense: 3, length: 70 });
    expect(parseMeasurements(stored)).toEqual({ chest: 92, length: 70 });
    expect(parseMeasurements("not json")).toEqual({});
    expect(measurementLines({ chest: 92, length: 70 })).toEqual(["Chest / bust 92 cm", "Length 70 cm"]);
    expect(sizeFields({ size: "UK 8", fitNote: null, measurements: stored })).toMatchObject({
      size: "UK 8",
      fitNote: "",
      measure_chest: "92",
      measure_waist: "",
    });
  });
});
