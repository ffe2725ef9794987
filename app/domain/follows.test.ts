import { describe, expect, it } from "vitest";
import { digestSubject, followersText, followKey, followTarget, parseFollowKey } from "./follows";

describe("follows (issue 46 item 1, decision 0090)", () => {
  it("reads a follow form's target: a seller or a store, and an id", () => {
    expect(followTarget("seller", "user_vendor")).toEqual({ kind: "seller", id: "user_vendor" });
    expect(followTarget("store", "store_kensington")).toEqual({ kind: "store", id: "store_kensington" });
    for (const [kind, id] of [
      ["admin", "x"],
      ["seller", ""],
      ["seller", null],
      ["store", "x".repeat(101)],
      [undefined, "x"],
    ])
      expect(followTarget(kind, id)).toBeNull();
  });

  it("keys a page's follow button by its target, and reads the key back", () => {
    expect(followKey({ kind: "store", id: "store_1" })).toBe("store:store_1");
    expect(parseFollowKey("seller:user:odd")).toEqual({ kind: "seller", id: "user:odd" });
    expect(parseFollowKey("nonsense")).toBeNull();
  });

  it("counts followers and digest items in English", () => {
    expect(followersText(1)).toBe("1 follower");
    expect(followersText(0)).toBe("0 followers");
    expect(followersText(1200)).toBe("1,200 followers");
    expect(digestSubject(1)).toBe("New from sellers you follow: 1 item");
    expect(digestSubject(3)).toBe("New from sellers you follow: 3 items");
  });
});
