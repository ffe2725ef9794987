// What the order page says of a line's price (issue 43; decision 0093): an agreed price (an
// accepted offer) or its handler group's bundle discount, from what checkout recorded on the line
// (`listed_price`, `bundle_percent`). Pure.

interface PricedAtCheckout {
  price: number;
  /** What the line was listed at (priceBasket's `listPrice`). */
  listPrice?: number;
  /** The bundle discount of its handler's group, in percent (0 or absent: none). */
  bundlePercent?: number;
}

/** The columns checkout writes on an order line: null on a line paid at its listed price. */
export function priceNote(line: PricedAtCheckout): { listedPrice: number | null; bundlePercent: number | null } {
  if (line.listPrice === undefined || line.listPrice <= line.price) return { listedPrice: null, bundlePercent: null };
  return { listedPrice: line.listPrice, bundlePercent: line.bundlePercent ? line.bundlePercent : null };
}

interface OrderLine {
  name: string;
  price: number;
  listedPrice: number | null;
  bundlePercent: number | null;
  handler: "vendor" | "store";
  sellerId: string | null;
  ownerId: string | null;
}

/** A line bought at a price agreed with its handler: what it was listed at, else null. */
export const agreedFrom = (line: Pick<OrderLine, "price" | "listedPrice" | "bundlePercent">) =>
  line.listedPrice !== null && line.listedPrice > line.price && !line.bundlePercent ? line.listedPrice : null;

export interface BundleNote {
  percent: number;
  names: string[];
  /** What the group's discount took off its items' listed prices (pence). */
  discount: number;
}

/** Each handler group's bundle discount as the order page shows it: its items, percentage and amount. */
export function bundleNotes(lines: readonly OrderLine[]): BundleNote[] {
  const groups = new Map<string, BundleNote>();
  for (const line of lines) {
    if (!line.bundlePercent || line.listedPrice === null || line.listedPrice <= line.price) continue;
    const key = line.handler === "store" ? `store:${line.sellerId}` : `vendor:${line.ownerId ?? line.sellerId}`;
    const group = groups.get(key) ?? { percent: line.bundlePercent, names: [], discount: 0 };
    group.names.push(line.name);
    group.discount += line.listedPrice - line.price;
    groups.set(key, group);
  }
  return [...groups.values()];
}
