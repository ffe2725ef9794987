import type { AppContext } from "../context";
import type { TrackingStatus } from "../domain/tracking";
import { signEasyPostEvent } from "./easypost-signature.server";
import { receiveShippingWebhook } from "./tracking-events.server";

// The local label provider's tracking events (issue 44 item 2; decision 0082): what EasyPost
// sends when a carrier scans a parcel — a `tracker.updated` Event — signed in EasyPost's scheme
// with the local secret and delivered to the same code path as a real provider's events
// (/webhooks/shipping). The /dev/shipping page and the tests send them; the seed writes its
// timelines through the same webhook.

/** Our words to EasyPost's tracker statuses. */
const EASYPOST_STATUS: Readonly<Record<TrackingStatus, string>> = {
  in_transit: "in_transit",
  out_for_delivery: "out_for_delivery",
  delivered: "delivered",
  returned_to_sender: "return_to_sender",
};

/** A `tracker.updated` Event in EasyPost's shape, as JSON text. */
export function localTrackerEvent(
  trackingNumber: string,
  status: TrackingStatus,
  at: number,
  eventId = `evt_local_${crypto.randomUUID().replaceAll("-", "")}`,
) {
  const when = new Date(at).toISOString();
  return JSON.stringify({
    id: eventId,
    object: "Event",
    description: "tracker.updated",
    mode: "test",
    created_at: when,
    updated_at: when,
    result: {
      id: `trk_local_${trackingNumber}`,
      object: "Tracker",
      mode: "test",
      tracking_code: trackingNumber,
      status: EASYPOST_STATUS[status],
      carrier: "RoyalMail",
      updated_at: when,
      tracking_details: [
        {
          object: "TrackingDetail",
          status: EASYPOST_STATUS[status],
          message: status.replaceAll("_", " "),
          datetime: when,
        },
      ],
    },
  });
}

/** Sends one signed tracking event to the shipping webhook's code path; its answer back. */
export async function sendLocalTrackingEvent(
  app: Pick<AppContext, "env" | "config" | "db">,
  siteUrl: string,
  trackingNumber: string,
  status: TrackingStatus,
  now: number,
) {
  const body = localTrackerEvent(trackingNumber, status, now);
  const signature = await signEasyPostEvent(body, app.config.shippingWebhookSecret);
  const request = new Request(new URL("/webhooks/shipping", siteUrl), {
    method: "POST",
    headers: { "content-type": "application/json", "x-hmac-signature": signature },
    body,
  });
  return receiveShippingWebhook(app, request, now);
}
