import { describe, expect, it } from "vitest";
import { formatGBP, parsePounds } from "./money";

describe("formatGBP", () => {
  it.each([
    [0, "£0.00"],
    [1, "£0.01"],
    [399, "£3.99"],
    [1000, "£10.00"],
    [123456, "£1,234.56"],
    [-250, "-£2.50"],
  ])("formats %i pence as %s", (pence, text) => {
    expect(formatGBP(pence)).toBe(text);
  });

  it("refuses fractional pence", () => {
    expect(() => formatGBP(1.5)).toThrow(/integer pence/);
  });
});

describe("parsePounds", () => {
  it.each([
    ["12", 1200],
    ["12.5", 1250],
    ["0.01", 1],
    ["£1,299.99", 129999],
    [" 3.99 ", 399],
  ])("reads %s as %i pence", (input, pence) => {
    expect(parsePounds(input)).toBe(pence);
  });

  it.each(["", "abc", "1.234", "-1", "1e3"])("refuses %s", (input) => {
    expect(parsePounds(input)).toBeNull();
  });
});
