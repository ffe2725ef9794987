import { z } from "zod";

// shopper.md §5: the exact messages of the newsletter form.
export const NEWSLETTER_EMPTY = "Please enter your email address";
export const NEWSLETTER_INVALID = "Please enter a valid email address";
export const NEWSLETTER_SUCCESS = "Successfully subscribed to our newsletter!";
export const NEWSLETTER_FAILURE = "Failed to subscribe. Please try again.";

export const NewsletterForm = z.object({
  email: z
    .string({ error: NEWSLETTER_EMPTY })
    .trim()
    .min(1, NEWSLETTER_EMPTY)
    .max(254, NEWSLETTER_INVALID)
    .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, NEWSLETTER_INVALID)
    .transform((email) => email.toLowerCase()),
});
