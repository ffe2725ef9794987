// One order's money (issue 22, item 8): every charge and refund of an order, with its status,
// and a total paid that is their sum. Pure: the rows come from app/data/order-money.server.ts.
//
// The order's own lines come from what was bought at checkout (each item's rental fee or price,
// and the delivery fee: authorised then, taken at delivery, decision 0035); every later charge is
// a transaction (Buy it now, a rental kept past its window, a repair fee...); every refund is a
// payment call, named by its idempotency key (app/services/payments.server.ts).

export type MoneyStatus =
  | "Authorised"
  | "Paid"
  | "Payment pending"
  | "Awaiting payment"
  | "Not paid"
  | "Cancelled"
  | "Refunded"
  | "Refund pending";

export interface MoneyLine {
  /** A stable key for the row. */
  key: string;
  label: string;
  /** Signed pence: a refund is negative. */
  amount: number;
  status: MoneyStatus;
  /** The order item it concerns, or null for the order's delivery fee or a whole-order refund. */
  itemId: string | null;
}

export interface OrderMoney {
  lines: MoneyLine[];
  /**
   * What was paid (issue 42 item 5; decision 0074): captured (or held, taken at checkout) less
   * refunded. Never a pending amount: a charge not taken yet, a refund not given yet, a checkout
   * never paid ('Awaiting payment', 'Not paid') count nothing here.
   */
  total: number;
  /** Shown apart from the total: later charges not taken yet, refunds not given yet (positive pence). */
  pending: { charges: number; refunds: number };
}

/** How a line counts: in what was paid (its amount, signed), in a pending sum, or not at all. */
type Counts = "paid" | "pending_charge" | "pending_refund" | "none";
const COUNTS: Record<MoneyStatus, Counts> = {
  Authorised: "paid",
  Paid: "paid",
  Refunded: "paid",
  // A checkout line cancelled after the checkout was paid: taken (held) then given back by its refund line.
  Cancelled: "paid",
  "Payment pending": "pending_charge",
  "Refund pending": "pending_refund",
  "Awaiting payment": "none",
  "Not paid": "none",
};

export interface MoneyInput {
  order: { id: string; deliveryFee: number; status: string };
  /** handler and sellerId name an item's delivery group (a group's delivery refund lists its items). */
  /** protectionFee: a rental's damage protection (decision 0080), the platform's own, 0 or absent when not protected. */
  items: {
    id: string;
    name: string;
    type: "rental" | "purchase";
    price: number;
    status: string;
    handler?: string;
    sellerId?: string | null;
    protectionFee?: number;
  }[];
  transactions: { id: string; type: string; orderItemId: string | null; gross: number; status: string }[];
  payments: { operation: string; amount: number; status: string; idempotencyKey: string }[];
}

/** The transactions that are the checkout's own lines (recorded at delivery), not later charges. */
const CHECKOUT_TYPES = new Set(["sale", "rental_fee"]);

const LATER_CHARGE_LABELS: Record<string, string> = {
  rental_purchase: "Buy it now",
  rental_conversion: "Kept after the rental",
  damage_charge: "Repair fee",
  repair_fee: "Repair fee",
  not_returnable: "Charged as a purchase",
};

const REFUND_LABELS: Record<string, string> = {
  cancel: "cancelled",
  return: "returned",
  overturn: "charge overturned",
  claim: "claim refunded",
  protection: "damage protection refunded",
};

/** Every charge and refund of an order, optionally only those of some items (a handler's view). */
export function orderMoney(input: MoneyInput, onlyItems?: ReadonlySet<string>): OrderMoney {
  const succeeded = new Set(input.payments.filter((p) => p.status === "succeeded").map((p) => p.idempotencyKey));
  const names = new Map(input.items.map((i) => [i.id, i.name]));
  const chargeStatus = (txn: MoneyInput["transactions"][number] | undefined, fallback: MoneyStatus): MoneyStatus =>
    txn && succeeded.has(`capture:${txn.id}`) ? "Paid" : txn?.status === "pending" ? "Payment pending" : fallback;
  const lines: MoneyLine[] = [];
  // The checkout was never paid: the order still waits for the hosted payment page (decision
  // 0055), or it ended (payment failed, reservation lapsed) with nothing authorised, taken or refunded.
  const paidAtCheckout =
    succeeded.has(`authorize:${input.order.id}`) ||
    [...succeeded].some((key) => key.startsWith("capture:")) ||
    input.payments.some((p) => p.operation === "refund");
  const unpaid: MoneyStatus | null =
    input.order.status === "awaiting_payment"
      ? "Awaiting payment"
      : input.order.status === "cancelled" && !paidAtCheckout
        ? "Not paid"
        : null;

  for (const item of input.items) {
    const txn = input.transactions.find((t) => t.orderItemId === item.id && CHECKOUT_TYPES.has(t.type));
    lines.push({
      key: `item:${item.id}`,
      label: `${item.type === "rental" ? "Rental fee" : "Purchase"}: ${item.name}`,
      amount: item.price,
      status: unpaid ?? (item.status === "cancelled" ? "Cancelled" : chargeStatus(txn, "Authorised")),
      itemId: item.id,
    });
    // Taken with the checkout as the item's line is, given back with it (refund:protection:{itemId}).
    if (item.protectionFee) {
      lines.push({
        key: `protection:${item.id}`,
        label: `Damage protection: ${item.name}`,
        amount: item.protectionFee,
        status: lines.at(-1)!.status,
        itemId: null,
      });
    }
  }
  if (input.order.deliveryFee > 0) {
    lines.push({
      key: "delivery",
      label: "Delivery",
      amount: input.order.deliveryFee,
      status:
        unpaid ??
        (succeeded.has(`capture:delivery:${input.order.id}`)
          ? "Paid"
          : input.order.status === "cancelled"
            ? "Cancelled"
            : "Authorised"),
      itemId: null,
    });
  }
  // Cancelled later charges never taken (an overturned repair fee whose capture was declined): shown, counted nowhere.
  const uncounted = new Set<string>();
  for (const txn of input.transactions) {
    // A charge taken and later undone stays, offset by its refund line.
    const taken = succeeded.has(`capture:${txn.id}`);
    // Damage protection is the checkout's own line (decision 0080), shown with its item above.
    if (CHECKOUT_TYPES.has(txn.type) || txn.type === "protection_fee" || txn.gross <= 0 || txn.status === "failed")
      continue;
    const name = (txn.orderItemId && names.get(txn.orderItemId)) || "an item";
    const never = txn.status === "cancelled" && !taken;
    if (never) uncounted.add(`txn:${txn.id}`);
    // Paid only once its capture succeeded: a later charge recorded and not yet taken is pending.
    lines.push({
      key: `txn:${txn.id}`,
      label: `${LATER_CHARGE_LABELS[txn.type] ?? "Charge"}: ${name}`,
      amount: txn.gross,
      status: never ? "Cancelled" : chargeStatus(txn, "Payment pending"),
      itemId: txn.orderItemId,
    });
  }

  // Refunds, one line per key: refunded once one call succeeded, pending while only failures exist.
  const refunds = refundAmounts(input.payments);
  for (const [key, amount] of refunds) {
    const [, why, itemId] = key.split(":");
    const forItem = itemId !== undefined && REFUND_LABELS[why!] !== undefined;
    const label = forItem
      ? `Refund: ${names.get(itemId!) ?? "an item"} ${REFUND_LABELS[why!]}`
      : why === "delivery" && itemId
        ? `Refund: delivery of ${groupNames(input, itemId)}`
        : "Refund: order cancelled";
    lines.push({
      key: `refund:${key}`,
      label,
      amount: -amount,
      status: succeeded.has(key) ? "Refunded" : "Refund pending",
      itemId: forItem ? itemId! : null,
    });
  }

  const shown = onlyItems ? lines.filter((l) => l.itemId !== null && onlyItems.has(l.itemId)) : lines;
  const pending = { charges: 0, refunds: 0 };
  let total = 0;
  for (const line of shown) {
    // A checkout line was taken with the checkout payment (decision 0055): its settling capture
    // pending or failed changes nothing of what the shopper paid.
    const checkoutLine = line.key.startsWith("item:") || line.key.startsWith("protection:") || line.key === "delivery";
    const counts = uncounted.has(line.key)
      ? "none"
      : checkoutLine && line.status === "Payment pending"
        ? "paid"
        : COUNTS[line.status];
    if (counts === "paid") total += line.amount;
    else if (counts === "pending_charge") pending.charges += line.amount;
    else if (counts === "pending_refund") pending.refunds -= line.amount;
  }
  return { lines: shown, total, pending };
}

/**
 * Each refund key once, with its amount: the call that succeeded, else the last that failed (the
 * refund cap may have cut a retry). Shared by the money view and the refund cap (refund-cap.ts).
 */
export function refundAmounts(payments: MoneyInput["payments"]): Map<string, number> {
  const amounts = new Map<string, number>();
  const done = new Set<string>();
  for (const p of payments) {
    if (p.operation !== "refund" || done.has(p.idempotencyKey)) continue;
    amounts.set(p.idempotencyKey, p.amount);
    if (p.status === "succeeded") done.add(p.idempotencyKey);
  }
  return amounts;
}

/** The items of the delivery group a cancelled group's delivery refund is named by (its first item): 'Red Shirt and Blue Coat'. */
function groupNames(input: MoneyInput, firstItemId: string) {
  const first = input.items.find((i) => i.id === firstItemId);
  if (!first) return "cancelled items";
  const group = input.items.filter(
    (i) =>
      i.id === first.id ||
      (first.handler !== undefined && i.handler === first.handler && i.sellerId === first.sellerId),
  );
  const names = group.map((i) => i.name);
  return `${names.length > 1 ? `${names.slice(0, -1).join(", ")} and ${names.at(-1)}` : names[0]} cancelled`;
}

/**
 * What the sum of a shopper's lines is (decision 0067): money held on the card (authorised at
 * checkout, taken at delivery) is not yet paid, so a total with held lines says so.
 */
export function totalLabel(lines: readonly MoneyLine[]): string {
  const held = lines.some((l) => l.status === "Authorised");
  // A refund of money only held (a cancellation before delivery) is a hold given back, not a payment.
  const paid = lines.some((l) => l.status === "Paid");
  return !held ? "Total paid" : paid ? "Total paid and held" : "Total held on your card";
}
