// Shipping labels and their tracking events (issue 44 items 2 and 3; decision 0082): D1 access only.
import { and, asc, desc, eq, inArray, isNull, or, sql } from "drizzle-orm";
import { orders, shippingLabels, trackingEvents } from "../../db/schema";
import type { PostalAddress } from "../domain/postal-address";
import type { TrackingStatus } from "../domain/tracking";
import type { Database } from "./db.server";
import { mapPart, partsOf, rowsPart } from "./parts.server";

export type LabelRow = typeof shippingLabels.$inferSelect;
export type Direction = "outbound" | "return";

export interface LabelPlace {
  id: string;
  orderId: string;
  handlerKey: string;
  direction: Direction;
  provider: string;
  from: PostalAddress;
  to: PostalAddress;
  itemIds: string[];
  createdBy: string | null;
  /** A claim's return (decision 0093): one label per claim, beside the parcel's own. */
  claimId?: string | null;
}

/**
 * Holds the parcel's place for a label being bought: true when this call took it, false when a
 * label for this order, handler and direction exists or is being bought (a unique index: two
 * 'Get a label' at once make one).
 */
export async function reserveLabel(db: Database, place: LabelPlace, now: number) {
  const inserted = await db
    .insert(shippingLabels)
    .values({
      id: place.id,
      orderId: place.orderId,
      handlerKey: place.handlerKey,
      direction: place.direction,
      status: "buying",
      provider: place.provider,
      fromAddress: place.from,
      toAddress: place.to,
      itemIds: place.itemIds,
      createdBy: place.createdBy,
      claimId: place.claimId ?? null,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing()
    .returning({ id: shippingLabels.id });
  return inserted.length > 0;
}

export function labelOfParcel(db: Database, orderId: string, handlerKey: string, direction: Direction) {
  return db
    .select()
    .from(shippingLabels)
    .where(
      and(
        eq(shippingLabels.orderId, orderId),
        eq(shippingLabels.handlerKey, handlerKey),
        eq(shippingLabels.direction, direction),
        isNull(shippingLabels.claimId),
      ),
    )
    .get();
}

/** The return label of a claim (decision 0093), ready or being bought; undefined when none. */
export function labelOfClaim(db: Database, claimId: string) {
  return db.select().from(shippingLabels).where(eq(shippingLabels.claimId, claimId)).get();
}

/** A claim's return label, ready, with its tracking timeline (the claim's page). The caller authorized the viewer for the claim. */
export async function claimReturnOf(db: Database, claimId: string) {
  const label = await db
    .select({
      id: shippingLabels.id,
      trackingNumber: shippingLabels.trackingNumber,
      trackingStatus: shippingLabels.trackingStatus,
      toAddress: shippingLabels.toAddress,
    })
    .from(shippingLabels)
    .where(and(eq(shippingLabels.claimId, claimId), eq(shippingLabels.status, "ready")))
    .get();
  if (!label) return null;
  const events = await db
    .select({ status: trackingEvents.status, occurredAt: trackingEvents.occurredAt })
    .from(trackingEvents)
    .where(eq(trackingEvents.labelId, label.id));
  return { ...label, events };
}

export async function completeLabel(
  db: Database,
  id: string,
  bought: {
    providerRef: string;
    carrier: string;
    service: string;
    trackingNumber: string;
    cost: number;
    labelUrl: string | null;
  },
  now: number,
) {
  await db
    .update(shippingLabels)
    .set({
      status: "ready",
      providerRef: bought.providerRef,
      carrier: bought.carrier,
      service: bought.service,
      trackingNumber: bought.trackingNumber,
      cost: bought.cost,
      labelUrl: bought.labelUrl,
      updatedAt: now,
    })
    .where(and(eq(shippingLabels.id, id), eq(shippingLabels.status, "buying")));
}

/** A label the provider did not sell: its place is given back, so the handler can try again. */
export async function dropLabel(db: Database, ids: string[]) {
  if (ids.length)
    await db.delete(shippingLabels).where(and(inArray(shippingLabels.id, ids), eq(shippingLabels.status, "buying")));
}

export function labelByTracking(db: Database, trackingNumber: string) {
  return db
    .select()
    .from(shippingLabels)
    .where(and(eq(shippingLabels.trackingNumber, trackingNumber), eq(shippingLabels.status, "ready")))
    .get();
}

/**
 * One tracking status of a label, recorded once (a unique index): true when it is new. The
 * label's status moves to `after` (never back: decided by app/domain/tracking.ts) in the same batch.
 */
export async function recordTrackingEvent(
  db: Database,
  label: Pick<LabelRow, "id">,
  event: { status: TrackingStatus; eventId: string; occurredAt: number },
  after: TrackingStatus,
  now: number,
) {
  const [inserted] = await db.batch([
    db
      .insert(trackingEvents)
      .values({
        id: `trk_${crypto.randomUUID()}`,
        labelId: label.id,
        status: event.status,
        eventId: event.eventId,
        occurredAt: event.occurredAt,
        receivedAt: now,
      })
      .onConflictDoNothing()
      .returning({ id: trackingEvents.id }),
    db
      .update(shippingLabels)
      .set({ trackingStatus: after, trackingUpdatedAt: now, updatedAt: now })
      .where(eq(shippingLabels.id, label.id)),
  ]);
  return inserted.length > 0;
}

/**
 * An order's ready labels with their tracking, for its page, as a part of the page's batch: the
 * labels, and their events found by the same conditions in a subquery, so both are read at once.
 * The page reads the order in the same batch with who may see it in its WHERE (orderDetailPart),
 * and shows nothing of an order it did not find.
 */
export function parcelsOfOrderPart(db: Database, orderId: string) {
  const ready = and(eq(shippingLabels.orderId, orderId), eq(shippingLabels.status, "ready"));
  const labels = db
    .select({
      id: shippingLabels.id,
      direction: shippingLabels.direction,
      carrier: shippingLabels.carrier,
      service: shippingLabels.service,
      trackingNumber: shippingLabels.trackingNumber,
      trackingStatus: shippingLabels.trackingStatus,
      itemIds: shippingLabels.itemIds,
      claimId: shippingLabels.claimId,
    })
    .from(shippingLabels)
    .where(ready)
    .orderBy(asc(shippingLabels.createdAt), asc(shippingLabels.direction));
  const events = db
    .select({ labelId: trackingEvents.labelId, status: trackingEvents.status, occurredAt: trackingEvents.occurredAt })
    .from(trackingEvents)
    .where(inArray(trackingEvents.labelId, db.select({ id: shippingLabels.id }).from(shippingLabels).where(ready)));
  return mapPart(partsOf([rowsPart(labels), rowsPart(events)] as const), ([labelRows, eventRows]) =>
    labelRows.map((label) => ({ ...label, events: eventRows.filter((e) => e.labelId === label.id) })),
  );
}

/**
 * A label as its page shows it, to whom may see it: who got it, the handler it belongs to, the
 * order's shopper for its prepaid return, or staff. Null for anyone else (a 404).
 */
export function labelForViewer(db: Database, labelId: string, viewer: { id: string; isStaff: boolean }) {
  const mayView = viewer.isStaff
    ? sql`1 = 1`
    : or(
        eq(shippingLabels.createdBy, viewer.id),
        eq(shippingLabels.handlerKey, `vendor:${viewer.id}`),
        and(eq(shippingLabels.direction, "return"), eq(orders.userId, viewer.id)),
      );
  return db
    .select({ label: shippingLabels, reference: orders.reference, shopperId: orders.userId })
    .from(shippingLabels)
    .innerJoin(orders, eq(orders.id, shippingLabels.orderId))
    .where(and(eq(shippingLabels.id, labelId), eq(shippingLabels.status, "ready"), mayView))
    .get();
}

/** Every label, newest first, for the local provider's page (development only). */
export function localLabels(db: Database, limit = 100) {
  return db
    .select({
      id: shippingLabels.id,
      orderId: shippingLabels.orderId,
      reference: orders.reference,
      direction: shippingLabels.direction,
      provider: shippingLabels.provider,
      trackingNumber: shippingLabels.trackingNumber,
      trackingStatus: shippingLabels.trackingStatus,
      service: shippingLabels.service,
      createdAt: shippingLabels.createdAt,
    })
    .from(shippingLabels)
    .innerJoin(orders, eq(orders.id, shippingLabels.orderId))
    .where(eq(shippingLabels.status, "ready"))
    .orderBy(desc(shippingLabels.createdAt))
    .limit(limit);
}
