import { enqueue } from "./notifications.server";

/** Newsletter sign-up (shopper.md §7): create the contact, then track newsletter_subscribed. */
export async function subscribeToNewsletter(env: Env, email: string, now: Date) {
  const id = crypto.randomUUID();
  const signupDate = now.toISOString();
  await enqueue(env, [
    {
      key: `newsletter:${id}:create_contact`,
      type: "marketing",
      action: "create_contact",
      data: {
        email,
        tags: ["newsletter", "website_footer"],
        customProperties: { signupSource: "newsletter", signupDate },
      },
    },
    {
      key: `newsletter:${id}:newsletter_subscribed`,
      type: "marketing",
      action: "track_event",
      data: {
        email,
        eventName: "newsletter_subscribed",
        eventProperties: { source: "website_footer", timestamp: signupDate },
      },
    },
  ]);
}
