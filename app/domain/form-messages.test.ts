import { describe, expect, it } from "vitest";
import { PasswordChangeForm, ProfileForm, ReviewForm } from "./account-forms";
import { ResetPasswordForm, SignInForm, SignUpForm, StoreRequestForm } from "./auth-forms";
import { parseCheckoutForm } from "./checkout";
import { NewsletterForm } from "./newsletter";
import { parseProductForm, SuggestionForm, typedValues } from "./product-form";
import { readStartSelling } from "./selling-form";
import { checkForm } from "./submission";

// Every form answers a field typed far too long (6,000 characters, as a form without
// JavaScript or a script can send) in its own words, at that field: never zod's own
// 'Too big: expected string to have <=200 characters', and never 'is required' for a field
// that was filled (decision 0067). One field at a time, the others left empty (a confirmation
// has no limit of its own: it is compared with its password).

const ADDRESS = ["fullName", "addressLine1", "addressLine2", "city", "county", "postalCode", "country"];
const parsers: [string, string[], (form: FormData) => Record<string, string> | null][] = [
  ["sign in", ["email", "password"], (f) => errorsOf(checkForm(f, SignInForm))],
  ["sign up", ["fullName", "email", "password"], (f) => errorsOf(checkForm(f, SignUpForm))],
  [
    "store request",
    ["contactName", "storeName", "storeAddress", "storeWebsite", "contactEmail"],
    (f) => errorsOf(checkForm(f, StoreRequestForm)),
  ],
  ["password reset", ["password"], (f) => errorsOf(checkForm(f, ResetPasswordForm))],
  ["profile", ["fullName", "displayName", "email"], (f) => errorsOf(checkForm(f, ProfileForm))],
  ["password change", ["currentPassword", "newPassword"], (f) => errorsOf(checkForm(f, PasswordChangeForm))],
  ["review", ["comment"], (f) => errorsOf(checkForm(f, ReviewForm))],
  ["newsletter", ["email"], (f) => errorsOf(checkForm(f, NewsletterForm))],
  ["brand suggestion", ["suggestedName", "description"], (f) => errorsOf(checkForm(f, SuggestionForm))],
  ["start selling", ["displayName", ...ADDRESS.map((k) => `return.${k}`)], (f) => errorsOf(readStartSelling(f))],
  ["checkout", [...ADDRESS, "email", "phone"].map((k) => `billing.${k}`), (f) => errorsOf(parseCheckoutForm(f))],
  [
    "product",
    ["name", "description", "brand", "color", "materials", "careInstructions", "memoryStory"],
    (f) => errorsOf(parseProductForm(typedValues(f), "create")),
  ],
];

function errorsOf(result: { ok: boolean; errors?: Record<string, string | undefined> }) {
  return result.ok ? null : (result.errors as Record<string, string>);
}

describe("a field typed far too long", () => {
  it.each(parsers)("%s: each field is answered at the field in the form's words", (_form, fields, parse) => {
    for (const field of fields) {
      const form = new FormData();
      form.set(field, "x".repeat(6000));
      const message = parse(form)?.[field];
      expect(message, field).toBeDefined();
      expect(message, field).not.toMatch(/Too big|Too small|expected|Invalid input|is required/i);
    }
  });
});
