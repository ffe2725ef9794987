import { describe, expect, it } from "vitest";
import { chargeMoment, checkoutAmounts, RESERVATION_MS, reservationEnded, reservationEnds } from "./payment-timing";

// When each amount is taken (decision 0055), per kind of order line, and the reservation's end.
describe("amounts and their timing", () => {
  it("takes a purchase's price, a rental's fee and the delivery at checkout; everything later off-session", () => {
    expect(chargeMoment("sale")).toBe("checkout");
    expect(chargeMoment("rental_fee")).toBe("checkout");
    expect(chargeMoment("delivery_fee")).toBe("checkout");
    for (const later of ["rental_purchase", "rental_conversion", "damage_charge", "not_returnable"] as const)
      expect(chargeMoment(later)).toBe("later_off_session");
  });

  it("sums what is paid at checkout in pence, and what a rental may cost later at most", () => {
    // A purchase only: its price and the delivery, nothing later.
    expect(checkoutAmounts([{ type: "purchase", price: 9000 }], 399)).toEqual({ atCheckout: 9399, laterAtMost: 0 });
    // A rental: its fee now; buying or keeping it costs its buying price on the day of the order.
    expect(checkoutAmounts([{ type: "rental", price: 2000, buyingPrice: 12000 }], 399)).toEqual({
      atCheckout: 2399,
      laterAtMost: 12000,
    });
    // Both, from two handlers (two delivery fees).
    expect(
      checkoutAmounts(
        [
          { type: "rental", price: 1500, buyingPrice: 8000 },
          { type: "purchase", price: 7000 },
        ],
        798,
      ),
    ).toEqual({ atCheckout: 9298, laterAtMost: 8000 });
  });
});

describe("the reservation", () => {
  const t0 = Date.UTC(2026, 10, 25, 20, 0);
  it("lasts Stripe's shortest session (30 minutes) and one minute", () => {
    expect(RESERVATION_MS).toBe(31 * 60_000);
    expect(reservationEnds(t0)).toBe(t0 + 31 * 60_000);
  });
  it("has ended exactly at its end, not a millisecond before; an order without one never ends", () => {
    const end = reservationEnds(t0);
    expect(reservationEnded(end, end - 1)).toBe(false);
    expect(reservationEnded(end, end)).toBe(true);
    expect(reservationEnded(null, end + 1)).toBe(false);
  });
});
