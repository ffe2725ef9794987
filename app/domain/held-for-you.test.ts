import { describe, expect, it } from "vitest";
import { heldForYouText } from "./held-for-you";

describe("the reserved box of the shopper whose checkout holds the item (decision 0098)", () => {
  it.each([
    // Paris is an hour ahead of the UK in winter and in summer.
    ["2026-11-29T13:49:00Z", "Europe/Paris", "until 14:49 (Paris time), waiting"],
    ["2026-07-01T13:49:00Z", "Europe/Paris", "until 15:49 (Paris time), waiting"],
    ["2026-07-01T13:49:00Z", "America/New_York", "until 09:49 (New York time), waiting"],
    // In the UK, or when nothing says, the UK's clock alone, as before.
    ["2026-07-01T13:49:00Z", "Europe/London", "until 14:49, waiting"],
    ["2026-11-29T13:49:00Z", null, "until 13:49, waiting"],
  ])("holds it until %s for a reader in %s: %s", (iso, zone, shown) => {
    expect(heldForYouText({ until: Date.parse(iso), zone })).toBe(
      `Reserved for you: your checkout holds this item ${shown} for your payment.`,
    );
  });

  it("says no time when the hold's end is not known", () => {
    expect(heldForYouText({ until: null, zone: "Europe/Paris" })).toBe(
      "Reserved for you: your checkout holds this item, waiting for your payment.",
    );
  });
});
