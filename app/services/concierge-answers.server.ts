import type { AppContext } from "../context";
import { answerConcierge } from "../data/store-dashboard.server";
import { readDecisionReason } from "../domain/decision-reason";
import { publicPagesChanged } from "./freshness.server";
import { tellConciergeDecided } from "./notices.server";

// A store answers a seller's concierge request from its dashboard's Requests tab (issue 23):
// approve, or reject with a reason the seller is shown (issue 24, item 8). Only a request to this
// store that still waits for it is changed (its id and the store in the WHERE clause).

type Refused = {
  ok: false;
  status: number;
  title: string;
  message: string;
  extra?: { form: string; errors: { reason: string } };
};
type Answered = { ok: true; toast: { type: "success"; title: string; description: string } };

export async function answerConciergeFromForm(
  app: AppContext,
  form: FormData,
  store: { id: string; name: string },
  decision: "approve" | "reject",
  now: number,
): Promise<Refused | Answered> {
  const productId = String(form.get("productId") ?? "").slice(0, 100);
  const reason = decision === "reject" ? readDecisionReason(form) : null;
  if (reason && !reason.ok)
    return {
      ok: false,
      status: 400,
      title: "Failed to reject request",
      message: reason.error,
      extra: { form: `reject-${productId}`, errors: { reason: reason.error } },
    };
  const changed = await answerConcierge(app.db, store.id, productId, decision, now, reason?.ok ? reason.reason : null);
  // Not this store's, or no longer waiting for it: nothing was written.
  if (!changed)
    return {
      ok: false,
      status: 404,
      title: `Failed to ${decision} request`,
      message: "This concierge request was not found or has already been answered.",
    };
  // The product page says which store manages a live item.
  if (changed.productStatus === "live") await publicPagesChanged(app.env.CACHE, now);
  // The seller is told the store's answer (issue 23).
  await tellConciergeDecided(app, productId, store.name, decision, reason?.ok ? reason.reason : null);
  return {
    ok: true,
    toast: {
      type: "success",
      title: decision === "approve" ? "Request Approved" : "Request Rejected",
      description: `The concierge request has been ${decision === "approve" ? "approved" : "rejected"}.`,
    },
  };
}
