import { z } from "zod";
import { emailAddress } from "./email";
import { FULL_NAME_MAX, PROFILE_MESSAGES } from "./account";

// One schema per form; the spec's exact messages live here (shopper.md §5, seller-store-admin.md §5).
const email = emailAddress;

export const SignInForm = z.object({
  email: email("Email is required"),
  password: z
    .string({ error: "Password is required" })
    .min(1, "Password is required")
    .max(200, "Password must be at most 200 characters"),
});

export const PASSWORD_MIN = 6;
const newPassword = z
  .string({ error: "New password is required" })
  .min(1, "New password is required")
  .min(PASSWORD_MIN, "Password must be at least 6 characters")
  .max(200, "Password must be at most 200 characters");

export const SignUpForm = z
  .object({
    fullName: z
      .string({ error: "Full name is required" })
      .trim()
      .min(1, "Full name is required")
      .max(FULL_NAME_MAX, PROFILE_MESSAGES.fullNameTooLong),
    email: email("Email is required"),
    password: newPassword,
    confirmPassword: z.string({ error: "Please confirm your password" }).min(1, "Please confirm your password"),
  })
  .refine((v) => v.password === v.confirmPassword, { path: ["confirmPassword"], message: "Passwords do not match" });

export const StoreRequestForm = z.object({
  contactName: z
    .string({ error: "Contact name is required" })
    .trim()
    .min(1, "Contact name is required")
    .max(120, "Contact name must be at most 120 characters"),
  storeName: z
    .string({ error: "Store name is required" })
    .trim()
    .min(1, "Store name is required")
    .max(120, "Store name must be at most 120 characters"),
  storeAddress: z
    .string({ error: "Store address is required" })
    .trim()
    .min(1, "Store address is required")
    .max(300, "Store address must be at most 300 characters"),
  storeWebsite: z
    .string()
    .trim()
    .max(300, "Website must be at most 300 characters")
    .optional()
    .transform((v) => (v ? v : undefined))
    .pipe(z.url({ protocol: /^https?$/, error: "Please enter a valid website URL (https://...)" }).optional()),
  contactEmail: email("Contact email is required"),
});

export const ForgotPasswordForm = z.object({ email: email("Email is required") });

export const ResetPasswordForm = z
  .object({
    token: z.string().min(1).max(200),
    password: newPassword,
    confirmPassword: z.string({ error: "Please confirm your password" }).min(1, "Please confirm your password"),
  })
  .refine((v) => v.password === v.confirmPassword, { path: ["confirmPassword"], message: "Passwords do not match" });

// Actions read these through Conform (./submission.ts: checkForm); the field errors' type lives there.
export type { FieldErrors } from "./submission";

/** First word is the first name, the rest the last name (shopper.md §4). */
export function splitFullName(fullName: string) {
  const [firstName = "", ...rest] = fullName.trim().split(/\s+/);
  return { firstName, lastName: rest.join(" ") };
}
