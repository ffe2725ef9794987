import { describe, expect, it } from "vitest";
import { staffOrderChoices } from "./staff-order-choices";

describe("the admin status list offers only possible changes", () => {
  it.each([
    ["pending", ["pending", "pending"], ["pending", "processing", "shipped", "delivered", "cancelled"]],
    ["shipped", ["shipped"], ["shipped", "pending", "processing", "delivered", "cancelled"]],
    // A completed order: nothing would change, so nothing is offered (it offered 'pending' and 'cancelled').
    ["completed", ["completed"], []],
    ["active", ["active"], []],
    ["delivered", ["delivered"], []],
    ["cancelled", ["cancelled"], []],
    ["awaiting_payment", ["pending"], []],
    // One item delivered, one still to post: it shows its status and can be marked delivered, not cancelled or sent back.
    ["processing", ["active", "processing"], ["processing", "delivered"]],
    // An item cancelled alone does not hold the rest back.
    ["pending", ["cancelled", "pending"], ["pending", "processing", "shipped", "delivered", "cancelled"]],
  ] as const)("a %s order of items %j offers %j", (status, items, choices) => {
    expect(staffOrderChoices(status, items)).toEqual(choices);
  });
});
