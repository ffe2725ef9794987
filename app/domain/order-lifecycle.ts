// The order and order-item state machine (DECISIONS.md: Orders and Rent-Now-Buy-Later;
// docs/decisions/0021-order-lifecycle.md). Pure: no storage, time passed in.
//
// Every item has its own status. Staff move a whole order through the first statuses; at
// delivery a purchase completes at once and a rental opens its 7-day window (active); in the
// window the shopper buys it ("Buy it now") or asks to return it; the daily job converts a
// window that ended; a returned item is inspected by its handler. The order's own status is
// derived from its items.

import { formatDeadline } from "./dates";

/** awaiting_payment: placed, its items reserved, until the provider's event confirms the payment (decision 0055). */
export const ORDER_STATUSES = [
  "awaiting_payment",
  "pending",
  "processing",
  "shipped",
  "delivered",
  "active",
  "completed",
  "cancelled",
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const ITEM_STATUSES = [
  "pending",
  "processing",
  "shipped",
  "delivered",
  "active",
  "return_requested",
  "returned",
  "completed",
  "cancelled",
] as const;
export type ItemStatus = (typeof ITEM_STATUSES)[number];

/** What staff may choose for an order (seller-store-admin.md §4; DECISIONS.md). */
export const STAFF_ORDER_CHOICES = ["pending", "processing", "shipped", "delivered", "cancelled"] as const;
export type StaffOrderChoice = (typeof STAFF_ORDER_CHOICES)[number];

export type ItemKind = "rental" | "purchase";
/** seller: the individual who owns and handles a non-concierge item; store: the store handling a concierge item. */
export type ActorRole = "shopper" | "staff" | "seller" | "store" | "system";
/** The handler of an item, as an actor: the seller for their own items, the store for concierge items. */
export type HandlerRole = "seller" | "store";

export const RENTAL_DAYS = 7;
/** A purchase can be sent back within this many days of its delivery (the Returns page states it). */
export const PURCHASE_RETURN_DAYS = 14;
/** Staff can overturn a damage charge within this many days of the inspection. */
export const OVERTURN_DAYS = 14;
const DAY_MS = 24 * 60 * 60 * 1000;

const BEFORE_DELIVERY = ["pending", "processing", "shipped"] as const satisfies readonly ItemStatus[];
const AFTER_DELIVERY: readonly ItemStatus[] = ["delivered", "active", "return_requested", "returned", "completed"];
const beforeDelivery = (status: ItemStatus) => (BEFORE_DELIVERY as readonly ItemStatus[]).includes(status);

/**
 * Every allowed move of an item, from → to. Anything not listed is refused. Before delivery
 * staff may correct the status either way (the spec's "any to any"), but never back from
 * delivery: by then money has been recorded. Cancelled, returned and completed are final.
 */
export const ITEM_TRANSITIONS: Readonly<Record<ItemStatus, readonly ItemStatus[]>> = {
  pending: ["processing", "shipped", "delivered", "cancelled"],
  processing: ["pending", "shipped", "delivered", "cancelled"],
  shipped: ["pending", "processing", "delivered", "cancelled"],
  delivered: ["active", "completed"],
  active: ["completed", "return_requested"],
  // A rental sent back, or a purchase returned within its 14 days, is inspected on arrival:
  // returned (good, or damaged with a repair fee) or completed (not returnable: kept as a sale).
  return_requested: ["returned", "completed"],
  returned: [],
  // Only a purchase, within 14 days of its delivery (itemStep checks both).
  completed: ["return_requested"],
  cancelled: [],
};

export const canMove = (from: ItemStatus, to: ItemStatus) => ITEM_TRANSITIONS[from].includes(to);

/** What the inspector found when an item came back (issue 22: damaged returns). */
export const INSPECTION_OUTCOMES = ["good", "damaged", "not_returnable"] as const;
export type InspectionOutcome = (typeof INSPECTION_OUTCOMES)[number];

/** What can happen to an item, and who may make it happen. */
export type ItemEvent =
  | { type: "staff_set"; to: StaffOrderChoice }
  /** The shopper (before it ships) or staff (before delivery) cancel one item. */
  | { type: "cancel" }
  /** The handler (or staff) posts the item with a carrier and a tracking number (app/domain/shipping.ts). */
  | { type: "ship"; carrier: string; trackingNumber: string }
  /** The shopper says it arrived ('I have received it'): delivery, as if staff had marked it. */
  | { type: "confirm_delivery" }
  | { type: "buy_now" }
  /** A rental in its window, or a purchase within 14 days of delivery (with the shopper's reason). */
  | { type: "request_return"; reason?: string }
  | { type: "convert" }
  /** A damaged or not returnable outcome carries its charge (pence) and the inspector's reason. */
  | { type: "inspect"; outcome: InspectionOutcome; charge?: number; reason?: string };

export const EVENT_ACTORS: Readonly<Record<ItemEvent["type"], readonly ActorRole[]>> = {
  // Staff, and the system for the carrier's signed 'delivered' (issue 44; decision 0082): the same step.
  staff_set: ["staff", "system"],
  cancel: ["shopper", "staff"],
  ship: ["seller", "store", "staff"],
  confirm_delivery: ["shopper"],
  buy_now: ["shopper"],
  request_return: ["shopper"],
  convert: ["system"],
  // The item's handler: the seller, or the store for a concierge item; staff as a fallback.
  inspect: ["seller", "store", "staff"],
};

export interface ItemState {
  status: ItemStatus;
  kind: ItemKind;
  /** When the rental window ends (epoch ms), once delivered. */
  rentalEndsAt?: number | null;
  /** When it was delivered (epoch ms): a purchase's 14 days to return it start then. */
  deliveredAt?: number | null;
  /** When it came back and was inspected (epoch ms): an item comes back once (issue 42, decision 0074). */
  returnedAt?: number | null;
}

export type Step = { ok: true; path: ItemStatus[] } | { ok: false; reason: string };

const refuse = (reason: string): Step => ({ ok: false, reason });

/**
 * The statuses an item passes through for an event: usually one, two at delivery (a purchase
 * completes, a rental opens its window), none when it is already there. Refused when the table
 * does not allow it, or the actor may not cause the event.
 */
export function itemStep(item: ItemState, event: ItemEvent, actor: ActorRole, now: number): Step {
  if (!EVENT_ACTORS[event.type].includes(actor)) return refuse("You cannot change this item.");
  switch (event.type) {
    case "staff_set": {
      if (item.status === event.to) return { ok: true, path: [] };
      if (event.to === "delivered") {
        // Already delivered (and since moved on into its window or completed): nothing to do.
        if (AFTER_DELIVERY.includes(item.status)) return { ok: true, path: [] };
        if (!canMove(item.status, "delivered"))
          return refuse(`An item that is ${label(item.status)} cannot be marked delivered.`);
        return { ok: true, path: ["delivered", item.kind === "rental" ? "active" : "completed"] };
      }
      if (!canMove(item.status, event.to)) {
        return refuse(
          item.status === "cancelled"
            ? "A cancelled order cannot be reopened."
            : beforeDelivery(item.status)
              ? `An item that is ${label(item.status)} cannot be set to ${label(event.to)}.`
              : `This order was delivered: it can no longer be set to ${label(event.to)}.`,
        );
      }
      return { ok: true, path: [event.to] };
    }
    case "cancel": {
      if (item.status === "cancelled") return { ok: true, path: [] };
      if (actor === "shopper" && item.status === "shipped")
        return refuse(
          "This item has been posted, so it can no longer be cancelled. You can return it once it arrives.",
        );
      if (!beforeDelivery(item.status)) return refuse("This item was delivered, so it can no longer be cancelled.");
      return { ok: true, path: ["cancelled"] };
    }
    case "ship": {
      if (item.status === "shipped") return { ok: true, path: [] };
      if (item.status === "cancelled") return refuse("This item was cancelled: there is nothing to send.");
      if (item.status !== "pending" && item.status !== "processing")
        return refuse("This item has already been delivered.");
      return { ok: true, path: ["shipped"] };
    }
    case "confirm_delivery": {
      if (AFTER_DELIVERY.includes(item.status)) return { ok: true, path: [] };
      if (item.status !== "shipped") return refuse("This item has not been posted yet.");
      return { ok: true, path: ["delivered", item.kind === "rental" ? "active" : "completed"] };
    }
    case "request_return":
      if (item.kind === "purchase") {
        if (item.status === "return_requested") return { ok: true, path: [] };
        if (item.returnedAt != null)
          return refuse("This item was sent back once already: it cannot be returned again.");
        if (item.status !== "completed" || item.deliveredAt == null)
          return refuse("Only a delivered item can be returned.");
        if (now >= purchaseReturnEndsAt(item.deliveredAt))
          return refuse(`The ${PURCHASE_RETURN_DAYS}-day return period for this item has ended.`);
        return { ok: true, path: ["return_requested"] };
      }
    // falls through: a rental is returned inside its window, like Buy it now
    case "buy_now": {
      if (item.kind !== "rental") return refuse("Only a rental can be bought or returned.");
      if (item.status !== "active") return refuse("This rental is not in its window any more.");
      if (item.rentalEndsAt != null && now >= item.rentalEndsAt) return refuse("This rental's window has ended.");
      return { ok: true, path: [event.type === "buy_now" ? "completed" : "return_requested"] };
    }
    case "convert": {
      if (item.kind !== "rental" || item.status !== "active") return refuse("Only an active rental converts.");
      if (item.rentalEndsAt == null || now < item.rentalEndsAt) return refuse("This rental's window has not ended.");
      return { ok: true, path: ["completed"] };
    }
    case "inspect": {
      if (item.status !== "return_requested") return refuse("Only an item that is being sent back can be inspected.");
      return { ok: true, path: [event.outcome === "not_returnable" ? "completed" : "returned"] };
    }
  }
}

/** The last moment a purchase delivered at `deliveredAt` can be sent back. */
export const purchaseReturnEndsAt = (deliveredAt: number) => deliveredAt + PURCHASE_RETURN_DAYS * DAY_MS;

/** Staff can overturn a damage charge until this moment. */
export const overturnEndsAt = (inspectedAt: number) => inspectedAt + OVERTURN_DAYS * DAY_MS;

/** The order's status, from its items' statuses. */
export function orderStatusOf(items: readonly ItemStatus[]): OrderStatus {
  const live: ItemStatus[] = items.filter((s) => s !== "cancelled");
  if (live.length === 0) return "cancelled";
  for (const early of BEFORE_DELIVERY) if (live.includes(early)) return early;
  if (live.some((s) => s === "active" || s === "return_requested")) return "active";
  if (live.includes("delivered")) return "delivered";
  return "completed";
}

export const rentalWindowEndsAt = (deliveredAt: number) => deliveredAt + RENTAL_DAYS * DAY_MS;

/** Whole days left in a rental window, rounded up; 0 once it has ended. */
export function daysLeft(endsAt: number, now: number) {
  return Math.max(0, Math.ceil((endsAt - now) / DAY_MS));
}

export { rentalEndsWhen, remindersDueBefore } from "./rental-reminder";

/** 'Return or buy by Tuesday 1 December': the day the window ends, as every deadline reads (decision 0069). */
export function returnOrBuyBy(endsAt: number, zone?: string | null) {
  return `Return or buy by ${formatDeadline(endsAt, zone)}`;
}

const LABELS: Record<ItemStatus, string> = {
  pending: "pending",
  processing: "processing",
  shipped: "shipped",
  delivered: "delivered",
  active: "active",
  return_requested: "return requested",
  returned: "returned",
  completed: "completed",
  cancelled: "cancelled",
};
/** An order's status in words (its own statuses are the items' plus awaiting payment). */
export const label = (status: ItemStatus | OrderStatus) =>
  status === "awaiting_payment" ? "awaiting payment" : LABELS[status];

// What a status change reads and answers (the storage side is app/data/order-lifecycle.server.ts).

export interface LifecycleActor {
  /** The user acting, or null for the system (the daily job). */
  id: string | null;
  role: ActorRole;
}

export interface LifecycleItem {
  id: string;
  orderId: string;
  productId: string;
  name: string;
  kind: "rental" | "purchase";
  status: ItemStatus;
  price: number;
  buyingPrice: number | null;
  rentalEndsAt: number | null;
  deliveredAt: number | null;
  /** When it came back and was inspected, else null. */
  returnedAt: number | null;
  carrier: string | null;
  trackingNumber: string | null;
  handler: "vendor" | "store";
  /** The store id when a store handles the item (concierge), else the owner's id. */
  sellerId: string | null;
  ownerId: string;
  productBuyingPrice: number | null;
  /** Damage protection's fee (0 when not protected) and the handler's turnaround in days (decision 0080). */
  protectionFee: number;
  turnaroundDays: number;
  /** What its handler group paid for the parcel (the destination zone's fee); null on older orders: £3.99. */
  groupDeliveryFee?: number | null;
  /** The country the order was sent to (its ship-to address): a rental's return from abroad takes the zone's days (decision 0094). */
  shipTo?: string | null;
}

export interface LifecycleOrder {
  id: string;
  /** The short reference people see (decision 0076); the id stays internal. */
  reference: string | null;
  userId: string;
  email: string;
  fullName: string | null;
  /** The shopper's remembered time zone (users.time_zone), for their e-mails' deadlines; null: the UK's. */
  timeZone?: string | null;
  status: OrderStatus;
  items: LifecycleItem[];
}

export type ChangeResult =
  | {
      ok: true;
      /** False when nothing had to change (already there: a repeated submit). */
      changed: boolean;
      order: LifecycleOrder;
      /** The order's status after the change. */
      status: OrderStatus;
      /** What changed, item by item: its id, its final status, the product it concerns. */
      moved: { itemId: string; productId: string; to: ItemStatus; name: string }[];
    }
  | { ok: false; message: string; httpStatus: 404 | 409 };
