import { describe, expect, it } from "vitest";
import { type Carrier, dispatchBy, readTracking, returnPostBy, trackingUrl } from "./shipping";
import { formatDeadline } from "./dates";

describe("readTracking", () => {
  // One number for every carrier a handler can choose: a new carrier without one does not type-check.
  const numbers = {
    royal_mail: "ab123456789gb",
    dpd: "15501234567890",
    evri: "H01HYA0012345678",
    ups: "1Z999AA10123456784",
    other: "PARCEL-12345",
  } satisfies Record<Carrier, string>;
  it.each(Object.entries(numbers) as [Carrier, string][])(
    "accepts a %s number, trimmed and stored in capitals",
    (carrier, number) => {
      expect(readTracking(carrier, `  ${number} `)).toEqual({
        ok: true,
        carrier,
        trackingNumber: number.toUpperCase(),
      });
    },
  );

  it("refuses a number with spaces, the wrong shape, a missing number or carrier", () => {
    expect(readTracking("dpd", "1550 1234 5678")).toEqual({
      ok: false,
      errors: { trackingNumber: "Enter the tracking number without spaces." },
    });
    expect(readTracking("ups", "AB123456789GB")).toEqual({
      ok: false,
      errors: {
        trackingNumber: "That does not look like a UPS tracking number: expected 1Z followed by 16 letters and digits.",
      },
    });
    expect(readTracking("dpd", "12345")).toMatchObject({
      ok: false,
      errors: { trackingNumber: expect.stringContaining("DPD") },
    });
    expect(readTracking("other", "A")).toMatchObject({
      ok: false,
      errors: { trackingNumber: expect.stringMatching(/^That does not look like a tracking number: expected /) },
    });
    expect(readTracking("royal_mail", "")).toEqual({
      ok: false,
      errors: { trackingNumber: "Enter the tracking number." },
    });
    expect(readTracking("pigeon", "AB123456789GB")).toEqual({ ok: false, errors: { carrier: "Choose the carrier." } });
    expect(readTracking(null, null)).toMatchObject({ ok: false });
  });
});

describe("trackingUrl", () => {
  it("links a known carrier's tracking page and nothing for Other", () => {
    expect(trackingUrl("dpd", "15501234567890")).toBe("https://track.dpd.co.uk/parcels/15501234567890");
    expect(trackingUrl("other", "PARCEL-12345")).toBeNull();
    expect(trackingUrl(null, "X")).toBeNull();
  });
});

describe("dispatchBy", () => {
  it("gives two working days, skipping the weekend, to the end of the UK day", () => {
    // Wednesday 25 Nov 2026 10:00 UTC → end of Friday 27 Nov (UK = UTC in winter).
    expect(new Date(dispatchBy(Date.UTC(2026, 10, 25, 10))).toISOString()).toBe("2026-11-27T23:59:59.999Z");
    // Friday 27 Nov → Tuesday 1 Dec.
    expect(new Date(dispatchBy(Date.UTC(2026, 10, 27, 10))).toISOString()).toBe("2026-12-01T23:59:59.999Z");
    // Saturday → Tuesday.
    expect(new Date(dispatchBy(Date.UTC(2026, 10, 28, 10))).toISOString()).toBe("2026-12-01T23:59:59.999Z");
  });

  it("ends the UK day in summer time (23:59 BST is 22:59 UTC)", () => {
    expect(new Date(dispatchBy(Date.UTC(2026, 5, 1, 10))).toISOString()).toBe("2026-06-03T22:59:59.999Z");
  });

  it("reads as a UK date", () => {
    expect(formatDeadline(dispatchBy(Date.UTC(2026, 10, 25, 10)))).toBe("Friday 27 November");
  });
});

describe("returnPostBy", () => {
  const DAY = 86_400_000;
  it("is a rental's window end, a purchase's request plus 7 days", () => {
    const asked = Date.UTC(2026, 10, 25, 10);
    expect(formatDeadline(returnPostBy("rental", asked, asked + 3 * DAY))).toBe("Saturday 28 November");
    expect(formatDeadline(returnPostBy("rental", asked, asked + DAY))).toBe("Friday 27 November");
    expect(formatDeadline(returnPostBy("purchase", asked, null))).toBe("Wednesday 2 December");
  });
});
