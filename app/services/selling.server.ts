import type { AppContext } from "../context";
import { displayNameTaken } from "../data/account.server";
import { isUniqueViolation } from "../data/db.server";
import {
  decideSellerRequest,
  requestToSell,
  sellerSignupMode,
  sellingCandidate,
  startSellingNow,
} from "../data/seller-requests.server";
import { PROFILE_MESSAGES, reservedDisplayName } from "../domain/account";
import { readStartSelling } from "../domain/selling-form";
import { maySellCheck, SELLING_MESSAGES, type SellerSignupMode } from "../domain/selling";
import { reservedSegments } from "./account.server";
import { publicPagesChanged } from "./freshness.server";
import { tellSellerRequestDecided, tellSellerRequested, tellSellingStarted } from "./selling-notices.server";

// Start selling (issue 27 item 7; decision 0057): the account's form, and staff's decision on a
// request when the site sells by approval.

type Services = Pick<AppContext, "env" | "db" | "config">;

export type StartSellingResult =
  | { ok: true; mode: SellerSignupMode }
  | {
      ok: false;
      status: 400 | 403 | 404 | 409;
      message: string;
      errors?: Record<string, string>;
      values?: Record<string, string>;
    };

export async function startSelling(
  app: Services,
  userId: string,
  form: FormData,
  now: number,
): Promise<StartSellingResult> {
  const [person, mode] = await Promise.all([sellingCandidate(app.db, userId), sellerSignupMode(app.db)]);
  if (!person) return { ok: false, status: 404, message: SELLING_MESSAGES.failed };
  const check = maySellCheck(person, mode);
  if (!check.ok) return { ok: false, status: check.status, message: check.message };
  const parsed = readStartSelling(form);
  // A name that is reserved or someone else's is said at once, with the form's other mistakes (decision 0068).
  const unavailable = async (name: string) =>
    reservedDisplayName(name, await reservedSegments()) ??
    ((await displayNameTaken(app.db, name, userId)) ? PROFILE_MESSAGES.displayNameTaken : null);
  if (!parsed.ok) {
    const name = (parsed.echo.displayName ?? "").trim().replace(/\s+/g, " ");
    const nameRefused = !parsed.errors.displayName && name ? await unavailable(name) : null;
    const errors = nameRefused ? { ...parsed.errors, displayName: nameRefused } : parsed.errors;
    return {
      ok: false,
      status: 400,
      message: Object.values(errors)[0] ?? SELLING_MESSAGES.failed,
      errors,
      values: parsed.echo,
    };
  }
  const { displayName, returnAddress } = parsed.value;
  const taken = await unavailable(displayName);
  if (taken) return { ok: false, status: 409, message: taken, errors: { displayName: taken }, values: parsed.echo };
  try {
    if (mode === "open") await startSellingNow(app.db, person, { displayName, returnAddress }, now);
    else await requestToSell(app.db, person.id, { displayName, returnAddress }, now);
  } catch (error) {
    // Two people choosing the same display name at once: the unique index decides.
    if (isUniqueViolation(error))
      return {
        ok: false,
        status: 409,
        message: PROFILE_MESSAGES.displayNameTaken,
        errors: { displayName: PROFILE_MESSAGES.displayNameTaken },
        values: parsed.echo,
      };
    throw error;
  }
  const told = { ...person, displayName };
  if (mode === "open") {
    // The public profile at /{display name} now lists what they sell.
    if (displayName !== person.displayName) await publicPagesChanged(app.env.CACHE, now);
    await tellSellingStarted(app, told);
  } else await tellSellerRequested(app, told, now);
  return { ok: true, mode };
}

export type SellerDecisionResult = { ok: true; message: string } | { ok: false; status: 404 | 409; message: string };

/** Said to staff when the display name a request asks for was taken by someone else while it waited. */
export const REQUESTED_NAME_TAKEN =
  "The display name this request asks for is now someone else's: decline it with a reason so that they can choose another.";

/** Staff approve (vendor access) or decline (with a reason) a request to sell; the applicant is told. */
export async function decideRequestToSell(
  app: Services,
  staffId: string,
  userId: string,
  decision: "approve" | "decline",
  reason: string | null,
  now: number,
): Promise<SellerDecisionResult> {
  const person = userId ? await sellingCandidate(app.db, userId) : null;
  if (!person?.request || person.request.status !== "pending")
    return { ok: false, status: 404, message: SELLING_MESSAGES.notFound };
  if (decision === "approve" && person.deactivatedAt !== null)
    return {
      ok: false,
      status: 409,
      message: "This account is deactivated: reactivate it first, or decline the request.",
    };
  let decided: boolean;
  try {
    decided = await decideSellerRequest(app.db, person, staffId, decision, reason, now);
  } catch (error) {
    // The name it asks for was taken while it waited: the unique index refused the whole batch.
    if (isUniqueViolation(error)) return { ok: false, status: 409, message: REQUESTED_NAME_TAKEN };
    throw error;
  }
  if (!decided) return { ok: false, status: 409, message: SELLING_MESSAGES.notFound };
  // The public profile at /{display name} now lists what they sell under the name they asked for.
  if (decision === "approve" && person.request.details && person.request.details.displayName !== person.displayName)
    await publicPagesChanged(app.env.CACHE, now);
  await tellSellerRequestDecided(app, person, decision, reason, now);
  return { ok: true, message: decision === "approve" ? SELLING_MESSAGES.approved : SELLING_MESSAGES.declined };
}
