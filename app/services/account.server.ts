import type { AppContext } from "../context";
import { displayNameTaken, emailTaken, passwordOf, profileOf, setAvatarUrl, updateNames } from "../data/account.server";
import { isUniqueViolation } from "../data/db.server";
import { deleteAccountRows, deletionFootprint } from "../data/personal-data.server";
import { personalData } from "../data/personal-data-export.server";
import { retireAuthTokens, setPassword } from "../data/users.server";
import {
  DATA_SUBJECT_RIGHTS,
  PROFILE_MESSAGES,
  reservedDisplayName,
  topLevelSegments,
  type RouteManifestEntry,
} from "../domain/account";
import type { ProfileInput } from "../domain/account-forms";
import { avatarKey } from "../domain/uploads";
import { issueToken } from "./auth.server";
import { publicPagesChanged } from "./freshness.server";
import { enqueue } from "./notifications.server";
import { hashPassword, verifyPassword } from "./password.server";
import { endAllSessions, listSessions } from "./session.server";
import { perIsolate } from "./per-isolate";
import { LIMITS, rateLimited } from "./rate-limit.server";
import { commitImages, deleteImages, readImageField } from "./uploads.server";

// Account management as the routes call it (seller-store-admin.md §2, §3, §4, §7, §8):
// profile and picture, e-mail change, password, the data export and the account's deletion.

/**
 * Every top-level segment of the route table, read from the server build itself, so a route
 * added tomorrow is reserved the day it lands (DECISIONS.md Routes).
 */
export const reservedSegments = perIsolate(() =>
  import("virtual:react-router/server-build").then((build) =>
    topLevelSegments(build.routes as Record<string, RouteManifestEntry | undefined>),
  ),
);

export type ProfileResult =
  | { ok: true; emailChangeSentTo: string | null; changed: boolean }
  | { ok: false; errors: Partial<Record<keyof ProfileInput, string>>; status?: 429 };

/**
 * Saves names at once; a new e-mail address takes effect only when its owner opens the link
 * sent to it (the old address is told). Display names are unique (case-insensitive) and may
 * not be a product type or a top-level route. An address that already has an account is
 * answered as any other (its owner is told instead of sent a link), so the form reveals no
 * e-mail addresses (decisions 0017, 0067); a few changes an hour at most.
 */
export async function saveProfile(
  app: AppContext,
  userId: string,
  input: ProfileInput,
  origin: string,
  now: number,
): Promise<ProfileResult> {
  const current = await profileOf(app.db, userId, now);
  if (!current) return { ok: false, errors: { email: PROFILE_MESSAGES.emailInvalid } };
  const reservedProblem = reservedDisplayName(input.displayName, await reservedSegments());
  if (reservedProblem) return { ok: false, errors: { displayName: reservedProblem } };
  const emailChanged = input.email !== current.email.toLowerCase();
  const [nameTaken, addressTaken] = await Promise.all([
    displayNameTaken(app.db, input.displayName, userId),
    emailChanged ? emailTaken(app.db, input.email, userId) : false,
  ]);
  if (nameTaken) return { ok: false, errors: { displayName: PROFILE_MESSAGES.displayNameTaken } };
  const limited = emailChanged ? await rateLimited(app.env.CACHE, [[LIMITS.emailChange, userId]], now) : null;
  if (limited) return { ok: false, errors: { email: limited }, status: 429 };
  const namesChanged = input.fullName !== current.fullName || input.displayName !== current.displayName;
  if (namesChanged) {
    try {
      await updateNames(app.db, userId, { fullName: input.fullName, displayName: input.displayName }, now);
    } catch (error) {
      // Two people saving the same display name at once: the unique index decides.
      if (isUniqueViolation(error)) return { ok: false, errors: { displayName: PROFILE_MESSAGES.displayNameTaken } };
      throw error;
    }
    // Public vendor pages show the display name (and reach the profile by it).
    await publicPagesChanged(app.env.CACHE, now);
  }
  if (emailChanged)
    await requestEmailChange(
      app,
      { id: userId, email: current.email, fullName: input.fullName },
      input.email,
      addressTaken,
      origin,
      now,
    );
  // Saving the current address again calls off a change still waiting for its link.
  else if (current.pendingEmail) await retireAuthTokens(app.db, userId, "change_email", now);
  return { ok: true, emailChangeSentTo: emailChanged ? input.email : null, changed: namesChanged || emailChanged };
}

async function requestEmailChange(
  app: AppContext,
  user: { id: string; email: string; fullName: string },
  newEmail: string,
  taken: boolean,
  origin: string,
  now: number,
) {
  // Only the latest request counts: an older link stops working. The same work either way.
  await retireAuthTokens(app.db, user.id, "change_email", now);
  const { token, tokenHash } = await issueToken(app, user.id, "change_email", now, newEmail);
  await enqueue(app.env, [
    taken
      ? {
          key: `change_email:${tokenHash}:taken`,
          type: "email",
          kind: "account_exists",
          to: newEmail,
          subject: "Someone asked to use your e-mail address on Closetloop",
          text: `Hello,\n\nSomeone signed in to another Closetloop account asked to use this e-mail address for it. This address has its own account, so nothing has changed.\n\nIf it was you, sign in with this address here:\n\n${origin}/auth\n\nIf it was not you, ignore this e-mail.`,
        }
      : {
          key: `change_email:${tokenHash}:confirm`,
          type: "email",
          kind: "confirm_email_change",
          to: newEmail,
          subject: "Confirm your new Closetloop e-mail address",
          text: `Hello ${user.fullName},\n\nYou asked to use this address for your Closetloop account. Open this link to confirm it:\n\n${origin}/auth/verify?token=${token}\n\nThe link works once and expires in 24 hours. Until then you keep signing in with your current address.`,
        },
    {
      key: `change_email:${tokenHash}:notice`,
      type: "email",
      kind: "email_change_requested",
      to: user.email,
      subject: "Your Closetloop e-mail address is being changed",
      text: `Hello ${user.fullName},\n\nSomeone signed in to your Closetloop account asked to change its e-mail address to ${newEmail}. Nothing changes until the new address is confirmed.\n\nIf this was not you, change your password at ${origin}/account?tab=security and contact ${DATA_SUBJECT_RIGHTS.contact}.`,
    },
  ]);
}

export type AvatarResult = { ok: true; removed: boolean } | { ok: false; error: string; failed?: boolean };

/** The profile picture through the upload pipeline: R2 avatars/{userId}/{timestamp}.{ext}, the old object removed. */
export async function saveAvatar(
  app: AppContext,
  user: { id: string; avatarUrl: string | null },
  form: FormData,
  now: number,
): Promise<AvatarResult> {
  const existing = user.avatarUrl ? [user.avatarUrl] : [];
  const field = await readImageField(form, app.env.IMAGES, {
    use: "avatar",
    name: "avatar",
    userId: user.id,
    existing,
  });
  if (!field.ok) return field;
  if (!field.changed) return { ok: false, error: "Please select an image file." };
  const committed = await commitImages(app.env.IMAGES, field.images, (_index, ext) => avatarKey(user.id, now, ext));
  if (committed.failed > 0) return { ok: false, error: "Failed to update profile image", failed: true };
  const url = committed.urls[0] ?? null;
  await setAvatarUrl(app.db, user.id, url, now);
  if (user.avatarUrl && user.avatarUrl !== url) await deleteImages(app.env.IMAGES, [user.avatarUrl]);
  // Public vendor pages show the picture.
  await publicPagesChanged(app.env.CACHE, now);
  return { ok: true, removed: url === null };
}

/** Checks the account's password (the password form and the deletion ask for it). */
export async function passwordMatches(app: AppContext, userId: string, password: string) {
  const stored = await passwordOf(app.db, userId);
  return stored ? verifyPassword(password, app.config.PASSWORD_PEPPER, stored) : false;
}

/** A new password; every other session of the account ends (DECISIONS.md: Security). */
export async function changePassword(
  app: AppContext,
  userId: string,
  newPassword: string,
  keepSessionId: string | null,
  now: number,
) {
  await setPassword(app.db, userId, await hashPassword(newPassword, app.config.PASSWORD_PEPPER), now);
  await endAllSessions(app, userId, { except: keepSessionId });
}

/** The export file's content: every record about the user, their sessions, and their rights. */
export async function exportAccount(app: AppContext, user: { id: string; email: string }, now: number) {
  const [data, sessions] = await Promise.all([personalData(app.db, user), listSessions(app, user.id)]);
  return {
    exported_at: new Date(now).toISOString(),
    ...data,
    sessions: sessions.map((s) => ({
      signed_in_at: new Date(s.createdAt).toISOString(),
      last_active_at: new Date(s.refreshedAt).toISOString(),
    })),
    notes: "Amounts are in pence (GBP). Times are ISO 8601, UTC.",
    data_subject_rights: DATA_SUBJECT_RIGHTS,
  };
}

/**
 * Deletes the account: the database part in one atomic batch (app/data/personal-data.server.ts),
 * then its images in R2, then every session. Throws DeletionBlocked while an order is in flight.
 */
export async function deleteAccount(app: AppContext, userId: string, now: number) {
  const footprint = await deletionFootprint(app.db, userId);
  if (!footprint) return;
  await deleteAccountRows(app.db, userId, footprint.email, now);
  const own = [
    `avatars/${userId}/`,
    `products/${userId}/`,
    `staging/${userId}/`,
    ...footprint.storeIds.map((id) => `store-logos/${id}/`),
  ];
  try {
    // Resized copies live under variants/{width}/{original key} (docs/decisions/0019): theirs go too.
    const widths = (await app.env.IMAGES.list({ prefix: "variants/", delimiter: "/" })).delimitedPrefixes;
    const prefixes = [...own, ...widths.flatMap((width) => own.map((prefix) => `${width}${prefix}`))];
    await Promise.all([
      deleteImages(app.env.IMAGES, footprint.imageUrls),
      ...prefixes.map((prefix) => deletePrefix(app.env.IMAGES, prefix)),
    ]);
  } catch (error) {
    // The account is gone; an image left behind is only logged (a later sweep can find it by prefix).
    console.error(`account ${userId}: some images could not be deleted`, error);
  }
  await endAllSessions(app, userId);
  // Their vendor page and listings leave the public pages.
  await publicPagesChanged(app.env.CACHE, now);
  // The marketing tool forgets them too, as sign-up told it of them (decision 0068).
  try {
    await enqueue(app.env, [
      {
        key: `account-deleted:${userId}`,
        type: "marketing",
        action: "delete_contact",
        data: { email: footprint.email },
      },
    ]);
  } catch (error) {
    console.error(`account ${userId}: the marketing contact's erasure could not be queued`, error);
  }
}

async function deletePrefix(images: R2Bucket, prefix: string) {
  let cursor: string | undefined;
  do {
    const page = await images.list({ prefix, cursor });
    if (page.objects.length) await images.delete(page.objects.map((o) => o.key));
    cursor = page.truncated ? page.cursor : undefined;
  } while (cursor);
}
