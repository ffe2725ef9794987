import { data } from "react-router";
import type { AppContext } from "../context";
import { answerPriceChange } from "../data/seller.server";
import { markEventRead } from "../data/notifications.server";
import { tellPriceDrop } from "./alerts.server";
import { publicPagesChanged } from "./freshness.server";
import { tellPriceAnswered } from "./notices.server";
import { redirectWithToast } from "./toast.server";

/**
 * An owner's answer to a store's price change request (seller dashboard, Notifications tab): the
 * price changes when accepted, shoppers who saved the item hear of a lower price, the store is told
 * the answer, and the owner's own notice of the request is read now.
 */
export async function answerPriceFromForm(
  app: AppContext,
  form: FormData,
  ownerId: string,
  intent: "accept_price" | "reject_price",
  now: number,
) {
  const answer = intent === "accept_price" ? "accepted" : "rejected";
  const verb = answer === "accepted" ? "accept" : "reject";
  const requestId = String(form.get("requestId") ?? "").slice(0, 100);
  try {
    const answered = await answerPriceChange(app.db, requestId, ownerId, answer, now);
    if (!answered)
      return data({ intent, alert: { title: "Error", message: `Failed to ${verb} the request.` } }, { status: 404 });
    if (answered.changed && answered.productStatus === "live") await publicPagesChanged(app.env.CACHE, now);
    // Shoppers who saved it are told of a lower price (issue 25).
    if (answered.changed) await tellPriceDrop(app, answered.productId, answered.before);
    // The store is told the owner's answer (issue 23); the owner's own notice of the request is read now (decision 0067).
    await tellPriceAnswered(app, requestId, answer);
    await markEventRead(app.db, ownerId, `price_change_requested:${requestId}`, now);
    return redirectWithToast(app.config, "/vendor?tab=notifications", {
      type: "success",
      title: answer === "accepted" ? "Request Accepted" : "Request Rejected",
      description: `Price change request has been ${answer}`,
    });
  } catch (error) {
    console.error(`vendor: could not ${verb} price change request ${requestId}`, error);
    return data({ intent, alert: { title: "Error", message: `Failed to ${verb} the request.` } }, { status: 500 });
  }
}
