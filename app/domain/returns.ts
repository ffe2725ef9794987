import { formatGBP, parsePounds } from "./money";
import type { InspectionOutcome } from "./order-lifecycle";

// Returns (issue 22): where an item goes back, why a purchase is returned, and what the inspector
// found with the charge that follows. Pure: the forms' values in, a decision or field messages out.

/** Where items handled by Closetloop itself come back (staff as the fallback handler). */
export const CLOSETLOOP_RETURNS_ADDRESS = [
  "Closetloop Returns",
  "Unit 4, Canal Side Studios",
  "88 Orsman Road",
  "London",
  "N1 5QJ",
  "United Kingdom",
] as const;

/** The same address as a label's recipient (a claim's return of an item Closetloop handles; decision 0093). */
export const CLOSETLOOP_RETURNS_POSTAL = {
  fullName: "Closetloop Returns",
  addressLine1: "Unit 4, Canal Side Studios",
  addressLine2: "88 Orsman Road",
  city: "London",
  postalCode: "N1 5QJ",
  country: "GB",
} as const;

export const REASON_MAX = 500;

export const INSPECTION_LABELS: Readonly<Record<InspectionOutcome, string>> = {
  good: "Good: back on sale",
  damaged: "Damaged: repair fee",
  not_returnable: "Not returnable: charged as a purchase",
};

/** What a refused inspection form answers: its field errors and what was sent. */
export interface InspectFormResult {
  intent?: string | null;
  itemId?: string;
  errors?: Partial<Record<"outcome" | "fee" | "reason", string>>;
  values?: { outcome?: string; fee?: string; reason?: string };
}

export type Inspection = { outcome: InspectionOutcome; charge?: number; reason?: string };
export type InspectionErrors = Partial<Record<"outcome" | "fee" | "reason", string>>;

const text = (value: unknown) => (typeof value === "string" ? value.trim() : "");

/**
 * The inspector's finding: good (no charge), damaged (a repair fee from 1p up to the buying
 * price, with a reason) or not returnable (the buying price, with a reason).
 */
export function readInspection(
  values: { outcome: unknown; fee: unknown; reason: unknown },
  buyingPrice: number,
): { ok: true; value: Inspection } | { ok: false; errors: InspectionErrors } {
  const outcome = values.outcome;
  if (outcome !== "good" && outcome !== "damaged" && outcome !== "not_returnable")
    return { ok: false, errors: { outcome: "Choose what you found when it came back." } };
  if (outcome === "good") return { ok: true, value: { outcome } };
  const errors: InspectionErrors = {};
  const reason = text(values.reason);
  if (!reason) errors.reason = "Say what you found: the shopper is told.";
  else if (reason.length > REASON_MAX) errors.reason = `Keep the reason to ${REASON_MAX} characters.`;
  let charge = buyingPrice;
  if (outcome === "damaged") {
    const typed = text(values.fee);
    const pence = typed ? parsePounds(typed) : null;
    if (!typed) errors.fee = "Enter the repair fee.";
    else if (pence === null) errors.fee = "Enter the repair fee in pounds, such as 12.50.";
    else if (pence < 1) errors.fee = "The repair fee must be at least 1p.";
    else if (pence > buyingPrice)
      errors.fee = `The repair fee cannot be more than the buying price (${formatGBP(buyingPrice)}).`;
    else charge = pence;
  }
  if (Object.keys(errors).length) return { ok: false, errors };
  return { ok: true, value: { outcome, charge, reason } };
}

/** Why a purchase goes back: required, short. */
export function readReturnReason(value: unknown): { ok: true; reason: string } | { ok: false; error: string } {
  const reason = text(value);
  if (!reason) return { ok: false, error: "Tell us why you are returning it." };
  if (reason.length > REASON_MAX) return { ok: false, error: `Keep the reason to ${REASON_MAX} characters.` };
  return { ok: true, reason };
}
