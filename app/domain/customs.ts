// What a parcel crossing a border says it holds (issue 45 item 4; decision 0099): carriers need a
// customs declaration for every parcel between two countries — a return from France too. Each
// garment by its name and its value in pence of GBP: a purchase at the price paid, a rental at what
// buying it costs (the garment's worth, not its rental fee). Pure.

/** One line of a customs declaration: a garment and its value (integer pence, GBP). */
export interface DeclaredItem {
  description: string;
  value: number;
}

/** A carrier's description field is short: names are cut to this many characters. */
export const DESCRIPTION_MAX = 100;

export function declaredContents(
  items: readonly { name: string; type: "rental" | "purchase"; price: number; buyingPrice?: number | null }[],
): DeclaredItem[] {
  return items.map((item) => ({
    description: item.name.slice(0, DESCRIPTION_MAX),
    value: item.type === "rental" ? (item.buyingPrice ?? item.price) : item.price,
  }));
}
