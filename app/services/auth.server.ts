import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import type { AppContext } from "../context";
import { SignInForm, splitFullName } from "../domain/auth-forms";
import { checkForm, type FieldErrors } from "../domain/submission";
import { findUserByEmail, insertAuthToken, insertUserUnlessTaken, type TokenPurpose } from "../data/users.server";
import type { AccountEmailRequest, NotificationMessage } from "../domain/queue-messages";
import { enqueue } from "./notifications.server";
import { burnPasswordCheck, hashPassword, verifyPassword } from "./password.server";

export const VERIFY_TTL_MS = 24 * 60 * 60 * 1000;
export const RESET_TTL_MS = 60 * 60 * 1000;
/** A new store account's first-password link (decision 0032): a week, as a business may not read mail at once. */
export const SET_PASSWORD_TTL_MS = 7 * 24 * 60 * 60 * 1000;

export const SIGN_IN_MESSAGES = {
  invalid: "Invalid email or password",
  unverified:
    "Please verify your email address before signing in. Check your inbox for the link, or send a new one below.",
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
  constructor(readonly errors: FieldErrors) {
    super("Invalid form");
  }
}

/** remix-auth with one form strategy: e-mail and password against D1. Returns the user id. */
export function authenticator(app: AppContext) {
  const auth = new Authenticator<string>();
  auth.use(
    new FormStrategy(async ({ form }) => {
      const parsed = checkForm(form, SignInForm);
      if (!parsed.ok) throw new FormInvalidError(parsed.errors);
      const { email, password } = parsed.value;
      const user = await findUserByEmail(app.db, email);
      if (!user) {
        await burnPasswordCheck(app.config.PASSWORD_PEPPER);
        throw new SignInError("invalid", email);
      }
      const ok = await verifyPassword(password, app.config.PASSWORD_PEPPER, {
        hash: user.passwordHash,
        salt: user.passwordSalt,
      });
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
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
}

export async function hashToken(token: string) {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(token));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** A new single-use token and the hash that is stored in its place. */
export async function newToken() {
  const token = base64url(crypto.getRandomValues(new Uint8Array(32)));
  return { token, tokenHash: await hashToken(token) };
}

/** A single-use token; only its hash is stored. E-mail links live a day; password links an hour. */
export async function issueToken(
  app: Pick<AppContext, "db">,
  userId: string,
  purpose: TokenPurpose,
  now: number,
  payload: string | null = null,
) {
  const { token, tokenHash } = await newToken();
  await insertAuthToken(
    app.db,
    tokenHash,
    userId,
    purpose,
    now,
    purpose === "reset_password" ? RESET_TTL_MS : VERIFY_TTL_MS,
    payload,
  );
  return { token, tokenHash };
}

function verificationEmail(
  user: { email: string; fullName: string | null },
  origin: string,
  token: { token: string; tokenHash: string },
): NotificationMessage {
  const link = `${origin}/auth/verify?token=${token.token}`;
  return {
    key: `verify_email:${token.tokenHash}`,
    type: "email",
    kind: "verify_email",
    to: user.email,
    subject: "Verify your Closetloop account",
    text: `Hello ${user.fullName ?? "there"},\n\nPlease confirm your e-mail address to finish creating your Closetloop account:\n\n${link}\n\nThe link works once and expires in 24 hours.`,
  };
}

export async function sendVerificationEmail(
  app: Pick<AppContext, "db" | "env">,
  user: { id: string; email: string; fullName: string | null },
  origin: string,
  now: number,
) {
  const token = await issueToken(app, user.id, "verify_email", now);
  await enqueue(app.env, [verificationEmail(user, origin, token)]);
}

/** `key` makes the e-mail once-only: a redelivered request sends nothing twice. */
export async function sendPasswordResetEmail(
  app: Pick<AppContext, "db" | "env">,
  user: { id: string; email: string; fullName: string | null },
  origin: string,
  now: number,
  key?: string,
) {
  const { token, tokenHash } = await issueToken(app, user.id, "reset_password", now);
  const link = `${origin}/auth/reset?token=${token}`;
  await enqueue(app.env, [
    {
      key: `password_reset:${key ?? tokenHash}`,
      type: "email",
      kind: "password_reset",
      to: user.email,
      subject: "Reset your Closetloop password",
      text: `Hello ${user.fullName ?? "there"},\n\nSomeone asked to reset the password of your Closetloop account. If it was you, choose a new password here:\n\n${link}\n\nThe link works once and expires in 1 hour. If it was not you, ignore this e-mail.`,
    },
  ]);
}

/** Marketing sync at sign-up (shopper.md §4, §7): queued with the verification e-mail; a provider failure is only logged. */
function marketingAtSignUp(user: { email: string; fullName: string }, now: Date): NotificationMessage[] {
  const { firstName, lastName } = splitFullName(user.fullName);
  const timestamp = now.toISOString();
  return [
    {
      key: `signup:${user.email}:create_contact`,
      type: "marketing",
      action: "create_contact",
      data: {
        email: user.email,
        firstName,
        lastName,
        tags: ["website_signup", "new_user", "welcome_series"],
        customProperties: {
          signupSource: "website",
          signupDate: timestamp,
          accountStatus: "pending_verification",
          welcomeEmailSent: false,
          userType: "individual",
        },
      },
    },
    {
      key: `signup:${user.email}:user_registered`,
      type: "marketing",
      action: "track_event",
      data: {
        email: user.email,
        eventName: "user_registered",
        eventProperties: {
          source: "website",
          timestamp,
          firstName,
          lastName,
          fullName: user.fullName,
          welcomeEmailTrigger: true,
          signupMethod: "email_password",
        },
      },
    },
  ];
}

/** To the owner of an e-mail that someone tried to sign up with again (decision 0017). */
function accountExistsEmail(email: string, origin: string): NotificationMessage {
  return {
    key: `account_exists:${crypto.randomUUID()}`,
    type: "email",
    kind: "account_exists",
    to: email,
    subject: "You already have a Closetloop account",
    text: `Hello,\n\nSomeone asked to create a Closetloop account with this e-mail address, which already has one. If it was you, sign in here:\n\n${origin}/auth\n\nForgotten your password? Choose a new one here:\n\n${origin}/auth/forgot\n\nIf it was not you, ignore this e-mail: nothing has changed.`,
  };
}

/**
 * Sign-up (decision 0017). A new e-mail gets its account, a verification e-mail and the marketing
 * sync; an e-mail that already has an account gets an e-mail to its owner instead and nothing
 * else changes. Both do the same work in the request — one password hash, one D1 batch, one
 * queue batch — and the action answers both alike, so the answer tells nobody which it was.
 */
export async function registerUser(
  app: AppContext,
  input: { fullName: string; email: string; password: string },
  origin: string,
  now: Date,
) {
  const { hash, salt } = await hashPassword(input.password, app.config.PASSWORD_PEPPER);
  const user = {
    id: crypto.randomUUID(),
    email: input.email,
    fullName: input.fullName,
    passwordHash: hash,
    passwordSalt: salt,
  };
  const token = await newToken();
  const created = await insertUserUnlessTaken(
    app.db,
    user,
    { tokenHash: token.tokenHash, expiresAt: now.getTime() + VERIFY_TTL_MS },
    now.getTime(),
  );
  await enqueue(
    app.env,
    created
      ? [verificationEmail(user, origin, token), ...marketingAtSignUp(user, now)]
      : [accountExistsEmail(input.email, origin)],
  );
  return created;
}

/**
 * The password-reset and resend-verification forms queue the work that depends on whether the
 * account exists, so the form answers in the same time either way (decision 0017). The queue
 * consumer fulfils the request here: a reset link for an active account, a new verification link
 * for an account still waiting for one, nothing otherwise.
 */
export async function requestAccountEmail(
  app: Pick<AppContext, "env">,
  purpose: AccountEmailRequest["purpose"],
  email: string,
  origin: string,
) {
  await enqueue(app.env, [{ key: `${purpose}:${crypto.randomUUID()}`, type: "account_email", purpose, email, origin }]);
}

export async function fulfilAccountEmail(
  app: Pick<AppContext, "db" | "env">,
  request: AccountEmailRequest,
  now: number,
) {
  const user = await findUserByEmail(app.db, request.email);
  if (!user || user.deactivatedAt !== null) return;
  if (request.purpose === "password_reset") await sendPasswordResetEmail(app, user, request.origin, now, request.key);
  else if (user.emailVerifiedAt === null) await sendVerificationEmail(app, user, request.origin, now);
}
