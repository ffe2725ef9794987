import {
  claimableItem,
  claimFor,
  closeClaimWindow,
  insertClaim,
  moveClaim,
  type OrderClaimFacts,
  overdueClaims,
  type ClaimableRow,
  type ClaimRow,
} from "../data/claims.server";
import {
  CLAIM_MESSAGES,
  claimWindowEndsAt,
  HANDLER_ANSWER_MS,
  reasonsOffered,
  windowOpen,
  type ClaimReason,
} from "../domain/claims";
import { overturnEndsAt } from "../domain/order-lifecycle";
import { tellClaim } from "./claim-notices.server";
import type { LifecycleServices } from "./order-lifecycle.server";

// Buyer protection (issue 43 items 1–3; decision 0078): a claim reported — what a shopper may
// report on an item now, the claim recorded, 'Everything is OK' — and the daily job that sends
// overdue claims to staff. The rules are app/domain/claims.ts, the rows app/data/claims.server.ts.
// Answers, decisions and the money given back: ./claim-decisions.server.ts. Every step tells the
// other side.

export type ClaimServices = LifecycleServices;

export type ClaimResult =
  { ok: true; claim: ClaimRow } | { ok: false; status: 404 | 409 | 400; field?: string; message: string };

/** May a repair fee of this item be disputed now (charged, not overturned, within 14 days of the inspection, not disputed yet)? */
export function feeDisputable(
  item: {
    damageCharge: number | null;
    returnedAt: number | null;
    inspection: string | null;
    chargeOverturnedAt: number | null;
    feeDisputed: number;
  },
  now: number,
) {
  return (
    Boolean(item.damageCharge) &&
    !item.feeDisputed &&
    item.chargeOverturnedAt === null &&
    item.returnedAt !== null &&
    now < overturnEndsAt(item.returnedAt) &&
    item.inspection === "damaged"
  );
}

/** Why a shopper cannot report this reason on this item now, or null when they can. The item is theirs (claimableItem's WHERE). */
export function refusal(
  item: ClaimableRow,
  reason: ClaimReason,
  now: number,
): { status: 409 | 400; message: string } | null {
  if (reason === "repair_fee")
    return feeDisputable(item, now)
      ? null
      : { status: 409, message: item.feeDisputed ? CLAIM_MESSAGES.twice : CLAIM_MESSAGES.reasonNotOffered };
  if (item.claimed) return { status: 409, message: CLAIM_MESSAGES.twice };
  const offered = reasonsOffered({ ...item, claimed: false }, now);
  if (offered.includes(reason)) return null;
  return {
    status: 409,
    message:
      offered.length === 0 && item.deliveredAt !== null ? CLAIM_MESSAGES.windowClosed : CLAIM_MESSAGES.reasonNotOffered,
  };
}

/** Records a checked claim (photos already stored). A repair fee's dispute goes to staff at once. */
export async function openClaim(
  app: ClaimServices,
  input: {
    id: string;
    orderId: string;
    item: ClaimableRow;
    shopperId: string;
    reason: ClaimReason;
    description: string;
    photos: string[];
  },
  now: number,
): Promise<ClaimResult> {
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
export const shopperItem = (app: ClaimServices, orderId: string, itemId: string, shopperId: string) =>
  claimableItem(app.db, orderId, itemId, shopperId);

/** 'Everything is OK': the item's window ends now, so its money goes with the next payout. */
export const everythingOk = (app: ClaimServices, orderId: string, itemId: string, shopperId: string, now: number) =>
  closeClaimWindow(app.db, orderId, itemId, shopperId, now);

/** The daily job: claims whose answer is overdue go to staff, and everyone is told. Returns how many moved. */
export async function escalateOverdueClaims(app: ClaimServices, now: number) {
  let moved = 0;
  for (const due of await overdueClaims(app.db, now)) {
    const because = due.status === "offer_made" ? "offer_unanswered" : "no_answer";
    if (
      !(await moveClaim(
        app.db,
        due.id,
        [due.status],
        { status: "with_staff", dueAt: null, escalatedBecause: because },
        now,
      ))
    )
      continue;
    moved++;
    const claim = await claimFor(app.db, due.id, { id: "system", staff: true });
    if (claim) await tellClaim(app, "overdue", claim);
  }
  return moved;
}

/**
 * Per item of an order: what its shopper may do now under buyer protection, and its claims (the
 * order page's part), from its lines and claims as orderClaimFactsPart reads them in the page's batch.
 */
export function claimChoicesFrom([items, claims]: OrderClaimFacts, now: number) {
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
export type OrderClaimChoice = ReturnType<typeof claimChoicesFrom>[number];
