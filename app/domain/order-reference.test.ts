import { describe, expect, it } from "vitest";
import {
  newOrderReference,
  normaliseOrderReference,
  randomOrderReference,
  REFERENCE_ALPHABET,
  referenceSearchPart,
  showReference,
} from "./order-reference";

describe("order references", () => {
  it("are eight characters without look-alikes (no I, L, O or U)", () => {
    expect(REFERENCE_ALPHABET).toHaveLength(32);
    for (const char of "ILOU") expect(REFERENCE_ALPHABET).not.toContain(char);
    for (let i = 0; i < 200; i++) expect(randomOrderReference()).toMatch(/^[0-9A-HJKMNP-TV-Z]{8}$/);
  });

  it("take each character from five bits of a random byte", () => {
    expect(newOrderReference(new Uint8Array([0, 1, 31, 32, 33, 255, 10, 18]))).toBe("01Z01ZAJ");
    expect(() => newOrderReference(new Uint8Array(4))).toThrow();
  });

  it("are shown with a '#'", () => {
    expect(showReference("7KQ4M2XA")).toBe("#7KQ4M2XA");
  });

  it.each([
    ["7KQ4M2XA", "7KQ4M2XA"],
    ["7kq4m2xa", "7KQ4M2XA"],
    ["#7KQ4-M2XA", "7KQ4M2XA"],
    [" 7kq4 m2xa ", "7KQ4M2XA"],
    ["O1IL0000", "01110000"],
    ["oiLl0000", "01110000"],
  ])("read %j as %s", (typed, reference) => expect(normaliseOrderReference(typed)).toBe(reference));

  it.each(["", "7KQ4M2X", "7KQ4M2XAB", "7KQ4M2XU", "7KQ4M2X!", "eturning"])("refuse %j as a whole reference", (typed) =>
    expect(normaliseOrderReference(typed)).toBeNull(),
  );

  it("read part of a reference for a staff search, and leave text that cannot be one", () => {
    expect(referenceSearchPart("7kq4-m")).toBe("7KQ4M");
    expect(referenceSearchPart("#oil")).toBe("011");
    expect(referenceSearchPart("7K")).toBeNull();
    expect(referenceSearchPart("jane@example.com")).toBeNull();
    expect(referenceSearchPart("Sarah Jones")).toBeNull();
  });
});
