// What the admin Orders tab's status list offers for one order (issue 46 item 4): only the
// changes the order lifecycle would accept and that change something, so a completed order
// offers nothing rather than 'pending' and 'cancelled' that are always refused.
import {
  itemStep,
  STAFF_ORDER_CHOICES,
  type ItemStatus,
  type OrderStatus,
  type StaffOrderChoice,
} from "./order-lifecycle";

const BEFORE_DELIVERY: readonly ItemStatus[] = ["pending", "processing", "shipped"];

/**
 * The choices for an order of `status` whose items are `itemStatuses`: its own status first
 * when it is a choice (what the list shows as selected), then every change that would be made.
 * Empty when none would: the list then shows the status alone.
 */
export function staffOrderChoices(status: OrderStatus, itemStatuses: readonly ItemStatus[]): StaffOrderChoice[] {
  // Awaiting payment goes through the provider; a cancelled order cannot be reopened.
  if (status === "awaiting_payment" || status === "cancelled") return [];
  const live = itemStatuses.filter((s) => s !== "cancelled");
  if (live.length === 0) return [];
  const changes = STAFF_ORDER_CHOICES.filter((to) => {
    // Staff cancel what is not delivered yet (app/services/trade.server.ts cancelItems).
    if (to === "cancelled") return live.every((s) => BEFORE_DELIVERY.includes(s));
    const steps = live.map((s) => itemStep({ status: s, kind: "purchase" }, { type: "staff_set", to }, "staff", 0));
    return steps.every((step) => step.ok) && steps.some((step) => step.ok && step.path.length > 0);
  });
  if (changes.length === 0) return [];
  const own = (STAFF_ORDER_CHOICES as readonly string[]).includes(status) ? [status as StaffOrderChoice] : [];
  return [...own, ...changes.filter((c) => c !== status)];
}
