// Delivery (DECISIONS.md, Money): £3.99 per distinct handler-plus-seller group. One function,
// used by the basket drawer, the cart page and the order itself.
export const DELIVERY_FEE_PER_GROUP = 399;

export interface BasketLine {
  handler: "vendor" | "store";
  sellerId: string | null;
  price: number;
  quantity: number;
}

export function groupKey(line: Pick<BasketLine, "handler" | "sellerId">) {
  return `${line.handler}:${line.sellerId ?? "unknown"}`;
}

/** Lines grouped by handler plus seller, in first-seen order. */
export function handlerGroups<T extends Pick<BasketLine, "handler" | "sellerId">>(lines: T[]) {
  const groups = new Map<string, T[]>();
  for (const line of lines) {
    const key = groupKey(line);
    groups.set(key, [...(groups.get(key) ?? []), line]);
  }
  return [...groups.values()];
}

export function basketTotals(lines: BasketLine[]) {
  const subtotal = lines.reduce((sum, l) => sum + l.price * l.quantity, 0);
  const groups = handlerGroups(lines).length;
  const delivery = groups * DELIVERY_FEE_PER_GROUP;
  return { subtotal, groups, delivery, total: subtotal + delivery };
}

/**
 * The handler groups a cancellation left with every item cancelled while the rest of the order
 * goes on (issue 42, item 4; decision 0074): each gets its £3.99 back, as if it had never been in
 * the basket. `items` carry their statuses after the change; only groups the change touched
 * count. A whole order cancelled gives its delivery back with everything else (refundOrder).
 */
export function groupsCancelledWhole<
  T extends Pick<BasketLine, "handler" | "sellerId"> & { id: string; status: string },
>(items: readonly T[], changed: ReadonlySet<string>): T[][] {
  if (items.every((i) => i.status === "cancelled")) return [];
  return handlerGroups([...items]).filter(
    (group) => group.every((i) => i.status === "cancelled") && group.some((i) => changed.has(i.id)),
  );
}

/** The refund key of a cancelled group's delivery: named by the group's first item, so it is given back once. */
export const deliveryRefundKey = (firstItemId: string) => `refund:delivery:${firstItemId}`;
