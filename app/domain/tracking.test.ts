import { describe, expect, it } from "vitest";
import { shopperParcels, timelineOf, trackingAfter, trackingStatusOf } from "./tracking";

describe("a parcel's tracking", () => {
  it.each([
    [null, "in_transit", "in_transit"],
    ["in_transit", "out_for_delivery", "out_for_delivery"],
    ["delivered", "in_transit", "delivered"],
    ["out_for_delivery", "in_transit", "out_for_delivery"],
    ["delivered", "returned_to_sender", "delivered"],
    ["returned_to_sender", "delivered", "returned_to_sender"],
  ] as const)("from %s, an event %s leaves it %s", (current, incoming, after) => {
    expect(trackingAfter(current, incoming)).toBe(after);
  });

  it("reads EasyPost's statuses, leaving out those the timeline does not show", () => {
    expect(trackingStatusOf("return_to_sender")).toBe("returned_to_sender");
    expect(trackingStatusOf("out_for_delivery")).toBe("out_for_delivery");
    for (const other of ["pre_transit", "unknown", "failure", "available_for_pickup", 42, null])
      expect(trackingStatusOf(other)).toBeNull();
  });

  it("orders the timeline by when the carrier saw each step, whatever order the events came in", () => {
    expect(
      timelineOf([
        { status: "delivered", occurredAt: 30 },
        { status: "in_transit", occurredAt: 10 },
        { status: "out_for_delivery", occurredAt: 20 },
      ]).map((s) => s.status),
    ).toEqual(["in_transit", "out_for_delivery", "delivered"]);
  });

  it("shows a rental's prepaid return label once it is delivered, a purchase's once its return is asked for", () => {
    const parcel = (direction: "outbound" | "return") => ({
      id: direction,
      direction,
      carrier: "royal_mail",
      service: "Tracked 48",
      trackingNumber: "AB123456789GB",
      trackingStatus: null,
      itemIds: ["i1"],
      events: [],
    });
    const returnsFor = (type: "rental" | "purchase", status: string) =>
      shopperParcels([parcel("outbound"), parcel("return")], [{ id: "i1", name: "Dress", type, status }]).returns
        .length;
    expect(returnsFor("rental", "shipped")).toBe(0);
    expect(returnsFor("rental", "active")).toBe(1);
    expect(returnsFor("purchase", "completed")).toBe(0);
    expect(returnsFor("purchase", "return_requested")).toBe(1);
  });

  it("shows a claim's return label whatever its item's status, marked as the claim's (decision 0093)", () => {
    const claimLabel = {
      id: "c",
      direction: "return" as const,
      carrier: "royal_mail",
      service: "Tracked 48",
      trackingNumber: "CD123456789GB",
      trackingStatus: "in_transit" as const,
      itemIds: ["i1"],
      events: [{ status: "in_transit" as const, occurredAt: 5 }],
      claimId: "claim_1",
    };
    const shown = shopperParcels(
      [claimLabel],
      [{ id: "i1", name: "Dress", type: "purchase", status: "completed" }],
    ).returns;
    expect(shown).toEqual([
      {
        id: "c",
        forClaim: true,
        trackingNumber: "CD123456789GB",
        status: "in_transit",
        timeline: [{ status: "in_transit", occurredAt: 5 }],
        names: ["Dress"],
      },
    ]);
    expect(
      shopperParcels(
        [{ ...claimLabel, claimId: null }],
        [{ id: "i1", name: "Dress", type: "purchase", status: "completed" }],
      ).returns,
    ).toEqual([]);
  });
});
