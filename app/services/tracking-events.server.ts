import { labelByTracking, recordTrackingEvent } from "../data/labels.server";
import { trackingAfter, trackingStatusOf } from "../domain/tracking";
import type { AppContext } from "../context";
import { trackerUpdate } from "./easypost-events.server";
import { verifyEasyPostEvent } from "./easypost-signature.server";
import { carrierDelivered } from "./order-lifecycle.server";
import { claimReturnDelivered } from "./claim-returns.server";
import { readAtMost } from "./read-at-most";

// POST /webhooks/shipping (issue 44 item 3; docs/decisions/0082-shipping-labels-and-tracking.md).
// One code path for EasyPost's `tracker.updated` events and the local provider's (signed alike,
// in EasyPost's scheme, with the configured secret):
// - a body over 256 kB is refused (413); a missing or forged signature is a 400, nothing changed;
// - an event for a label we did not make, or a status the timeline does not show, is answered
//   200 with nothing done (the provider would otherwise retry it for days);
// - each status of a label is recorded once (a unique index), and the label's status never goes
//   back (an 'in transit' after 'delivered' joins the timeline and changes nothing else);
// - 'delivered' on a parcel going out delivers its items through the staff step (a rental's 7
//   days start): a repeat finds them delivered and changes nothing.

export const SHIPPING_WEBHOOK_MAX_BYTES = 256 * 1024;

type Services = Pick<AppContext, "env" | "config" | "db">;

const text = (status: number, message: string) =>
  new Response(message, { status, headers: { "content-type": "text/plain; charset=utf-8" } });

export async function receiveShippingWebhook(app: Services, request: Request, now: number): Promise<Response> {
  if (request.method !== "POST") return new Response("Method not allowed", { status: 405, headers: { allow: "POST" } });
  const bytes = await readAtMost(request.body, SHIPPING_WEBHOOK_MAX_BYTES);
  if (bytes === null) return text(413, "The event is larger than 256 kB");
  const body = new TextDecoder().decode(bytes);
  let event: unknown;
  try {
    event = await verifyEasyPostEvent(body, request.headers.get("x-hmac-signature"), app.config.shippingWebhookSecret);
  } catch {
    return text(400, "Missing or invalid X-Hmac-Signature");
  }
  const update = trackerUpdate(event);
  if (!update) return Response.json({ received: true, outcome: "ignored: not a tracker update" });
  const status = trackingStatusOf(update.status);
  if (!status) return Response.json({ received: true, outcome: `ignored: ${update.status.slice(0, 40)}` });
  const label = await labelByTracking(app.db, update.trackingCode);
  if (!label) return Response.json({ received: true, outcome: "ignored: unknown label" });
  const occurredAt = Number.isFinite(update.occurredAt) ? update.occurredAt : now;
  const fresh = await recordTrackingEvent(
    app.db,
    label,
    { status, eventId: update.eventId.slice(0, 100), occurredAt },
    trackingAfter(label.trackingStatus, status),
    now,
  );
  let outcome = fresh ? `recorded: ${status}` : `duplicate: ${status}`;
  if (status === "delivered" && label.direction === "outbound") {
    try {
      const result = await carrierDelivered(app, label.orderId, label.itemIds, now);
      if (result.ok && result.changed) outcome += "; items delivered";
      else if (!result.ok) outcome += `; items not changed (${result.message})`;
    } catch (error) {
      // Answered 500: the provider delivers it again, and the step is taken then.
      console.error(`shipping webhook: delivering the items of label ${label.id} failed`, error);
      return text(500, "The event could not be handled; deliver it again");
    }
  }
  // A claim's return delivered: the item is back with its handler (decision 0093).
  if (status === "delivered" && label.claimId && (await claimReturnDelivered(app, label.claimId, now)))
    outcome += "; claim return received";
  return Response.json({ received: true, outcome });
}
