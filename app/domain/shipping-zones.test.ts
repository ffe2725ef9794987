import { describe, expect, it } from "vitest";
import {
  deliveryFeeTo,
  deliveryTo,
  labelBudget,
  readShippingSettings,
  returnFeeFor,
  shipsToLine,
  transitDaysTo,
  UK_ONLY,
  zoneOf,
  type ShippingSettings,
} from "./shipping-zones";

const europe: ShippingSettings = { reach: "europe", europeFee: 1299, worldFee: null };
const worldwide: ShippingSettings = { reach: "worldwide", europeFee: 999, worldFee: 2499 };

describe("shipping zones", () => {
  it.each([
    ["GB", "uk"],
    ["fr", "europe"],
    ["IE", "europe"],
    ["CH", "europe"],
    ["US", "world"],
    ["HK", "world"],
    ["ZZ", null],
    ["", null],
  ])("%s is in zone %s", (country, zone) => expect(zoneOf(country)).toBe(zone));

  it.each([
    [UK_ONLY, "GB", 399],
    [UK_ONLY, "FR", null],
    [UK_ONLY, "US", null],
    [europe, "GB", 399],
    [europe, "FR", 1299],
    [europe, "AU", null],
    [worldwide, "DE", 999],
    [worldwide, "AU", 2499],
    [worldwide, "XX", null],
    [null, "GB", 399],
  ] as const)("a handler reaching %o charges %s %s", (settings, country, fee) =>
    expect(deliveryFeeTo(settings, country)).toBe(fee),
  );

  it("says on the product page whether and for how much it ships", () => {
    expect(shipsToLine(europe, "FR")).toEqual({ ships: true, text: "Ships to France: £12.99 delivery" });
    expect(shipsToLine(UK_ONLY, "FR")).toEqual({ ships: false, text: "Does not ship to France" });
    expect(shipsToLine(europe, "nowhere")).toBeNull();
  });

  it("reads the dashboard form: a fee for each zone the reach adds", () => {
    expect(readShippingSettings({ reach: "uk", europeFee: "", worldFee: "" })).toEqual({ ok: true, value: UK_ONLY });
    expect(readShippingSettings({ reach: "europe", europeFee: "12.99", worldFee: "" })).toEqual({
      ok: true,
      value: europe,
    });
    expect(readShippingSettings({ reach: "worldwide", europeFee: "9.99", worldFee: "24.99" })).toEqual({
      ok: true,
      value: worldwide,
    });
    expect(readShippingSettings({ reach: "mars", europeFee: "", worldFee: "" })).toEqual({
      ok: false,
      errors: { reach: "Choose where you ship." },
    });
    expect(readShippingSettings({ reach: "europe", europeFee: "", worldFee: "" })).toEqual({
      ok: false,
      errors: { europeFee: "Enter the delivery fee to Europe." },
    });
    expect(readShippingSettings({ reach: "worldwide", europeFee: "lots", worldFee: "500" })).toEqual({
      ok: false,
      errors: {
        europeFee: "Enter the delivery fee to Europe in pounds, such as 12.50.",
        worldFee: "The delivery fee to the rest of the world must be between £0.00 and £100.00.",
      },
    });
  });
});

describe("the basket's delivery to a country", () => {
  const vera = { handler: "vendor" as const, sellerId: "u_vera" };
  const store = { handler: "store" as const, sellerId: "s_ken" };
  const lines = [
    { ...vera, name: "Silk Scarf" },
    { ...vera, name: "Wool Coat" },
    { ...store, name: "Red Linen Shirt" },
  ];
  const settings = new Map([
    ["vendor:u_vera", europe],
    ["store:s_ken", worldwide],
  ]);

  it("charges each handler group its zone's fee once", () => {
    const toFrance = deliveryTo(lines, settings, "FR");
    expect(toFrance.ok && toFrance.delivery).toBe(1299 + 999);
    expect(toFrance.ok && lines.map(toFrance.feeOf)).toEqual([1299, 1299, 999]);
    const toUk = deliveryTo(lines, settings, "GB");
    expect(toUk.ok && toUk.delivery).toBe(399 * 2);
  });

  it("charges a group holding a rental sent abroad its zone's fee again for the return parcel (decision 0094)", () => {
    const withRental = [
      { ...lines[0]!, type: "purchase" },
      { ...lines[1]!, type: "rental" },
      { ...lines[2]!, type: "purchase" },
    ];
    const toFrance = deliveryTo(withRental, settings, "FR");
    expect(toFrance).toMatchObject({ ok: true, delivery: 1299 * 2 + 999, returns: 1299 });
    expect(toFrance.ok && withRental.map(toFrance.feeOf)).toEqual([2598, 2598, 999]);
    // Inside the UK the £3.99 pays both ways, as before.
    expect(deliveryTo(withRental, settings, "GB")).toMatchObject({ ok: true, delivery: 399 * 2, returns: 0 });
    const storeRental = [{ ...lines[2]!, type: "rental" }];
    expect(deliveryTo(storeRental, settings, "US")).toMatchObject({ ok: true, delivery: 2499 * 2, returns: 2499 });
  });

  it.each([
    [1299, "FR", [{ type: "rental" }], 1299],
    [1299, "FR", [{ type: "purchase" }], 0],
    [399, "GB", [{ type: "rental" }], 0],
    [null, "AU", [{ type: "rental" }], 0],
    [0, "DE", [{ type: "rental" }], 0],
  ] as const)("a group's return parcel: outbound %s to %s, lines %o → %s", (outbound, country, group, fee) =>
    expect(returnFeeFor(outbound, country, group)).toBe(fee),
  );

  it.each([
    ["GB", 2],
    ["FR", 5],
    ["US", 10],
    ["ZZ", 2],
  ] as const)("a parcel to or from %s takes %s working days", (country, days) =>
    expect(transitDaysTo(country)).toBe(days),
  );

  // One label, out or back, within the fee its group paid one way for its zone (decision 0099).
  it.each([
    [399, "GB", [{ type: "purchase" }], 399], // the UK's £3.99 pays each label
    [399, "GB", [{ type: "rental" }], 399],
    [1299, "FR", [{ type: "purchase" }], 1299], // a purchase from France: its return within Europe's fee
    [2598, "FR", [{ type: "rental" }], 1299], // a rental to France paid Europe's fee twice: one each way
    [4998, "US", [{ type: "purchase" }, { type: "rental" }], 2499],
    [null, "FR", [{ type: "purchase" }], 399], // an order from before per-group fees: £3.99
  ] as const)("a label of a group that paid %s to %s (%o) may cost %s", (fee, country, group, budget) =>
    expect(labelBudget(fee, country, group)).toBe(budget),
  );

  it("refuses a group that does not ship there, naming its items", () => {
    expect(deliveryTo(lines, settings, "AU")).toEqual({
      ok: false,
      refused: ["Silk Scarf", "Wool Coat"],
      message:
        'These items do not ship to Australia: "Silk Scarf", "Wool Coat". Remove them from your basket or choose another address to continue.',
    });
    expect(
      deliveryTo([lines[2]!, { handler: "vendor" as const, sellerId: "u_new", name: "Hat" }], settings, "FR"),
    ).toMatchObject({
      ok: false,
      message: '"Hat" does not ship to France. Remove it from your basket or choose another address to continue.',
    });
  });
});
