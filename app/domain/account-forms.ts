import { z } from "zod";
import {
  PROFILE_MESSAGES,
  PASSWORD_MESSAGES,
  REVIEW_COMMENT_MAX,
  REVIEW_MESSAGES,
  FULL_NAME_MAX,
  DISPLAY_NAME_MAX,
} from "./account";
import { PASSWORD_MIN } from "./auth-forms";

// The account page's forms, with the spec's messages (seller-store-admin.md §5). Only actions
// import this module, so zod stays out of the pages' JavaScript.

/** The display name is the public profile's URL (/{display name}): it must make a clean path. */
const DISPLAY_NAME_SHAPE = /^[\p{L}\p{N}][\p{L}\p{N} _-]*$/u;

export const ProfileForm = z.object({
  fullName: z
    .string({ error: PROFILE_MESSAGES.fullNameRequired })
    .trim()
    .min(1, PROFILE_MESSAGES.fullNameRequired)
    .max(FULL_NAME_MAX, PROFILE_MESSAGES.fullNameTooLong),
  displayName: z
    .string({ error: PROFILE_MESSAGES.displayNameRequired })
    .trim()
    .min(1, PROFILE_MESSAGES.displayNameRequired)
    .max(DISPLAY_NAME_MAX, PROFILE_MESSAGES.displayNameTooLong)
    .regex(DISPLAY_NAME_SHAPE, PROFILE_MESSAGES.displayNameShape)
    // One space between words: "Vera  Vintage" and "Vera Vintage" would be two profiles otherwise.
    .transform((v) => v.replace(/\s+/g, " ")),
  email: z
    .string({ error: PROFILE_MESSAGES.emailRequired })
    .trim()
    .min(1, PROFILE_MESSAGES.emailRequired)
    .max(254, PROFILE_MESSAGES.emailInvalid)
    .pipe(z.email(PROFILE_MESSAGES.emailInvalid))
    .transform((v) => v.toLowerCase()),
});
export type ProfileInput = z.infer<typeof ProfileForm>;

export const PasswordChangeForm = z
  .object({
    currentPassword: z
      .string({ error: PASSWORD_MESSAGES.currentRequired })
      .min(1, PASSWORD_MESSAGES.currentRequired)
      .max(200, PASSWORD_MESSAGES.currentWrong),
    newPassword: z
      .string({ error: PASSWORD_MESSAGES.newRequired })
      .min(1, PASSWORD_MESSAGES.newRequired)
      .min(PASSWORD_MIN, PASSWORD_MESSAGES.tooShort)
      .max(200, PASSWORD_MESSAGES.tooLong),
    confirmPassword: z.string({ error: PASSWORD_MESSAGES.confirmRequired }).min(1, PASSWORD_MESSAGES.confirmRequired),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    path: ["confirmPassword"],
    message: PASSWORD_MESSAGES.mismatch,
  })
  .refine((v) => v.newPassword !== v.currentPassword, {
    path: ["newPassword"],
    message: PASSWORD_MESSAGES.sameAsCurrent,
  });

export const ReviewForm = z.object({
  itemId: z.string().min(1).max(100),
  rating: z.coerce
    .number({ error: REVIEW_MESSAGES.rating })
    .int(REVIEW_MESSAGES.rating)
    .min(1, REVIEW_MESSAGES.rating)
    .max(5, REVIEW_MESSAGES.rating),
  comment: z
    .string()
    .trim()
    .max(REVIEW_COMMENT_MAX, REVIEW_MESSAGES.commentTooLong)
    .optional()
    .transform((v) => (v ? v : null)),
});
