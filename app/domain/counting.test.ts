import { describe, expect, it } from "vitest";
import { counted } from "./counting";

describe("counting in English", () => {
  it.each([
    [0, "item", "0 items"],
    [1, "item", "1 item"],
    [2, "item", "2 items"],
    [1, "handler", "1 handler"],
    [3, "handler", "3 handlers"],
    [1, "favorite", "1 favorite"],
    [12, "favorite", "12 favorites"],
  ])("%i %s reads %j", (n, noun, words) => expect(counted(n, noun)).toBe(words));
});
