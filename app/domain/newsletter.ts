import { z } from "zod";
import { emailAddress, INVALID_EMAIL } from "./email";

// shopper.md §5: the exact messages of the newsletter form.
export const NEWSLETTER_EMPTY = "Please enter your email address";
export const NEWSLETTER_INVALID = INVALID_EMAIL;
export const NEWSLETTER_SUCCESS = "Successfully subscribed to our newsletter!";
export const NEWSLETTER_FAILURE = "Failed to subscribe. Please try again.";

// The same e-mail validation as sign-up (issue 16), with the newsletter's own messages.
export const NewsletterForm = z.object({ email: emailAddress(NEWSLETTER_EMPTY) });
