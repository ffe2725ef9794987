import { and, eq, inArray } from "drizzle-orm";
import { orderStatusHistory, transactions } from "../../db/schema";
import { claimFor, moveClaim, resolution, type ClaimRow } from "../data/claims.server";
import { saleStatements, transactionId } from "../data/finance.server";
import { loadOrder, type Statement } from "../data/order-lifecycle.server";
import { moneyInputOf } from "../data/order-money.server";
import { CLAIM_MESSAGES, OFFER_ANSWER_MS, type ClaimOutcome } from "../domain/claims";
import { formatGBP } from "../domain/money";
import { refundCap } from "../domain/refund-cap";
import { tellClaim } from "./claim-notices.server";
import { arrangeClaimReturn } from "./claim-returns.server";
import { refundPayment } from "./refunds.server";
import { overturnItemCharge } from "./trade.server";
import type { ClaimResult, ClaimServices } from "./claims.server";

// Buyer protection (issue 43 items 1–3; decision 0078): a claim's answers and decision — the
// handler accepts, offers part or disputes; the shopper answers an offer; staff decide — and its
// money given back: through refundPayment (the one refund cap, decision 0074) under
// `refund:claim:{itemId}`, recorded as the item's claim_refund transaction (its commissions taken
// back); a disputed repair fee is decided through the overturn (app/data/overturn.server.ts).
// Every step tells the other side. Reporting a claim: ./claims.server.ts.

const notFound = { ok: false as const, status: 404 as const, message: CLAIM_MESSAGES.notYours };

/**
 * Gives a claim's money back: at most what is left of what was paid for the item (refundCap), as
 * the item's claim_refund transaction when its sale was recorded (the seller's share and the
 * commissions are taken back by the next payout), through refundPayment under `refund:claim:{itemId}`.
 * A repair fee's refund is its overturn. Returns what was given back (0 when nothing was left).
 */
async function giveBack(app: ClaimServices, claim: ClaimRow, amount: number, actorId: string | null, now: number) {
  if (amount <= 0) return 0;
  if (claim.kind === "repair_fee") {
    const overturned = await overturnItemCharge(app, claim.orderId, claim.orderItemId, actorId ?? "system", now, {
      amount,
      disputedAt: claim.createdAt,
    });
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
    .where(
      and(
        eq(transactions.orderItemId, claim.orderItemId),
        inArray(transactions.transactionType, ["sale", "rental_fee"]),
      ),
    )
    .get();
  const txn = sold && item ? transactionId(item.id, "claim_refund") : null;
  const statements: Statement[] = [
    app.db.insert(orderStatusHistory).values({
      id: `hist_${crypto.randomUUID()}`,
      orderId: claim.orderId,
      orderItemId: claim.orderItemId,
      fromStatus: claim.itemStatus,
      toStatus: claim.itemStatus,
      actorId,
      actorRole:
        actorId === claim.answeredBy ? (claim.handler === "store" ? "store" : "seller") : actorId ? "staff" : "system",
      note: `Claim refund: ${formatGBP(given)}`,
      createdAt: now,
    }),
  ];
  if (txn && item)
    statements.push(
      ...saleStatements(
        app.db,
        {
          type: "claim_refund",
          orderId: claim.orderId,
          orderItemId: item.id,
          productId: item.productId,
          ownerId: item.ownerId,
          storeId: item.handler === "store" ? item.sellerId : null,
          gross: given,
        },
        now,
      ),
    );
  await app.db.batch(statements as [Statement, ...Statement[]]);
  const outcome = await refundPayment(
    app,
    { orderId: claim.orderId, transactionId: txn, amount: given, idempotencyKey: key },
    now,
  );
  return outcome?.ok ? given : outcome && "refused" in outcome ? 0 : given;
}

async function settle(
  app: ClaimServices,
  claim: ClaimRow,
  from: ClaimRow["status"][],
  outcome: ClaimOutcome,
  amount: number,
  actorId: string | null,
  reason: string | null,
  now: number,
  extra: { answeredBy?: string } = {},
) {
  // The guard first: only the call that resolves it pays, so two answers at once refund once.
  if (
    !(await moveClaim(app.db, claim.id, from, { ...resolution(outcome, amount, actorId, reason, now), ...extra }, now))
  )
    return null;
  const given = outcome === "no_refund" ? 0 : await giveBack(app, { ...claim, ...extra }, amount, actorId, now);
  if (given !== amount) await moveClaim(app.db, claim.id, ["resolved"], { refundAmount: given }, now);
  const done = {
    ...claim,
    ...extra,
    status: "resolved" as const,
    outcome,
    refundAmount: given,
    decisionReason: reason,
  };
  // A full refund's item goes back on its own prepaid label (decision 0093); the refund does not wait for it.
  await arrangeClaimReturn(app, done, actorId, now);
  return done;
}

export type HandlerAnswer =
  { type: "accept" } | { type: "offer"; amount: number } | { type: "dispute"; text: string; photos: string[] };

/** The handler answers a claim awaiting them: accept (full refund), offer part, or dispute (to staff). */
export async function answerClaim(
  app: ClaimServices,
  claimId: string,
  handlerId: string,
  answer: HandlerAnswer,
  now: number,
): Promise<ClaimResult> {
  const claim = await claimFor(app.db, claimId, { id: handlerId, staff: false });
  if (!claim || claim.shopperId === handlerId) return notFound;
  if (claim.status !== "awaiting_handler")
    return { ok: false, status: 409, message: "This claim was answered already." };
  if (answer.type === "accept") {
    const done = await settle(
      app,
      claim,
      ["awaiting_handler"],
      "full_refund",
      claim.itemPrice,
      handlerId,
      "Accepted by the seller",
      now,
      { answeredBy: handlerId },
    );
    if (!done) return { ok: false, status: 409, message: "This claim was answered already." };
    await tellClaim(app, "accepted", done);
    return { ok: true, claim: done };
  }
  const set =
    answer.type === "offer"
      ? {
          status: "offer_made" as const,
          offerAmount: answer.amount,
          dueAt: now + OFFER_ANSWER_MS,
          answeredBy: handlerId,
        }
      : {
          status: "with_staff" as const,
          handlerText: answer.text,
          handlerPhotos: answer.photos,
          dueAt: null,
          escalatedBecause: "disputed",
          answeredBy: handlerId,
        };
  if (!(await moveClaim(app.db, claim.id, ["awaiting_handler"], set, now)))
    return { ok: false, status: 409, message: "This claim was answered already." };
  const next = { ...claim, ...set } as ClaimRow;
  await tellClaim(app, answer.type === "offer" ? "offered" : "disputed", next);
  return { ok: true, claim: next };
}

/** The shopper accepts (refunded, resolved) or declines (to staff) a partial refund offer. */
export async function answerOffer(
  app: ClaimServices,
  claimId: string,
  shopperId: string,
  accept: boolean,
  now: number,
): Promise<ClaimResult> {
  const claim = await claimFor(app.db, claimId, { id: shopperId, staff: false });
  if (!claim || claim.shopperId !== shopperId) return notFound;
  if (claim.status !== "offer_made" || claim.offerAmount === null)
    return { ok: false, status: 409, message: "There is no offer to answer." };
  if (accept) {
    const done = await settle(
      app,
      claim,
      ["offer_made"],
      "partial_refund",
      claim.offerAmount,
      null,
      "The shopper accepted the seller's offer",
      now,
    );
    if (!done) return { ok: false, status: 409, message: "There is no offer to answer." };
    await tellClaim(app, "offer_accepted", done);
    return { ok: true, claim: done };
  }
  if (
    !(await moveClaim(
      app.db,
      claim.id,
      ["offer_made"],
      { status: "with_staff", dueAt: null, escalatedBecause: "offer_declined" },
      now,
    ))
  )
    return { ok: false, status: 409, message: "There is no offer to answer." };
  await tellClaim(app, "offer_declined", claim);
  return { ok: true, claim: { ...claim, status: "with_staff" } };
}

/** Staff decide a claim with staff: full, partial (less than was paid) or no refund, with a reason. */
export async function decideClaim(
  app: ClaimServices,
  claimId: string,
  staffId: string,
  decision: { outcome: ClaimOutcome; amount: number; reason: string },
  now: number,
): Promise<ClaimResult> {
  const claim = await claimFor(app.db, claimId, { id: staffId, staff: true });
  if (!claim) return notFound;
  if (claim.status !== "with_staff")
    return {
      ok: false,
      status: 409,
      message:
        claim.status === "resolved"
          ? "This claim is decided already."
          : "This claim waits for an answer from the seller or the shopper.",
    };
  const amount =
    decision.outcome === "full_refund" ? paidFor(claim) : decision.outcome === "partial_refund" ? decision.amount : 0;
  const done = await settle(app, claim, ["with_staff"], decision.outcome, amount, staffId, decision.reason, now);
  if (!done) return { ok: false, status: 409, message: "This claim is decided already." };
  await tellClaim(app, "decided", done);
  return { ok: true, claim: done };
}

/** What a claim can give back at most: the item's price, or for a repair fee the fee. */
export const paidFor = (claim: Pick<ClaimRow, "kind" | "itemPrice" | "damageCharge">) =>
  claim.kind === "repair_fee" ? (claim.damageCharge ?? 0) : claim.itemPrice;
