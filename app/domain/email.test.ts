import { describe, expect, it } from "vitest";
import { SignUpForm } from "./auth-forms";
import { NewsletterForm } from "./newsletter";

// Issue 16: the newsletter checks an e-mail address exactly as sign-up does (only the message
// for an empty field differs, shopper.md §5).
const signUp = (email: string) =>
  SignUpForm.safeParse({ fullName: "A", email, password: "secret1", confirmPassword: "secret1" });

describe("one e-mail validation", () => {
  it.each([
    "ada@example.test",
    "  Ada.Lovelace+news@Example.CO.uk ",
    "plainaddress",
    "a@b",
    "a@b.c",
    "two words@example.test",
    "a@@example.test",
    ".dot@example.test",
    "dot.@example.test",
    "a..b@example.test",
    "ünï@example.test",
    "a@example.test\u0000",
    `${"x".repeat(243)}@example.test`,
    `${"x".repeat(242)}@example.test`,
    "",
    "   ",
  ])("newsletter and sign-up agree on %j", (email) => {
    const newsletter = NewsletterForm.safeParse({ email });
    const account = signUp(email);
    expect(newsletter.success).toBe(account.success);
    if (newsletter.success && account.success) expect(newsletter.data.email).toBe(account.data.email);
    if (!newsletter.success) {
      const message = newsletter.error.issues[0]!.message;
      expect(message).toBe(email.trim() ? "Please enter a valid email address" : "Please enter your email address");
    }
  });
});
