import { z } from "zod";

export const INVALID_EMAIL = "Please enter a valid email address";

/**
 * The one e-mail address check, used by sign-up, sign-in, password reset, the store request and
 * the newsletter (issue 16): trimmed, at most 254 characters (RFC 5321), a valid address,
 * compared and stored in lower case. `required` is the form's message for an empty field.
 */
export const emailAddress = (required: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, required)
    .max(254, INVALID_EMAIL)
    .pipe(z.email(INVALID_EMAIL))
    .transform((v) => v.toLowerCase());
