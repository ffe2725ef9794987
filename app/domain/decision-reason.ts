// A reason for a rejection (issue 24, item 8): staff rejecting a listing, a store request or a
// brand suggestion, and a store refusing a concierge request, must say why; the person is shown
// it. One rule for every such form.

export const REASON_MIN = 5;
export const REASON_MAX = 500;

export const REASON_MESSAGES = {
  required: `Please give a reason (at least ${REASON_MIN} characters): the person is shown it.`,
  tooLong: `Please keep the reason under ${REASON_MAX} characters.`,
} as const;

export type ReasonResult = { ok: true; reason: string } | { ok: false; error: string };

/** The form's `reason`, trimmed, with its whitespace runs collapsed; an error when too short or long. */
export function readDecisionReason(form: FormData): ReasonResult {
  const raw = form.get("reason");
  const reason = typeof raw === "string" ? raw.replace(/\s+/g, " ").trim() : "";
  if (reason.length < REASON_MIN) return { ok: false, error: REASON_MESSAGES.required };
  if (reason.length > REASON_MAX) return { ok: false, error: REASON_MESSAGES.tooLong };
  return { ok: true, reason };
}
