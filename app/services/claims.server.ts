import { and, eq, inArray } from "drizzle-orm";
import { orderStatusHistory, transactions } from "../../db/schema";
import { claimableItem, claimFor, closeClaimWindow, insertClaim, moveClaim, orderClaimFacts, overdueClaims, resolution, type ClaimableRow, type ClaimRow } from "../data/claims.server";
import { saleStatements, transactionId } from "../data/finance.server";
import { loadOrder, type Statement } from "../data/order-lifecycle.server";
import { moneyInputOf } from "../data/order-money.server";
import { CLAIM_MESSAGES, claimWindowEndsAt, HANDLER_ANSWER_MS, OFFER_ANSWER_MS, reasonsOffered, windowOpen, type ClaimOutcome, type ClaimReason } from "../domain/claims";
import { formatGBP } from "../domain/money";
import { overturnEndsAt } from "../domain/order-lifecycle";
import { refundCap } from "../domain/refund-cap";
import { tellClaim } from "./claim-notices.server";
import type { LifecycleServices } from "./order-lifecycle.server";
import { refundPayment } from "./refunds.server";
import { overturnItemCharge } from "./trade.server";

// Buyer protection (issue 43 items 1–3; decision 0078): a claim from report to decision. The
// rules are app/domain/claims.ts, the rows app/data/claims.server.ts; money goes back through
// refundPayment (the one refund cap, decision 0074) under `refund:claim:{itemId}` and is recorded
// as the item's claim_refund transaction (its commissions taken back); a disputed repair fee is
// decided through the overturn (app/data/overturn.server.ts). Every step tells the other side.

export type ClaimServices = LifecycleServices;

export type ClaimResult = { ok: true; claim: ClaimRow } | { ok: false; status: 404 | 409 | 400; field?: string; message: string };

const notFound = { ok: false as const, status: 404 as const, message: CLAIM_MESSAGES.notYours };

/** May a repair fee of this item be disputed now (charged, not overturned, within 14 days of the inspection, not disputed yet)? */
export function feeDisputable(item: { damageCharge: number | null; returnedAt: number | null; inspection: string | null; chargeOverturnedAt: number | null; feeDisputed: number }, now: number) {
  return Boolean(item.damageCharge) && !item.feeDisputed && item.chargeOverturnedAt === null && item.returnedAt !== null && now < overturnEndsAt(item.returnedAt) && item.inspection === "damaged";
}

/** Why a shopper cannot report this reason on this item now, or null when they can. The item is theirs (claimableItem's WHERE). */
export function refusal(item: ClaimableRow, reason: ClaimReason, now: number): { status: 409 | 400; message: string } | null {
  if (reason === "repair_fee") return feeDisputable(item, now) ? null : { status: 409, message: item.feeDisputed ? CLAIM_MESSAGES.twice : CLAIM_MESSAGES.reasonNotOffered };
  if (item.claimed) return { status: 409, message: CLAIM_MESSAGES.twice };
  const offered = reasonsOffered({ ...item, claimed: false }, now);
  if (offered.includes(reason)) return null;
  return { status: 409, message: offered.length === 0 && item.deliveredAt !== null ? CLAIM_MESSAGES.windowClosed : CLAIM_MESSAGES.reasonNotOffered };
}

/** Records a checked claim (photos already stored). A repair fee's dispute goes to staff at once. */
export async function openClaim(app: ClaimServices, input: { id: string; orderId: string; item: ClaimableRow; shopperId: string; reason: ClaimReason; description: string; photos: string[] }, now: number): Promise<ClaimResult> {
  const fee = input.reason === "repair_fee";
  const created = await insertClaim(app.db, {
    id: input.id,
    orderId: input.orderId,
    orderItemId: input.item.id,
    shopperId: input.shopperId,
    kind: fee ? "repair_fee" : "problem",
    reason: input.reason,
    description: input.description,
    photos: input.photos,
    status: fee ? "with_staff" : "awaiting_handler",
    dueAt: fee ? null : now + HANDLER_ANSWER_MS,
    escalatedBecause: fee ? "repair_fee" : null,
    createdAt: now,
    updatedAt: now,
  });
  if (!created) return { ok: false, status: 409, field: "reason", message: CLAIM_MESSAGES.twice };
  const claim = (await claimFor(app.db, input.id, { id: input.shopperId, staff: false }))!;
  await tellClaim(app, fee ? "fee_disputed" : "opened", claim);
  return { ok: true, claim };
}

/** The item a shopper may report on: theirs (the WHERE), else undefined. */
export const shopperItem = (app: ClaimServices, orderId: string, itemId: string, shopperId: string) => claimableItem(app.db, orderId, itemId, shopperId);

/** 'Everything is OK': the item's window ends now, so its money goes with the next payout. */
export const everythingOk = (app: ClaimServices, orderId: string, itemId: string, shopperId: string, now: number) => closeClaimWindow(app.db, orderId, itemId, shopperId, now);

/**
 * Gives a claim's money back: at most what is left of what was paid for the item (refundCap), as
 * the item's claim_refund transaction when its sale was recorded (the seller's share and the
 * commissions are taken back by the next payout), through refundPayment under `refund:claim:{itemId}`.
 * A repair fee's refund is its overturn. Returns what was given back (0 when nothing was left).
 */
async function giveBack(app: ClaimServices, claim: ClaimRow, amount: number, actorId: string | null, now: number) {
  if (amount <= 0) return 0;
  if (claim.kind === "repair_fee") {
    const overturned = await overturnItemCharge(app, claim.orderId, claim.orderItemId, actorId ?? "system", now, { amount, disputedAt: claim.createdAt });
    return overturned?.collected ? overturned.amount : 0;
  }
  const key = `refund:claim:${claim.orderItemId}`;
  const input = await moneyInputOf(app.db, claim.orderId);
  const given = Math.min(amount, input ? refundCap(input, key) : 0);
  if (given <= 0) return 0;
  const order = await loadOrder(app.db, claim.orderId);
  const item = order?.items.find((i) => i.id === claim.orderItemId);
  const sold = await app.db
    .select({ id: transactions.id })
    .from(transactions)
    .where(and(eq(transactions.orderItemId, claim.orderItemId), inArray(transactions.transactionType, ["sale", "rental_fee"])))
    .get();
  const txn = sold && item ? transactionId(item.id, "claim_refund") : null;
  const statements: Statement[] = [
    app.db.insert(orderStatusHistory).values({ id: `hist_${crypto.randomUUID()}`, orderId: claim.orderId, orderItemId: claim.orderItemId, fromStatus: claim.itemStatus, toStatus: claim.itemStatus, actorId, actorRole: actorId === claim.answeredBy ? (claim.handler === "store" ? "store" : "seller") : actorId ? "staff" : "system", note: `Claim refund: ${formatGBP(given)}`, createdAt: now }),
  ];
  if (txn && item) statements.push(...saleStatements(app.db, { type: "claim_refund", orderId: claim.orderId, orderItemId: item.id, productId: item.productId, ownerId: item.ownerId, storeId: item.handler === "store" ? item.sellerId : null, gross: given }, now));
  await app.db.batch(statements as [Statement, ...Statement[]]);
  const outcome = await refundPayment(app, { orderId: claim.orderId, transactionId: txn, amount: given, idempotencyKey: key }, now);
  return outcome?.ok ? given : outcome && "refused" in outcome ? 0 : given;
}

async function settle(app: ClaimServices, claim: ClaimRow, from: ClaimRow["status"][], outcome: ClaimOutcome, amount: number, actorId: string | null, reason: string | null, now: number, extra: { answeredBy?: string } = {}) {
  // The guard first: only the call that resolves it pays, so two answers at once refund once.
  if (!(await moveClaim(app.db, claim.id, from, { ...resolution(outcome, amount, actorId, reason, now), ...extra }, now))) return null;
  const given = outcome === "no_refund" ? 0 : await giveBack(app, { ...claim, ...extra }, amount, actorId, now);
  if (given !== amount) await moveClaim(app.db, claim.id, ["resolved"], { refundAmount: given }, now);
  return { ...claim, ...extra, status: "resolved" as const, outcome, refundAmount: given, decisionReason: reason };
}

export type HandlerAnswer = { type: "accept" } | { type: "offer"; amount: number } | { type: "dispute"; text: string; photos: string[] };

/** The handler answers a claim awaiting them: accept (full refund), offer part, or dispute (to staff). */
export async function answerClaim(app: ClaimServices, claimId: string, handlerId: string, answer: HandlerAnswer, now: number): Promise<ClaimResult> {
  const claim = await claimFor(app.db, claimId, { id: handlerId, staff: false });
  if (!claim || claim.shopperId === handlerId) return notFound;
  if (claim.status !== "awaiting_handler") return { ok: false, status: 409, message: "This claim was answered already." };
  if (answer.type === "accept") {
    const done = await settle(app, claim, ["awaiting_handler"], "full_refund", claim.itemPrice, handlerId, "Accepted by the seller", now, { answeredBy: handlerId });
    if (!done) return { ok: false, status: 409, message: "This claim was answered already." };
    await tellClaim(app, "accepted", done);
    return { ok: true, claim: done };
  }
  const set = answer.type === "offer" ? { status: "offer_made" as const, offerAmount: answer.amount, dueAt: now + OFFER_ANSWER_MS, answeredBy: handlerId } : { status: "with_staff" as const, handlerText: answer.text, handlerPhotos: answer.photos, dueAt: null, escalatedBecause: "disputed", answeredBy: handlerId };
  if (!(await moveClaim(app.db, claim.id, ["awaiting_handler"], set, now))) return { ok: false, status: 409, message: "This claim was answered already." };
  const next = { ...claim, ...set } as ClaimRow;
  await tellClaim(app, answer.type === "offer" ? "offered" : "disputed", next);
  return { ok: true, claim: next };
}

/** The shopper accepts (refunded, resolved) or declines (to staff) a partial refund offer. */
export async function answerOffer(app: ClaimServices, claimId: string, shopperId: string, accept: boolean, now: number): Promise<ClaimResult> {
  const claim = await claimFor(app.db, claimId, { id: shopperId, staff: false });
  if (!claim || claim.shopperId !== shopperId) return notFound;
  if (claim.status !== "offer_made" || claim.offerAmount === null) return { ok: false, status: 409, message: "There is no offer to answer." };
  if (accept) {
    const done = await settle(app, claim, ["offer_made"], "partial_refund", claim.offerAmount, null, "The shopper accepted the seller's offer", now);
    if (!done) return { ok: false, status: 409, message: "There is no offer to answer." };
    await tellClaim(app, "offer_accepted", done);
    return { ok: true, claim: done };
  }
  if (!(await moveClaim(app.db, claim.id, ["offer_made"], { status: "with_staff", dueAt: null, escalatedBecause: "offer_declined" }, now))) return { ok: false, status: 409, message: "There is no offer to answer." };
  await tellClaim(app, "offer_declined", claim);
  return { ok: true, claim: { ...claim, status: "with_staff" } };
}

/** Staff decide a claim with staff: full, partial (less than was paid) or no refund, with a reason. */
export async function decideClaim(app: ClaimServices, claimId: string, staffId: string, decision: { outcome: ClaimOutcome; amount: number; reason: string }, now: number): Promise<ClaimResult> {
  const claim = await claimFor(app.db, claimId, { id: staffId, staff: true });
  if (!claim) return notFound;
  if (claim.status !== "with_staff") return { ok: false, status: 409, message: claim.status === "resolved" ? "This claim is decided already." : "This claim waits for an answer from the seller or the shopper." };
  const amount = decision.outcome === "full_refund" ? paidFor(claim) : decision.outcome === "partial_refund" ? decision.amount : 0;
  const done = await settle(app, claim, ["with_staff"], decision.outcome, amount, staffId, decision.reason, now);
  if (!done) return { ok: false, status: 409, message: "This claim is decided already." };
  await tellClaim(app, "decided", done);
  return { ok: true, claim: done };
}

/** What a claim can give back at most: the item's price, or for a repair fee the fee. */
export const paidFor = (claim: Pick<ClaimRow, "kind" | "itemPrice" | "damageCharge">) => (claim.kind === "repair_fee" ? (claim.damageCharge ?? 0) : claim.itemPrice);

/** The daily job: claims whose answer is overdue go to staff, and everyone is told. Returns how many moved. */
export async function escalateOverdueClaims(app: ClaimServices, now: number) {
  let moved = 0;
  for (const due of await overdueClaims(app.db, now)) {
    const because = due.status === "offer_made" ? "offer_unanswered" : "no_answer";
    if (!(await moveClaim(app.db, due.id, [due.status], { status: "with_staff", dueAt: null, escalatedBecause: because }, now))) continue;
    moved++;
    const claim = await claimFor(app.db, due.id, { id: "system", staff: true });
    if (claim) await tellClaim(app, "overdue", claim);
  }
  return moved;
}

/** Per item of an order: what its shopper may do now under buyer protection, and its claims (the order page's part). */
export async function orderClaimChoices(app: ClaimServices, orderId: string, now: number) {
  const [items, claims] = await orderClaimFacts(app.db, orderId);
  return items.map((item) => {
    const mine = claims.filter((c) => c.orderItemId === item.id);
    const problem = mine.find((c) => c.kind === "problem") ?? null;
    const fee = mine.find((c) => c.kind === "repair_fee") ?? null;
    const open = windowOpen(item, now);
    return {
      itemId: item.id,
      name: item.name,
      canReport: reasonsOffered({ ...item, claimed: problem !== null }, now).length > 0,
      windowEndsAt: open && item.deliveredAt !== null ? claimWindowEndsAt(item.deliveredAt) : null,
      canSayOk: open && problem === null,
      canDisputeFee: feeDisputable({ ...item, feeDisputed: fee !== null ? 1 : 0 }, now),
      claims: mine.map((c) => ({ id: c.id, kind: c.kind, status: c.status, outcome: c.outcome })),
    };
  });
}
export type OrderClaimChoice = Awaited<ReturnType<typeof orderClaimChoices>>[number];
