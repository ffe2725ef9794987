import { formatGBP } from "./money";

// What a cancellation gives back, in the words the toast and the e-mail share (issue 42, item 4;
// decision 0074), so they say what the order's money lines show: each item's price and, for a
// handler group cancelled whole, its delivery.

export interface GivenBack {
  /** The cancelled items' prices (pence). */
  items: number;
  /** The delivery given back with them (pence): a group cancelled whole, or the whole order's. */
  delivery: number;
  /** How many items. */
  count: number;
}

/** 'Nothing was taken for it: £26.49 held on your card for it and £3.99 for its delivery (£30.48) is given back.' */
export function givenBackWords(back: GivenBack) {
  const it = back.count === 1 ? "it" : "them";
  const its = back.count === 1 ? "its" : "their";
  const what =
    back.delivery > 0
      ? `${formatGBP(back.items)} held on your card for ${it} and ${formatGBP(back.delivery)} for ${its} delivery (${formatGBP(back.items + back.delivery)} in all) is given back`
      : `${formatGBP(back.items)} held on your card for ${it} is given back`;
  return `Nothing was taken for ${it}: ${what}.`;
}
