import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import type { AppContext } from "../context";
import { SignInForm, splitFullName } from "../domain/auth-forms";
import { findUserByEmail, insertAuthToken, insertUser, type TokenPurpose } from "../data/users.server";
import { enqueue } from "./notifications.server";
import { burnPasswordCheck, hashPassword, verifyPassword } from "./password.server";

export const VERIFY_TTL_MS = 24 * 60 * 60 * 1000;
export const RESET_TTL_MS = 60 * 60 * 1000;
/** A new store account's first-password link (decision 0032): a week, as a business may not read mail at once. */
export const SET_PASSWORD_TTL_MS = 7 * 24 * 60 * 60 * 1000;

export const SIGN_IN_MESSAGES = {
  invalid: "Invalid email or password",
  unverified: "Please verify your email address before signing in. Check your inbox for the link, or send a new one below.",
  deactivated: "This account has been deactivated. Please contact support if you think this is a mistake.",
} as const;

export class SignInError extends Error {
  constructor(
    readonly reason: keyof typeof SIGN_IN_MESSAGES,
    readonly email: string,
  ) {
    super(SIGN_IN_MESSAGES[reason]);
  }
}

export class FormInvalidError extends Error {
  constructor(readonly errors: Record<string, string>) {
    super("Invalid form");
  }
}

/** remix-auth with one form strategy: e-mail and password against D1. Returns the user id. */
export function authenticator(app: AppContext) {
  const auth = new Authenticator<string>();
  auth.use(
    new FormStrategy(async ({ form }) => {
      const parsed = SignInForm.safeParse({ email: form.get("email") ?? "", password: form.get("password") ?? "" });
      if (!parsed.success) {
        const errors: Record<string, string> = {};
        for (const issue of parsed.error.issues) errors[String(issue.path[0])] ??= issue.message;
        throw new FormInvalidError(errors);
      }
      const { email, password } = parsed.data;
      const user = await findUserByEmail(app.db, email);
      if (!user) {
        await burnPasswordCheck(app.config.PASSWORD_PEPPER);
        throw new SignInError("invalid", email);
      }
      const ok = await verifyPassword(password, app.config.PASSWORD_PEPPER, { hash: user.passwordHash, salt: user.passwordSalt });
      if (!ok) throw new SignInError("invalid", email);
      if (user.deactivatedAt !== null) throw new SignInError("deactivated", email);
      if (user.emailVerifiedAt === null) throw new SignInError("unverified", email);
      return user.id;
    }),
    "form",
  );
  return auth;
}

function base64url(bytes: Uint8Array) {
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

export async function hashToken(token: string) {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(token));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** A fresh random token for a link, and the hash of it that is stored. */
export async function newToken() {
  const token = base64url(crypto.getRandomValues(new Uint8Array(32)));
  return { token, tokenHash: await hashToken(token) };
}

/** A single-use token; only its hash is stored. */
export async function issueToken(app: AppContext, userId: string, purpose: TokenPurpose, now: number) {
  const { token, tokenHash } = await newToken();
  await insertAuthToken(app.db, tokenHash, userId, purpose, now, purpose === "verify_email" ? VERIFY_TTL_MS : RESET_TTL_MS);
  return { token, tokenHash };
}

export async function sendVerificationEmail(app: AppContext, user: { id: string; email: string; fullName: string | null }, origin: string, now: number) {
  const { token, tokenHash } = await issueToken(app, user.id, "verify_email", now);
  const link = `${origin}/auth/verify?token=${token}`;
  await enqueue(app.env, [
    {
      key: `verify_email:${tokenHash}`,
      type: "email",
      kind: "verify_email",
      to: user.email,
      subject: "Verify your Closetloop account",
      text: `Hello ${user.fullName ?? "there"},\n\nPlease confirm your e-mail address to finish creating your Closetloop account:\n\n${link}\n\nThe link works once and expires in 24 hours.`,
    },
  ]);
}

export async function sendPasswordResetEmail(app: AppContext, user: { id: string; email: string; fullName: string | null }, origin: string, now: number) {
  const { token, tokenHash } = await issueToken(app, user.id, "reset_password", now);
  const link = `${origin}/auth/reset?token=${token}`;
  await enqueue(app.env, [
    {
      key: `password_reset:${tokenHash}`,
      type: "email",
      kind: "password_reset",
      to: user.email,
      subject: "Reset your Closetloop password",
      text: `Hello ${user.fullName ?? "there"},\n\nSomeone asked to reset the password of your Closetloop account. If it was you, choose a new password here:\n\n${link}\n\nThe link works once and expires in 1 hour. If it was not you, ignore this e-mail.`,
    },
  ]);
}

/** Marketing sync at sign-up (shopper.md §4, §7). A failure is only logged. */
export async function syncNewUserToMarketing(app: AppContext, user: { email: string; fullName: string }, now: Date) {
  const { firstName, lastName } = splitFullName(user.fullName);
  const timestamp = now.toISOString();
  try {
    await enqueue(app.env, [
      {
        key: `signup:${user.email}:create_contact`,
        type: "marketing",
        action: "create_contact",
        data: {
          email: user.email,
          firstName,
          lastName,
          tags: ["website_signup", "new_user", "welcome_series"],
          customProperties: { signupSource: "website", signupDate: timestamp, accountStatus: "pending_verification", welcomeEmailSent: false, userType: "individual" },
        },
      },
      {
        key: `signup:${user.email}:user_registered`,
        type: "marketing",
        action: "track_event",
        data: {
          email: user.email,
          eventName: "user_registered",
          eventProperties: { source: "website", timestamp, firstName, lastName, fullName: user.fullName, welcomeEmailTrigger: true, signupMethod: "email_password" },
        },
      },
    ]);
  } catch (error) {
    console.error("sign-up: marketing sync failed", error);
  }
}

export class EmailTakenError extends Error {}

export async function registerUser(app: AppContext, input: { fullName: string; email: string; password: string }, origin: string, now: Date) {
  if (await findUserByEmail(app.db, input.email)) throw new EmailTakenError("An account with this email already exists. Try signing in instead.");
  const { hash, salt } = await hashPassword(input.password, app.config.PASSWORD_PEPPER);
  const user = { id: crypto.randomUUID(), email: input.email, fullName: input.fullName, passwordHash: hash, passwordSalt: salt };
  await insertUser(app.db, user, now.getTime());
  await sendVerificationEmail(app, user, origin, now.getTime());
  await syncNewUserToMarketing(app, user, now);
  return user;
}
