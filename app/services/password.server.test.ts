import { describe, expect, it } from "vitest";
import {
  constantTimeEqual,
  hashPassword,
  PBKDF2_ITERATIONS,
  PRODUCTION_PBKDF2_CAP,
  verifyPassword,
} from "./password.server";

describe("password hashing", () => {
  it("never exceeds the iteration cap that production Workers enforce", () => {
    expect(PBKDF2_ITERATIONS).toBeLessThanOrEqual(PRODUCTION_PBKDF2_CAP);
    expect(PBKDF2_ITERATIONS).toBe(100_000);
  });

  it("verifies the right password and refuses a wrong one or another pepper", async () => {
    const stored = await hashPassword("correct horse", "pepper-one-0123456789-0123456789");
    expect(await verifyPassword("correct horse", "pepper-one-0123456789-0123456789", stored)).toBe(true);
    expect(await verifyPassword("correct horsE", "pepper-one-0123456789-0123456789", stored)).toBe(false);
    expect(await verifyPassword("correct horse", "pepper-two-0123456789-0123456789", stored)).toBe(false);
  });

  it("salts every hash", async () => {
    const a = await hashPassword("same", "p".repeat(32));
    const b = await hashPassword("same", "p".repeat(32));
    expect(a.salt).not.toBe(b.salt);
    expect(a.hash).not.toBe(b.hash);
  });

  it("refuses a corrupt stored hash instead of throwing", async () => {
    expect(await verifyPassword("x", "p".repeat(32), { hash: "%%%", salt: "%%%" })).toBe(false);
  });

  it("compares bytes by length and content", () => {
    expect(constantTimeEqual(new Uint8Array([1, 2]), new Uint8Array([1, 2]))).toBe(true);
    expect(constantTimeEqual(new Uint8Array([1, 2]), new Uint8Array([1, 3]))).toBe(false);
    expect(constantTimeEqual(new Uint8Array([1]), new Uint8Array([1, 2]))).toBe(false);
  });
});
