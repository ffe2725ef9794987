import { eq } from "drizzle-orm";
import { orders, users } from "../../db/schema";
import { completeLabel, dropLabel, labelOfParcel, reserveLabel, type Direction } from "../data/labels.server";
import {
  loadOrder,
  type LifecycleActor,
  type LifecycleItem,
  type LifecycleOrder,
} from "../data/order-lifecycle.server";
import { returnDestination } from "../data/returns.server";
import { CLOSETLOOP_RETURNS_POSTAL } from "../domain/returns";
import { labelBudget } from "../domain/shipping-zones";
import { declaredContents, type DeclaredItem } from "../domain/customs";
import { showReference } from "../domain/order-reference";
import { addressLines, type PostalAddress } from "../domain/postal-address";
import { SENDABLE } from "./handlers.server";
import type { LifecycleServices } from "./order-lifecycle.server";
import { localShippingProvider } from "./shipping-local.server";
import { LabelRefused, type BoughtLabel, type ShippingProvider } from "./shipping-types";
import { shipItems } from "./trade.server";

// One shipping interface (issue 44 item 2; docs/decisions/0082-shipping-labels-and-tracking.md),
// shaped like the payment one: the local provider in development and the tests, EasyPost when
// SHIPPING_PROVIDER=easypost (its adapter loaded only then); outside development without it no
// labels are offered and tracking is typed by hand, as before. 'Get a label' buys the parcel's
// label (paid from the order's delivery fee for that parcel) and its prepaid return label, then
// posts the items with the label's carrier and tracking number through the same code as
// 'Mark shipped'.

export type { BoughtLabel, LabelRequest, ShippingProvider } from "./shipping-types";

/** The provider this deployment uses, or null when it sells no labels. */
export function shippingProvider(services: Pick<LifecycleServices, "config">): ShippingProvider | null {
  if (services.config.shippingProvider === "easypost") {
    const config = services.config;
    const adapter = () => import("./easypost.server").then((easypost) => easypost.easyPostProvider(config));
    return { name: "easypost", buyLabel: async (request) => (await adapter()).buyLabel(request) };
  }
  return services.config.shippingProvider === "local" ? localShippingProvider() : null;
}

export type LabelOutcome =
  { ok: true; labelId: string; made: boolean } | { ok: false; httpStatus: 404 | 409 | 502; message: string };

const refused = (httpStatus: 404 | 409 | 502, message: string): LabelOutcome => ({ ok: false, httpStatus, message });
/** Who handles an item: its seller, or the store that manages it (an owner may be gone: null). */
type ItemHandler = { handler: LifecycleItem["handler"]; sellerId: string | null; ownerId: string | null };
/** One parcel per handler of an order (a vendor's items, or a store's). */
export const handlerKeyOf = (item: ItemHandler) =>
  item.handler === "store" ? `store:${item.sellerId}` : `vendor:${item.ownerId}`;
/** A parcel weighs this much for the rate (grams): one or two garments in a mailing bag. */
export const PARCEL_GRAMS = 1000;

/** The sender's address: a seller's return address, or the store's (or Closetloop's) lines. */
async function senderAddress(app: LifecycleServices, item: ItemHandler): Promise<PostalAddress | null> {
  if (item.handler === "vendor" && item.ownerId) {
    const seller = await app.db
      .select({ name: users.displayName, fullName: users.fullName, address: users.returnAddress })
      .from(users)
      .where(eq(users.id, item.ownerId))
      .get();
    if (!seller?.address || addressLines(seller.address).length < 2) return null;
    return { ...seller.address, fullName: seller.address.fullName || seller.fullName || seller.name || "" };
  }
  const destination = await returnDestination(app.db, item);
  // A store without an address (or a seller's item that comes back to Closetloop) has none to send from.
  if (destination.handledBy !== "store" || destination.lines.length < 3) return null;
  if (destination.address)
    return { ...destination.address, fullName: destination.address.fullName || destination.name };
  const [name, ...rest] = destination.lines;
  const postalCode = rest.length > 1 ? rest[rest.length - 1] : null;
  const city = rest.length > 2 ? rest[rest.length - 2] : null;
  return {
    fullName: name ?? destination.name,
    addressLine1: rest[0] ?? null,
    addressLine2: rest.length > 3 ? rest.slice(1, -2).join(", ") : null,
    city,
    postalCode,
    country: "GB",
  };
}

/**
 * Where an item goes back to (a claim's return, decision 0093): its handler's address as on the
 * parcel's labels, or Closetloop's for a seller with no return address (staff handle it). A store
 * with no address has none: null.
 */
export async function returnAddressOf(app: LifecycleServices, item: ItemHandler): Promise<PostalAddress | null> {
  return (await senderAddress(app, item)) ?? (item.handler === "vendor" ? CLOSETLOOP_RETURNS_POSTAL : null);
}

/**
 * What the provider is asked for one label: every label is rated as one parcel within its delivery
 * fee — the fee its group paid for the destination's zone, one way (`labelBudget`, decision 0099:
 * £3.99 in the UK, the zone's fee abroad, out and back alike), with what it holds for customs.
 */
export const labelRequest = (
  place: { id: string; orderId: string; direction: Direction; from: PostalAddress; to: PostalAddress },
  reference: string,
  maxCost: number,
  contents: DeclaredItem[],
) => ({
  orderId: place.orderId,
  reference,
  direction: place.direction,
  from: place.from,
  to: place.to,
  weight: PARCEL_GRAMS,
  maxCost,
  idempotencyKey: place.id,
  contents,
});

function whyNothingToSend(mine: LifecycleItem[]): LabelOutcome {
  if (mine.every((i) => i.status === "cancelled"))
    return refused(409, "This order was cancelled: there is nothing to send.");
  return refused(409, "This order was already sent: there is nothing left to label.");
}

/**
 * 'Get a label' for the items of one order that `mayAct` lets the actor send. Two at once make
 * one label (the parcel's place is a unique row); a repeat after it was made answers that label.
 */
export async function getLabel(
  app: LifecycleServices,
  orderId: string,
  actor: LifecycleActor,
  mayAct: (order: LifecycleOrder, item: LifecycleItem) => boolean,
  now: number,
): Promise<LabelOutcome> {
  const provider = shippingProvider(app);
  if (!provider)
    return refused(409, "Labels are not available here: choose the carrier and type the tracking number instead.");
  const order = await loadOrder(app.db, orderId);
  const mine = order ? order.items.filter((item) => mayAct(order, item)) : [];
  if (!order || mine.length === 0) return refused(404, "Order not found");
  if (order.status === "awaiting_payment")
    return refused(409, "This order is waiting for its payment: it can be sent once the payment is confirmed.");
  const handlerKey = handlerKeyOf(mine[0]!);
  const existing = await labelOfParcel(app.db, orderId, handlerKey, "outbound");
  if (existing?.status === "ready") return { ok: true, labelId: existing.id, made: false };
  if (existing) return refused(409, "A label for this order is being made: try again in a moment.");
  const toSend = mine.filter((item) => SENDABLE.has(item.status));
  if (toSend.length === 0) return whyNothingToSend(mine);
  const from = await senderAddress(app, toSend[0]!);
  if (!from)
    return refused(
      409,
      toSend[0]!.handler === "store"
        ? "Add the store's address in Settings first: it is the sender's address on the label."
        : "Add your return address on your account page first: it is the sender's address on the label.",
    );
  const shipping = await app.db
    .select({ address: orders.shippingAddress })
    .from(orders)
    .where(eq(orders.id, orderId))
    .get();
  const to = (shipping?.address ?? {}) as PostalAddress;
  const itemIds = toSend.map((item) => item.id);
  const place = (direction: Direction) => ({
    id: `lbl_${crypto.randomUUID()}`,
    orderId,
    handlerKey,
    direction,
    provider: provider.name,
    from: direction === "outbound" ? from : to,
    to: direction === "outbound" ? to : from,
    itemIds,
    createdBy: actor.id,
  });
  const outbound = place("outbound");
  if (!(await reserveLabel(app.db, outbound, now))) {
    const other = await labelOfParcel(app.db, orderId, handlerKey, "outbound");
    return other?.status === "ready"
      ? { ok: true, labelId: other.id, made: false }
      : refused(409, "A label for this order is being made: try again in a moment.");
  }
  const back = place("return");
  const backReserved = await reserveLabel(app.db, back, now);
  const reference = showReference(order.reference);
  // Each way within the fee the group paid for its zone (decision 0099): from abroad, the zone's.
  const budget = labelBudget(
    toSend[0]!.groupDeliveryFee,
    to.country,
    mine.map((item) => ({ type: item.kind })),
  );
  const contents = declaredContents(
    toSend.map((item) => ({
      name: item.name,
      type: item.kind,
      price: item.price,
      buyingPrice: item.buyingPrice ?? item.productBuyingPrice,
    })),
  );
  const request = (p: ReturnType<typeof place>) => labelRequest(p, reference, budget, contents);
  let bought: BoughtLabel;
  try {
    bought = await provider.buyLabel(request(outbound));
  } catch (error) {
    await dropLabel(app.db, [outbound.id, back.id]);
    if (error instanceof LabelRefused) return refused(409, error.message);
    console.error(`order ${orderId}: the ${provider.name} label could not be bought`, error);
    return refused(
      502,
      "The label could not be made just now. Try again, or choose the carrier and type the tracking number instead.",
    );
  }
  await completeLabel(app.db, outbound.id, bought, now);
  if (backReserved) {
    try {
      await completeLabel(app.db, back.id, await provider.buyLabel(request(back)), now);
    } catch (error) {
      // The parcel goes out either way; the shopper then sends it back with a carrier of their choice.
      await dropLabel(app.db, [back.id]);
      console.error(`order ${orderId}: the return label could not be bought`, error);
    }
  }
  const posted = await shipItems(
    app,
    orderId,
    itemIds,
    { carrier: bought.carrier, trackingNumber: bought.trackingNumber },
    actor,
    now,
    mayAct,
  );
  if (!posted.ok)
    console.error(
      `order ${orderId}: the label ${outbound.id} was made but the items were not marked shipped: ${posted.message}`,
    );
  return { ok: true, labelId: outbound.id, made: true };
}
