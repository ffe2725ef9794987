// Damage protection (issue 44, item 6; decision 0080). Pure.
//
// A rental can be protected at checkout for a flat fee, the platform's own (no seller or store
// share). If the item comes back damaged, the cover waives its repair fee up to a limit, before
// anything is charged; what is above the limit is charged as before. An item that cannot be
// returned at all is charged as a purchase: the cover is for repairs, not for losing the item.

/** The fee per protected rental (pence). */
export const PROTECTION_FEE = 250;
/** The most of a repair fee the cover waives (pence). */
export const PROTECTION_COVER = 5000;

export const PROTECTION_MESSAGES = {
  purchaseOnly: (name: string) =>
    `Damage protection is for rentals only: "${name}" is a purchase. Untick its protection to continue.`,
} as const;

/** A repair fee with the cover applied: what is waived and what is still charged. */
export function applyCover(repairFee: number, protectedRental: boolean) {
  const waived = protectedRental ? Math.min(Math.max(0, repairFee), PROTECTION_COVER) : 0;
  return { waived, charged: Math.max(0, repairFee) - waived };
}

/** What the order page and the checkout say about the cover. */
export const PROTECTION_TERMS = "Damage protection waives a repair fee of up to £50 if the item comes back damaged.";
