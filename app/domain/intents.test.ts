import { describe, expect, it } from "vitest";
import { readIntent } from "./intents";

describe("readIntent", () => {
  const intents = ["add", "remove"] as const;
  const form = (entries: [string, string][]) => {
    const f = new FormData();
    for (const [k, v] of entries) f.append(k, v);
    return f;
  };

  it.each([
    [[["intent", "add"]], "add"],
    [[["intent", "remove"]], "remove"],
    [[["intent", "checkout"]], null],
    [[["intent", "ADD"]], null],
    [[["intent", ""]], null],
    [[], null],
  ] as [[string, string][], string | null][])("%j → %j", (entries, expected) => {
    expect(readIntent(form(entries), intents)).toBe(expected);
  });
});
