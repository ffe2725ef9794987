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

  it("writes what Intl's en-GB currency format writes, for every size and sign", () => {
    const intl = new Intl.NumberFormat("en-GB", { style: "currency", currency: "GBP", minimumFractionDigits: 2 });
    const amounts = [0, 5, 99, 100, 101, 999, 1000, 99_999, 100_000, 100_001, 123_456_789, 999_999_999_999];
    for (let x = 7; x < 10 ** 13; x = x * 3 + 11) amounts.push(x);
    for (const pence of [...amounts, ...amounts.map((a) => -a).filter((a) => a !== 0)])
      expect(formatGBP(pence), String(pence)).toBe(intl.format(pence / 100));
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
