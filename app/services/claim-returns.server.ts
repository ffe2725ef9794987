import { eq } from "drizzle-orm";
import { orderItems, orders } from "../../db/schema";
import { claimFor, markClaimReturned, type ClaimRow } from "../data/claims.server";
import { completeLabel, dropLabel, labelOfClaim, reserveLabel, type LabelPlace } from "../data/labels.server";
import { comesBack } from "../domain/claims";
import { showReference } from "../domain/order-reference";
import type { PostalAddress } from "../domain/postal-address";
import { labelBudget } from "../domain/shipping-zones";
import { declaredContents } from "../domain/customs";
import { tellClaim } from "./claim-notices.server";
import type { LifecycleServices } from "./order-lifecycle.server";
import { handlerKeyOf, labelRequest, returnAddressOf, shippingProvider, type LabelOutcome } from "./shipping.server";
import { LabelRefused } from "./shipping-types";

// A claim's return with tracking (issue 43 item 3; docs/decisions/0093-claim-returns-and-agreed-prices.md).
// A purchase refunded in full on a claim (by its handler, or by staff) goes back to its handler on
// a prepaid return label of its own, bought through the one shipping interface as every label is
// (reserve the place, buy, complete; a failure gives the place back). It is bought when the claim
// is settled; if that fails (or labels were not available) the shopper gets it on the claim's
// page. Its tracking events come to /webhooks/shipping like every label's; its 'delivered' marks
// the item received back and tells the handler. The refund never waits for the return.

const refused = (httpStatus: 404 | 409 | 502, message: string): LabelOutcome => ({ ok: false, httpStatus, message });
const BEING_MADE = "The return label is being made: try again in a moment.";

type ClaimForLabel = Pick<
  ClaimRow,
  "id" | "orderId" | "orderItemId" | "kind" | "reason" | "outcome" | "itemKind" | "handler" | "sellerId" | "ownerId"
>;

/**
 * The claim's prepaid return label: made now, or the one made already. Two at once make one (the
 * claim's place is a unique row). The caller authorized the actor for this claim.
 */
export async function claimReturnLabel(
  app: LifecycleServices,
  claim: ClaimForLabel,
  actorId: string | null,
  now: number,
): Promise<LabelOutcome> {
  if (!comesBack(claim)) return refused(409, "This item does not go back: there is nothing to send.");
  const existing = await labelOfClaim(app.db, claim.id);
  if (existing)
    return existing.status === "ready" ? { ok: true, labelId: existing.id, made: false } : refused(409, BEING_MADE);
  const provider = shippingProvider(app);
  if (!provider)
    return refused(409, "Labels are not available here: send it with a tracked service to the address on this page.");
  const to = await returnAddressOf(app, claim);
  if (!to) return refused(409, "The store has not given its address yet: our team will tell you where to send it.");
  const order = await app.db
    .select({ address: orders.shippingAddress, reference: orders.reference })
    .from(orders)
    .where(eq(orders.id, claim.orderId))
    .get();
  if (!order) return refused(404, "Claim not found");
  const from = (order.address ?? {}) as PostalAddress;
  // Priced within the fee its group paid for its zone, one way (decision 0099): from abroad, the zone's.
  const group = (
    await app.db
      .select({
        id: orderItems.id,
        name: orderItems.name,
        price: orderItems.price,
        buyingPrice: orderItems.buyingPrice,
        type: orderItems.type,
        groupFee: orderItems.groupDeliveryFee,
        handler: orderItems.handler,
        sellerId: orderItems.sellerId,
        ownerId: orderItems.ownerId,
      })
      .from(orderItems)
      .where(eq(orderItems.orderId, claim.orderId))
  ).filter((item) => handlerKeyOf(item) === handlerKeyOf(claim));
  const budget = labelBudget(group[0]?.groupFee, from.country, group);
  const place: LabelPlace = {
    id: `lbl_${crypto.randomUUID()}`,
    orderId: claim.orderId,
    handlerKey: handlerKeyOf(claim),
    direction: "return",
    provider: provider.name,
    from,
    to,
    itemIds: [claim.orderItemId],
    createdBy: actorId,
    claimId: claim.id,
  };
  if (!(await reserveLabel(app.db, place, now))) {
    const other = await labelOfClaim(app.db, claim.id);
    return other?.status === "ready" ? { ok: true, labelId: other.id, made: false } : refused(409, BEING_MADE);
  }
  try {
    await completeLabel(
      app.db,
      place.id,
      await provider.buyLabel(
        labelRequest(
          place,
          showReference(order.reference),
          budget,
          declaredContents(group.filter((item) => item.id === claim.orderItemId)),
        ),
      ),
      now,
    );
  } catch (error) {
    await dropLabel(app.db, [place.id]);
    if (error instanceof LabelRefused) return refused(409, error.message);
    console.error(`claim ${claim.id}: the ${provider.name} return label could not be bought`, error);
    return refused(502, "The return label could not be made just now. Try again in a moment.");
  }
  return { ok: true, labelId: place.id, made: true };
}

/** When a claim is settled: a full refund of an item that goes back gets its label now (never throws: the refund stands). */
export async function arrangeClaimReturn(
  app: LifecycleServices,
  claim: ClaimForLabel,
  actorId: string | null,
  now: number,
) {
  if (!comesBack(claim)) return;
  try {
    const outcome = await claimReturnLabel(app, claim, actorId, now);
    if (!outcome.ok)
      console.error(
        `claim ${claim.id}: no return label yet (${outcome.message}); the shopper can get it on the claim's page`,
      );
  } catch (error) {
    console.error(`claim ${claim.id}: the return label failed; the shopper can get it on the claim's page`, error);
  }
}

/** The carrier delivered a claim's return: the item is back with its handler, who is told (once). */
export async function claimReturnDelivered(app: LifecycleServices, claimId: string, now: number) {
  if (!(await markClaimReturned(app.db, claimId, now))) return false;
  const claim = await claimFor(app.db, claimId, { id: "system", staff: true });
  if (claim) await tellClaim(app, "returned", claim);
  return true;
}
