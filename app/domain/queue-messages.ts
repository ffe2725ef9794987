import { z } from "zod";
import { EMAIL_KINDS, NOTIFICATION_CATEGORIES } from "./notifications";

// The one message union that crosses the NOTIFICATIONS queue. Every message carries a key;
// the consumer records each key once, so a redelivered message is sent once.
const base = { key: z.string().min(1).max(200) };

export const EmailMessage = z.object({
  ...base,
  type: z.literal("email"),
  kind: z.enum(EMAIL_KINDS),
  to: z.email(),
  subject: z.string().min(1),
  text: z.string().min(1),
  /** The notification category (issue 23): marketing and alerts carry an unsubscribe link; absent = transactional. */
  category: z.enum(NOTIFICATION_CATEGORIES).optional(),
  /** The e-mail's call-to-action button: the page it is about (an absolute URL). */
  cta: z.object({ label: z.string().min(1).max(60), url: z.url() }).optional(),
  /** Why the person got it, for the footer ('You get this because you sell on Closetloop.'). */
  reason: z.string().max(300).optional(),
  /**
   * The account it concerns (issue 23): the consumer writes their notification (once per key) and
   * e-mails them only where their preference for the category allows.
   */
  userId: z.string().min(1).max(200).optional(),
  /** The notification's headline (the subject when absent). */
  title: z.string().min(1).max(200).optional(),
  /** The page it is about, a path on this site (the notification links to it). */
  link: z.string().startsWith("/").max(500).optional(),
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
    eventName: z.enum(["user_registered", "newsletter_subscribed", "order_placed", "shipment_status_updated"]),
    eventProperties: z.record(z.string(), z.unknown()),
  }),
});

/** A marketing contact's subscription changed (unsubscribed from the newsletter's link). */
export const UpdateContactMessage = z.object({
  ...base,
  type: z.literal("marketing"),
  action: z.literal("update_contact"),
  data: z.object({ email: z.email(), unsubscribed: z.boolean() }),
});

/** A deleted account's contact is erased from the marketing tool too (decision 0068). */
export const DeleteContactMessage = z.object({
  ...base,
  type: z.literal("marketing"),
  action: z.literal("delete_contact"),
  data: z.object({ email: z.email() }),
});

/** Make the WebP variants of one original in the IMAGES bucket (app/services/image-variants.server.ts). */
export const ImageVariantsMessage = z.object({
  ...base,
  type: z.literal("image_variants"),
  imageKey: z.string().min(1).max(1024),
});
export type ImageVariantsMessage = z.infer<typeof ImageVariantsMessage>;

/**
 * People's views of a page, counted by the consumer in batches (app/services/views.server.ts): `n`
 * views gathered by one isolate within a second (count-view.server.ts); a message without `n` is one.
 */
const viewed = {
  ...base,
  type: z.literal("view"),
  at: z.number().int(),
  n: z.number().int().min(1).max(1_000_000).default(1),
};
export const ViewMessage = z.union([
  z.object({ ...viewed, page: z.literal("product"), id: z.string().min(1).max(200) }),
  z.object({ ...viewed, page: z.literal("store"), id: z.string().min(1).max(200) }),
  z.object({ ...viewed, page: z.literal("profile"), displayName: z.string().min(1).max(200) }),
]);
export type ViewMessage = z.infer<typeof ViewMessage>;

export const NotificationMessage = z.union([
  EmailMessage,
  CreateContactMessage,
  TrackEventMessage,
  UpdateContactMessage,
  DeleteContactMessage,
  ImageVariantsMessage,
]);
export type NotificationMessage = z.infer<typeof NotificationMessage>;

/**
 * Work a form hands to the consumer so that its answer takes the same time whether or not the
 * e-mail has an account (decision 0017): the consumer looks the account up and, when there is
 * one to write to, queues the e-mail itself (app/services/auth.server.ts, fulfilAccountEmail).
 */
export const AccountEmailRequest = z.object({
  ...base,
  type: z.literal("account_email"),
  purpose: z.enum(["password_reset", "verify_email"]),
  email: z.email(),
  origin: z.url(),
});
export type AccountEmailRequest = z.infer<typeof AccountEmailRequest>;

/** Everything that crosses the NOTIFICATIONS queue. */
export const QueueMessage = z.union([NotificationMessage, AccountEmailRequest, ViewMessage]);
export type QueueMessage = z.infer<typeof QueueMessage>;
