import type { HeldReservation } from "./alerts";
import { timeFor } from "./dates";

// The reserved box of the shopper whose own checkout holds an item (decisions 0068 and 0098), on
// the product page. A module of its own: the page's JavaScript needs this line, not the rules of
// alerts and saved searches beside HeldReservation.

/** Until when, in the holder's own zone, named outside the UK ('15:30 (Paris time)'). */
export const heldForYouText = ({ until, zone }: Pick<HeldReservation, "until" | "zone">) =>
  `Reserved for you: your checkout holds this item${until ? ` until ${timeFor(until, zone)}` : ""}, waiting for your payment.`;
