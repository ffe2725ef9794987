import type { AppContext } from "../context";
import {
  deactivateUser,
  isSeller,
  otherActiveSuperadmins,
  reactivateUser,
  saveRoles,
  targetUser,
  type TargetUser,
} from "../data/admin-users.server";
import { auditStatement } from "../data/audit.server";
import { planDeactivation, planRoleChange, type RoleChange } from "../domain/admin-roles";
import { sendPasswordResetEmail } from "./auth.server";
import { publicPagesChanged } from "./freshness.server";
import { endAllSessions, type SessionUser } from "./session.server";

// What staff do to other users' accounts on the admin Users tab (issue 14 item 7; decision 0031):
// roles, seller access, password resets, deactivation. Each change records who made it and when
// (audit_log) in the same batch as the change.

export type StaffResult =
  | { ok: true; message: string; description?: string }
  | { ok: false; status: 403 | 404 | 409; title: string; message: string };

const notFound = (title: string): StaffResult => ({ ok: false, status: 404, title, message: "User not found" });
const changedMeanwhile = (title: string): StaffResult => ({
  ok: false,
  status: 409,
  title,
  message: "This user was changed by someone else meanwhile. Reload the page and try again.",
});

async function context(app: AppContext, actor: SessionUser, target: TargetUser) {
  return {
    actorIsSuperadmin: actor.isSuperAdmin,
    self: actor.id === target.id,
    otherActiveSuperadmins: await otherActiveSuperadmins(app.db, target.id),
  };
}

/** A sub-role or vendor-access change (§4's rule, §6's limits). */
export async function changeUserRoles(
  app: AppContext,
  actor: SessionUser,
  targetId: string,
  change: RoleChange,
  now: number,
): Promise<StaffResult> {
  const title = change.type === "subrole" ? "Failed to update admin role" : "Failed to update user role";
  const target = await targetUser(app.db, targetId);
  if (!target) return notFound(title);
  const plan = planRoleChange(target.roles, change, await context(app, actor, target));
  if (!plan.ok) return { ok: false, status: plan.status, title, message: plan.message };
  if (plan.changed) {
    const action =
      change.type === "subrole" ? "user.subrole" : change.grant ? "user.vendor_grant" : "user.vendor_revoke";
    if (!(await saveRoles(app.db, target, plan.next, actor.id, action, now))) {
      // The guard failed: the last superadmin would have gone, or someone changed this user first.
      const again = planRoleChange(
        (await targetUser(app.db, targetId))?.roles ?? null,
        change,
        await context(app, actor, target),
      );
      return again.ok ? changedMeanwhile(title) : { ok: false, status: again.status, title, message: again.message };
    }
  }
  return { ok: true, message: plan.message };
}

/** Deactivate or reactivate (superadmin only): sessions end at once; a seller's items leave the public pages. */
export async function setUserDeactivated(
  app: AppContext,
  actor: SessionUser,
  targetId: string,
  deactivate: boolean,
  now: number,
): Promise<StaffResult> {
  const title = deactivate ? "Failed to deactivate user" : "Failed to reactivate user";
  if (!actor.isSuperAdmin)
    return {
      ok: false,
      status: 403,
      title: "Access Denied",
      message: "Only superadmins can deactivate or reactivate accounts.",
    };
  const target = await targetUser(app.db, targetId);
  if (!target) return notFound(title);
  const isSuperadmin =
    target.roles?.adminSubrole === "superadmin" &&
    (target.roles.role === "team_member" || target.roles.role === "admin");
  const plan = planDeactivation(
    { deactivated: target.deactivatedAt !== null, isSuperadmin },
    deactivate,
    await context(app, actor, target),
  );
  if (!plan.ok)
    return {
      ok: false,
      status: plan.status,
      title: plan.status === 403 ? "Access Denied" : title,
      message: plan.message,
    };
  const who = target.fullName ?? target.email;
  if (!plan.changed)
    return {
      ok: true,
      message: deactivate ? "User deactivated" : "User reactivated",
      description: `${who} was already ${deactivate ? "deactivated" : "active"}.`,
    };
  const saved = deactivate
    ? await deactivateUser(app.db, target, actor.id, now)
    : await reactivateUser(app.db, target, actor.id, now);
  if (!saved.ok) return changedMeanwhile(title);
  if (deactivate) {
    // Every request reloads its user, so sessions already stop working; this also clears them from KV.
    await endAllSessions(app, target.id);
  }
  if (await isSeller(app.db, target.id)) await publicPagesChanged(app.env.CACHE, now);
  return deactivate
    ? {
        ok: true,
        message: "User deactivated",
        description: `${who} can no longer sign in, and their sessions have ended.`,
      }
    : { ok: true, message: "User reactivated", description: `${who} can sign in again.` };
}

/** 'Send password reset': the user's own reset e-mail, through the queue. */
export async function sendUserPasswordReset(
  app: AppContext,
  actor: SessionUser,
  targetId: string,
  origin: string,
  now: number,
): Promise<StaffResult> {
  const title = "Failed to send password reset email";
  const target = await targetUser(app.db, targetId);
  if (!target) return notFound(title);
  if (target.deactivatedAt !== null)
    return {
      ok: false,
      status: 409,
      title,
      message: "This account is deactivated: reactivate it before sending a password reset.",
    };
  await sendPasswordResetEmail(app, target, origin, now);
  await auditStatement(
    app.db,
    { actorId: actor.id, action: "user.password_reset_sent", targetType: "user", targetId: target.id },
    now,
  );
  return { ok: true, message: "Password reset email sent successfully" };
}
