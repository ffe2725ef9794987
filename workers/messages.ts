import { z } from "zod";

// The one message union that crosses the NOTIFICATIONS queue. Every message carries a key;
// the consumer records each key once, so a redelivered message is sent once.
const base = { key: z.string().min(1).max(200) };

export const EmailMessage = z.object({
  ...base,
  type: z.literal("email"),
  kind: z.enum([
    "verify_email",
    "password_reset",
    "order_placed",
    "order_status_changed",
    "rental_reminder",
    "rental_converted",
    "store_request_approved",
    "store_request_rejected",
  ]),
  to: z.email(),
  subject: z.string().min(1),
  text: z.string().min(1),
});

export const CreateContactMessage = z.object({
  ...base,
  type: z.literal("marketing"),
  action: z.literal("create_contact"),
  data: z.object({
    email: z.email(),
    firstName: z.string().optional(),
    lastName: z.string().optional(),
    tags: z.array(z.string()),
    customProperties: z.record(z.string(), z.union([z.string(), z.boolean(), z.number()])),
  }),
});

export const TrackEventMessage = z.object({
  ...base,
  type: z.literal("marketing"),
  action: z.literal("track_event"),
  data: z.object({
    email: z.email(),
    eventName: z.enum([
      "user_registered",
      "newsletter_subscribed",
      "order_placed",
      "shipment_status_updated",
    ]),
    eventProperties: z.record(z.string(), z.unknown()),
  }),
});

export const NotificationMessage = z.union([EmailMessage, CreateContactMessage, TrackEventMessage]);
export type NotificationMessage = z.infer<typeof NotificationMessage>;
