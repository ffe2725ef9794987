import type { AppContext } from "../context";
import { findUserByEmail } from "../data/users.server";
import {
  approvalStatements,
  rejectStoreRequest,
  storeRequestById,
  type StoreRequest,
} from "../data/store-requests.server";
import { newToken, SET_PASSWORD_TTL_MS } from "./auth.server";
import { enqueue } from "./notifications.server";

// The spec's approve-store-request function as a server module (issue 12 item 1; decision 0032).
// Approving a store request makes the store account in one atomic D1 batch — the user (or the
// existing account of the contact e-mail), their store role, the store, the request stamped
// approved, a single-use set-password link — then queues the e-mail with that link. A request
// that is not pending is refused, so approving twice creates nothing new.

export const STORE_APPROVED = "Store request approved and store account created successfully";

export type StoreReviewResult =
  | { ok: true; storeId: string; userId: string; accountCreated: boolean }
  | { ok: true; rejected: true }
  | { ok: false; status: 404 | 409; message: string };

const notFound = { ok: false, status: 404, message: "Store request not found" } as const;
const alreadyReviewed = (status: string) =>
  ({ ok: false, status: 409, message: `This store request was already ${status}.` }) as const;

export async function approveStoreRequest(
  app: AppContext,
  requestId: string,
  staffId: string,
  origin: string,
  now: number,
): Promise<StoreReviewResult> {
  const request = requestId ? await storeRequestById(app.db, requestId) : null;
  if (!request) return notFound;
  if (request.status !== "pending") return alreadyReviewed(request.status);
  const existing = await findUserByEmail(app.db, request.contactEmail);
  if (existing?.deactivatedAt != null) {
    return {
      ok: false,
      status: 409,
      message:
        "The contact e-mail belongs to a deactivated account. Reactivate that account first, then approve the request.",
    };
  }
  const account = { id: existing?.id ?? crypto.randomUUID(), existing: Boolean(existing) };
  // An account that already exists keeps its password; only a new one gets a set-password link.
  const link = account.existing ? null : await newToken();
  const storeId = `store_${crypto.randomUUID()}`;
  try {
    await app.db.batch(
      approvalStatements(app.db, {
        request,
        staffId,
        storeId,
        account,
        setPasswordTokenHash: link?.tokenHash ?? null,
        tokenTtlMs: SET_PASSWORD_TTL_MS,
        now,
      }),
    );
  } catch (error) {
    // Nothing was written. Someone approved or rejected it meanwhile (a double submit): say so.
    const fresh = await storeRequestById(app.db, request.id);
    if (fresh && fresh.status !== "pending") return alreadyReviewed(fresh.status);
    if (/constraint/i.test(String(error))) {
      console.error(`store request ${request.id}: approval refused by the database`, error);
      return { ok: false, status: 409, message: "Failed to update request status" };
    }
    throw error;
  }
  try {
    await enqueue(app.env, [
      approvalEmail(request, account.existing, link ? `${origin}/auth/reset?token=${link.token}` : null, origin),
    ]);
  } catch (error) {
    // The account exists; staff can send the owner a password reset from the Users tab.
    console.error(`store request ${request.id}: the approval e-mail could not be queued`, error);
  }
  return { ok: true, storeId, userId: account.id, accountCreated: !account.existing };
}

function approvalEmail(request: StoreRequest, existing: boolean, setPasswordLink: string | null, origin: string) {
  const access = existing
    ? `Your store is linked to the Closetloop account you already have with this e-mail address. Sign in as usual and open your Store Dashboard:\n\n${origin}/store`
    : `We have created a store account for you. Choose your password here to sign in:\n\n${setPasswordLink}\n\nThe link works once and expires in 7 days. If it has expired, use "Forgot password?" on the sign-in page.`;
  return {
    key: `store_request_approved:${request.id}`,
    type: "email" as const,
    kind: "store_request_approved" as const,
    to: request.contactEmail,
    subject: `Welcome to Closetloop: ${request.storeName} is approved`,
    text: `Hello ${request.contactName},\n\nGood news: your request to join Closetloop as a partner store, ${request.storeName}, has been approved.\n\n${access}\n\nFrom your Store Dashboard you can review concierge requests from sellers and manage your store's items and settings.\n\nWelcome aboard,\nThe Closetloop team`,
  };
}

/** Reject a pending request: stamped with who and when, and a polite e-mail to the contact. */
export async function declineStoreRequest(
  app: AppContext,
  requestId: string,
  staffId: string,
  reason: string,
  now: number,
): Promise<StoreReviewResult> {
  const request = requestId ? await storeRequestById(app.db, requestId) : null;
  if (!request) return notFound;
  if (request.status !== "pending" || !(await rejectStoreRequest(app.db, request.id, staffId, reason, now))) {
    const fresh = await storeRequestById(app.db, request.id);
    return alreadyReviewed(fresh?.status ?? request.status);
  }
  try {
    await enqueue(app.env, [
      {
        key: `store_request_rejected:${request.id}`,
        type: "email",
        kind: "store_request_rejected",
        to: request.contactEmail,
        subject: `Your Closetloop store request for ${request.storeName}`,
        text: `Hello ${request.contactName},\n\nThank you for your interest in becoming a Closetloop partner store with ${request.storeName}. We have reviewed your request carefully and are not able to approve it at this time.\n\nOur reason: ${reason}\n\nIt is not a judgement of your business. You are welcome to apply again in the future, and you can reply to this e-mail if you have any questions.\n\nKind regards,\nThe Closetloop team`,
      },
    ]);
  } catch (error) {
    console.error(`store request ${request.id}: the rejection e-mail could not be queued`, error);
  }
  return { ok: true, rejected: true };
}
