import { describe, expect, it } from "vitest";
import { encodeSizesCookie, readMySizes, rememberedSizesRedirect, sizesFromCookie, withSizes } from "./my-sizes";

const form = (fields: Record<string, string | string[]>) => ({ getAll: (name: string) => [fields[name] ?? []].flat() });

describe("my sizes", () => {
  it("reads each system's sizes, ignoring empty ones", () => {
    expect(readMySizes(form({ size_women: "UK 10", size_men: "", size_shoes: "Shoe UK 6" }))).toEqual({
      ok: true,
      sizes: { women: ["UK 10"], shoes: ["Shoe UK 6"] },
    });
  });

  it("keeps two sizes of one system: a shopper between UK 10 and 12 saves both (issue 46 item 4)", () => {
    expect(readMySizes(form({ size_women: ["UK 12", "UK 10", "UK 12"] }))).toEqual({
      ok: true,
      sizes: { women: ["UK 10", "UK 12"] },
    });
    expect(readMySizes(form({ size_women: ["UK 10", "M"] }))).toEqual({
      ok: false,
      errors: { size_women: "Please choose a size from the Women's (UK) list" },
    });
  });

  it("refuses a size of another system at its field", () => {
    expect(readMySizes(form({ size_women: "M", size_children: "3–4 years" }))).toEqual({
      ok: false,
      errors: { size_women: "Please choose a size from the Women's (UK) list" },
    });
  });

  it("puts the sizes into a listing's URL from its first page, and takes them out", () => {
    expect(withSizes("/categories/dresses?color=Red&size=UK+8&after=abc", ["UK 10"])).toBe(
      "/categories/dresses?color=Red&size=UK+10&size=One+size&my_sizes=1",
    );
    expect(withSizes("/categories/dresses?size=UK+10&my_sizes=1", [])).toBe("/categories/dresses");
  });

  it("keeps the sizes in a cookie of the visit, dropping anything that is not a size", () => {
    const cookie = `a=1; cl_my_sizes=${encodeSizesCookie(["UK 10", "3–4 years"])}`;
    expect(sizesFromCookie(cookie)).toEqual(["UK 10", "3–4 years"]);
    expect(sizesFromCookie(`cl_my_sizes=${encodeURIComponent("nonsense|UK 99")}`)).toBeNull();
    expect(sizesFromCookie("cl_my_sizes=%E0%A4%A")).toBeNull();
  });

  it("sends a listing without a Size filter through the remembered sizes, and leaves a chosen filter alone", () => {
    const cookie = `cl_my_sizes=${encodeSizesCookie(["UK 10"])}`;
    expect(rememberedSizesRedirect(new URL("https://x.test/women?sort=newest"), cookie)).toBe(
      "/women?sort=newest&size=UK+10&size=One+size&my_sizes=1",
    );
    expect(rememberedSizesRedirect(new URL("https://x.test/women?size=UK+12"), cookie)).toBeNull();
    expect(rememberedSizesRedirect(new URL("https://x.test/women?my_sizes=1"), cookie)).toBeNull();
    expect(rememberedSizesRedirect(new URL("https://x.test/women"), null)).toBeNull();
  });
});
