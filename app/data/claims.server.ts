import { and, desc, eq, inArray, isNull, lte, or, sql } from "drizzle-orm";
import { claims, orderItems, orders, stores, userRoles, users } from "../../db/schema";
import type { ClaimOutcome, ClaimStatus } from "../domain/claims";
import type { Database } from "./db.server";

// Claims (issue 43; docs/decisions/0078-buyer-protection-and-claims.md): every read and write of
// the claims table. Who may see or change a claim is in each query's WHERE: the order's shopper,
// the item's handler (its seller, or the owner of the store that handles it), or staff.

const claimColumns = {
  id: claims.id,
  orderId: claims.orderId,
  orderItemId: claims.orderItemId,
  shopperId: claims.shopperId,
  kind: claims.kind,
  reason: claims.reason,
  description: claims.description,
  photos: claims.photos,
  status: claims.status,
  dueAt: claims.dueAt,
  handlerText: claims.handlerText,
  handlerPhotos: claims.handlerPhotos,
  answeredBy: claims.answeredBy,
  offerAmount: claims.offerAmount,
  escalatedBecause: claims.escalatedBecause,
  outcome: claims.outcome,
  refundAmount: claims.refundAmount,
  decisionReason: claims.decisionReason,
  decidedAt: claims.decidedAt,
  returnedAt: claims.returnedAt,
  createdAt: claims.createdAt,
  itemName: orderItems.name,
  itemKind: orderItems.type,
  itemPrice: orderItems.price,
  itemStatus: orderItems.status,
  damageCharge: orderItems.damageCharge,
  handler: orderItems.handler,
  sellerId: orderItems.sellerId,
  ownerId: orderItems.ownerId,
};

export type ClaimRow = Awaited<ReturnType<typeof claimsOfOrder>>[number];

/** The item's handler is this user: its seller, or the owner of the store that handles it. */
export const handledBy = (userId: string) =>
  or(
    and(eq(orderItems.handler, "vendor"), eq(orderItems.ownerId, userId)),
    and(
      eq(orderItems.handler, "store"),
      sql`${orderItems.sellerId} in (select ${stores.id} from ${stores} where ${stores.ownerId} = ${userId})`,
    ),
  );

/** The item a shopper reports a problem with: only an item of their own order (the WHERE), with what decides the window. */
export function claimableItem(db: Database, orderId: string, itemId: string, shopperId: string) {
  return db
    .select({
      id: orderItems.id,
      name: orderItems.name,
      kind: orderItems.type,
      price: orderItems.price,
      status: orderItems.status,
      deliveredAt: orderItems.deliveredAt,
      claimWindowClosedAt: orderItems.claimWindowClosedAt,
      placedAt: orders.createdAt,
      orderStatus: orders.status,
      damageCharge: orderItems.damageCharge,
      returnedAt: orderItems.returnedAt,
      inspection: orderItems.inspection,
      chargeOverturnedAt: orderItems.chargeOverturnedAt,
      claimed: sql<number>`exists (select 1 from ${claims} where ${claims.orderItemId} = ${orderItems.id} and ${claims.kind} = 'problem')`,
      feeDisputed: sql<number>`exists (select 1 from ${claims} where ${claims.orderItemId} = ${orderItems.id} and ${claims.kind} = 'repair_fee')`,
    })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(and(eq(orderItems.id, itemId), eq(orders.id, orderId), eq(orders.userId, shopperId)))
    .get();
}

export type ClaimableRow = NonNullable<Awaited<ReturnType<typeof claimableItem>>>;

/** A new claim; false when one of its kind exists for the item already (the unique index). */
export async function insertClaim(db: Database, claim: typeof claims.$inferInsert) {
  const rows = await db.insert(claims).values(claim).onConflictDoNothing().returning({ id: claims.id });
  return rows.length === 1;
}

/** 'Everything is OK': the window of the shopper's own delivered item ends now (once). */
export async function closeClaimWindow(db: Database, orderId: string, itemId: string, shopperId: string, now: number) {
  const mine = sql`${orderItems.orderId} in (select ${orders.id} from ${orders} where ${orders.id} = ${orderId} and ${orders.userId} = ${shopperId})`;
  const rows = await db
    .update(orderItems)
    .set({ claimWindowClosedAt: now })
    .where(
      and(
        eq(orderItems.id, itemId),
        mine,
        isNull(orderItems.claimWindowClosedAt),
        sql`${orderItems.deliveredAt} is not null`,
      ),
    )
    .returning({ id: orderItems.id });
  return rows.length === 1;
}

/** The claims of an order (its page shows them to its shopper and to staff). */
export function claimsOfOrder(db: Database, orderId: string) {
  return db
    .select(claimColumns)
    .from(claims)
    .innerJoin(orderItems, eq(orderItems.id, claims.orderItemId))
    .where(eq(claims.orderId, orderId))
    .orderBy(claims.createdAt);
}

/** One claim for whoever may see it: its shopper, its handler, or staff. Undefined otherwise. */
export function claimFor(db: Database, claimId: string, viewer: { id: string; staff: boolean }) {
  const who = viewer.staff ? undefined : or(eq(claims.shopperId, viewer.id), handledBy(viewer.id));
  return db
    .select({ ...claimColumns, shopperEmail: users.email, shopperName: users.fullName })
    .from(claims)
    .innerJoin(orderItems, eq(orderItems.id, claims.orderItemId))
    .leftJoin(users, eq(users.id, claims.shopperId))
    .where(and(eq(claims.id, claimId), who))
    .get();
}

/** The claims a handler answers (their dashboard's Orders tab lists them): a seller's own items, or a store's; open first. */
export function claimsForHandler(db: Database, handler: { ownerId: string } | { storeId: string }) {
  const theirs =
    "ownerId" in handler
      ? and(eq(orderItems.handler, "vendor"), eq(orderItems.ownerId, handler.ownerId))
      : and(eq(orderItems.handler, "store"), eq(orderItems.sellerId, handler.storeId));
  return db
    .select({
      id: claims.id,
      reason: claims.reason,
      status: claims.status,
      dueAt: claims.dueAt,
      outcome: claims.outcome,
      itemName: orderItems.name,
      createdAt: claims.createdAt,
    })
    .from(claims)
    .innerJoin(orderItems, eq(orderItems.id, claims.orderItemId))
    .where(theirs)
    .orderBy(sql`${claims.status} = 'resolved'`, desc(claims.createdAt))
    .limit(50);
}

/** The Claims tab: claims with staff first, then the others still open, then the latest resolved. */
export function claimsForStaff(db: Database) {
  return db
    .select({ ...claimColumns, shopperEmail: users.email })
    .from(claims)
    .innerJoin(orderItems, eq(orderItems.id, claims.orderItemId))
    .leftJoin(users, eq(users.id, claims.shopperId))
    .orderBy(
      sql`case ${claims.status} when 'with_staff' then 0 when 'resolved' then 2 else 1 end`,
      desc(claims.updatedAt),
    )
    .limit(100);
}

/**
 * Moves a claim from one status to the next, only from the status named (the guard): two answers
 * at once change it once. Returns whether this call changed it.
 */
export async function moveClaim(
  db: Database,
  claimId: string,
  from: readonly ClaimStatus[],
  set: Partial<typeof claims.$inferInsert>,
  now: number,
) {
  const rows = await db
    .update(claims)
    .set({ ...set, updatedAt: now })
    .where(and(eq(claims.id, claimId), inArray(claims.status, [...from])))
    .returning({ id: claims.id });
  return rows.length === 1;
}

/** A decision recorded (by the handler's acceptance, the shopper's, or staff): the claim is resolved. */
export const resolution = (
  outcome: ClaimOutcome,
  refundAmount: number,
  decidedBy: string | null,
  reason: string | null,
  now: number,
) => ({
  status: "resolved" as const,
  dueAt: null,
  outcome,
  refundAmount,
  decidedBy,
  decisionReason: reason,
  decidedAt: now,
});

/** A full refund's item is back with its handler (its return label's 'delivered'): once; whether this call marked it. */
export async function markClaimReturned(db: Database, claimId: string, now: number) {
  const rows = await db
    .update(claims)
    .set({ returnedAt: now, updatedAt: now })
    .where(and(eq(claims.id, claimId), eq(claims.outcome, "full_refund"), isNull(claims.returnedAt)))
    .returning({ id: claims.id });
  return rows.length === 1;
}

/** Claims whose answer is overdue (the handler's, or the shopper's to an offer): the daily job sends them to staff. */
export function overdueClaims(db: Database, now: number) {
  return db
    .select({ id: claims.id, status: claims.status })
    .from(claims)
    .where(and(inArray(claims.status, ["awaiting_handler", "offer_made"]), lte(claims.dueAt, now)));
}

/** Staff who decide claims (superadmins, admins, customer support): told when one comes to them. */
export function claimStaff(db: Database) {
  return db
    .select({ id: users.id, email: users.email })
    .from(userRoles)
    .innerJoin(users, eq(users.id, userRoles.userId))
    .where(
      and(
        inArray(userRoles.role, ["admin", "team_member"]),
        inArray(userRoles.adminSubrole, ["superadmin", "admin", "customer_support"]),
        isNull(users.deactivatedAt),
      ),
    );
}

/**
 * What the order page needs to offer 'Report a problem' per item, as a part of its batch: each
 * line's window facts, and the order's claims.
 */
export function orderClaimFactsPart(db: Database, orderId: string) {
  const statements = orderClaimFactsStatements(db, orderId);
  type Rows<I extends number> = Awaited<(typeof statements)[I]>;
  return {
    statements: [...statements],
    read: (rows: unknown[][]) => rows as [Rows<0>, Rows<1>],
  };
}

export type OrderClaimFacts = ReturnType<ReturnType<typeof orderClaimFactsPart>["read"]>;

function orderClaimFactsStatements(db: Database, orderId: string) {
  return [
    db
      .select({
        id: orderItems.id,
        name: orderItems.name,
        status: orderItems.status,
        deliveredAt: orderItems.deliveredAt,
        claimWindowClosedAt: orderItems.claimWindowClosedAt,
        placedAt: orders.createdAt,
        damageCharge: orderItems.damageCharge,
        returnedAt: orderItems.returnedAt,
        inspection: orderItems.inspection,
        chargeOverturnedAt: orderItems.chargeOverturnedAt,
      })
      .from(orderItems)
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      .where(eq(orderItems.orderId, orderId))
      .orderBy(orderItems.createdAt, orderItems.id),
    db
      .select({
        id: claims.id,
        orderItemId: claims.orderItemId,
        kind: claims.kind,
        status: claims.status,
        outcome: claims.outcome,
      })
      .from(claims)
      .where(eq(claims.orderId, orderId)),
  ] as const;
}
