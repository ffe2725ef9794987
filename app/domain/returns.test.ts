import { describe, expect, it } from "vitest";
import { readInspection, readReturnReason } from "./returns";

describe("readInspection", () => {
  const read = (outcome: unknown, fee: unknown = "", reason: unknown = "") =>
    readInspection({ outcome, fee, reason }, 9000);

  it("takes good with no charge, damaged with its fee and reason, not returnable at the buying price", () => {
    expect(read("good")).toEqual({ ok: true, value: { outcome: "good" } });
    expect(read("damaged", "12.50", " Torn hem ")).toEqual({
      ok: true,
      value: { outcome: "damaged", charge: 1250, reason: "Torn hem" },
    });
    expect(read("damaged", "90", "Ruined")).toEqual({
      ok: true,
      value: { outcome: "damaged", charge: 9000, reason: "Ruined" },
    });
    expect(read("not_returnable", "", "Lost a sleeve")).toEqual({
      ok: true,
      value: { outcome: "not_returnable", charge: 9000, reason: "Lost a sleeve" },
    });
  });

  it("refuses a fee above the buying price, below 1p, missing or not money, and a missing reason", () => {
    expect(read("damaged", "90.01", "x")).toEqual({
      ok: false,
      errors: { fee: "The repair fee cannot be more than the buying price (£90.00)." },
    });
    expect(read("damaged", "0", "x")).toEqual({ ok: false, errors: { fee: "The repair fee must be at least 1p." } });
    expect(read("damaged", "", "x")).toEqual({ ok: false, errors: { fee: "Enter the repair fee." } });
    expect(read("damaged", "-3", "x")).toEqual({
      ok: false,
      errors: { fee: "Enter the repair fee in pounds, such as 12.50." },
    });
    expect(read("not_returnable", "", "  ")).toEqual({
      ok: false,
      errors: { reason: "Say what you found: the shopper is told." },
    });
    expect(read("lost")).toEqual({ ok: false, errors: { outcome: "Choose what you found when it came back." } });
    expect(read("damaged", "5", "x".repeat(501))).toMatchObject({
      ok: false,
      errors: { reason: "Keep the reason to 500 characters." },
    });
  });
});

describe("readReturnReason", () => {
  it("needs a short reason", () => {
    expect(readReturnReason(" Too small ")).toEqual({ ok: true, reason: "Too small" });
    expect(readReturnReason("")).toEqual({ ok: false, error: "Tell us why you are returning it." });
    expect(readReturnReason(null)).toMatchObject({ ok: false });
  });
});
