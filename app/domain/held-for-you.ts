import type { HeldReservation } from "./alerts";
import { timeFor } from "./dates";

// The reserved box of the shopper whose own checkout holds an item (decisions 0068 and 0098), on
// the product page. Its line is written on the server, in the holder's zone (the product loader,
// the stitcher): the page's JavaScript carries the line, not the date rules (decision 0130).

/** Until when, in the holder's own zone, named outside the UK ('15:30 (Paris time)'). */
export const heldForYouText = ({ until, zone }: Pick<HeldReservation, "until" | "zone">) =>
  `Reserved for you: your checkout holds this item${until ? ` until ${timeFor(until, zone)}` : ""}, waiting for your payment.`;

/** A held item's box as the holder reads it: the hold, with its line in their zone. */
export type HeldForYouBox = HeldReservation & { text: string };

/** The box of `held` for a holder who reads times in `zone`. */
export const heldForYouBox = (held: HeldReservation, zone: string | null): HeldForYouBox => ({
  ...held,
  zone,
  text: heldForYouText({ until: held.until, zone }),
});
