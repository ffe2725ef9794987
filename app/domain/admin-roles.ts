import { roleFlags, type AdminSubrole, type RoleRecord } from "./roles";
import { keysOf } from "./tabs";

// What staff may do to another user's roles on the admin Users tab (seller-store-admin.md §4 and
// §6; decision 0031). Pure: the caller loads the current record and the number of other active
// superadmins, and saves what this returns.

export const SUBROLE_LABELS = {
  none: "None",
  admin: "Admin",
  product_reviewer: "Product Reviewer",
  customer_support: "Customer Support",
  superadmin: "Superadmin",
} as const;
export const SUBROLE_CHOICES = keysOf(SUBROLE_LABELS);
export type SubroleChoice = (typeof SUBROLE_CHOICES)[number];

/** §6: the Roles tab's descriptions. */
export const ROLE_DESCRIPTIONS: Record<AdminSubrole, string> = {
  superadmin: "Full access including deactivating accounts",
  admin: "Full access including password resets and approvals",
  product_reviewer: "Products only",
  customer_support: "Orders only",
};

/** §6: the dropdown lists Superadmin only when the acting user is a superadmin. */
export function subroleChoicesFor(actorIsSuperadmin: boolean): SubroleChoice[] {
  return SUBROLE_CHOICES.filter((c) => c !== "superadmin" || actorIsSuperadmin);
}

export const isSubroleChoice = (value: unknown): value is SubroleChoice =>
  typeof value === "string" && (SUBROLE_CHOICES as readonly string[]).includes(value);

export type RoleChange = { type: "subrole"; to: SubroleChoice } | { type: "vendor"; grant: boolean };

export interface RoleChangeContext {
  actorIsSuperadmin: boolean;
  /** The acting user is the target. */
  self: boolean;
  /** Active (not deactivated) superadmins other than the target. */
  otherActiveSuperadmins: number;
}

export type RolePlan =
  | { ok: true; changed: boolean; next: RoleRecord | null; message: string }
  | { ok: false; status: 403 | 409; message: string };

export const ROLE_MESSAGES = {
  assigned: "Admin role assigned successfully",
  removed: "Admin role removed successfully",
  updated: "Role updated successfully",
  self: "You cannot change your own roles. Ask another administrator.",
  superadminOnlyAssign: "Access Denied - Only superadmins can assign the superadmin role.",
  superadminOnlyChange: "Access Denied - Only superadmins can change a superadmin's role.",
  lastSuperadmin: "The last superadmin cannot be removed. Make someone else a superadmin first.",
  staffKeepVendor: "Staff keep vendor access while they hold an admin role. Remove the admin role first.",
  legacyAdmin: "This account has the legacy admin role. Give it an admin sub-role first.",
} as const;

const same = (a: RoleRecord | null, b: RoleRecord | null) =>
  (a?.role ?? null) === (b?.role ?? null) &&
  (a?.adminSubrole ?? null) === (b?.adminSubrole ?? null) &&
  (a?.sellerRole ?? null) === (b?.sellerRole ?? null);

/**
 * The role record after a change, or why it is refused. §4: an admin sub-role makes the role
 * team_member; "none" removes the sub-role and returns the role to what it was (individual for a
 * seller, store for a store, no row for a shopper). Vendor access is the role individual (or
 * team_member); a user without a role row is a shopper (decision 0007).
 */
export function planRoleChange(current: RoleRecord | null, change: RoleChange, ctx: RoleChangeContext): RolePlan {
  if (ctx.self) return { ok: false, status: 403, message: ROLE_MESSAGES.self };
  const subrole = current?.adminSubrole ?? null;
  const isTeam = current?.role === "team_member" || current?.role === "admin";
  const holdsSuperadmin = isTeam && subrole === "superadmin";
  const done = (next: RoleRecord | null, message: string): RolePlan => ({
    ok: true,
    changed: !same(current, next),
    next,
    message,
  });

  if (change.type === "subrole") {
    if (change.to === "superadmin" && !ctx.actorIsSuperadmin)
      return { ok: false, status: 403, message: ROLE_MESSAGES.superadminOnlyAssign };
    if (holdsSuperadmin && !ctx.actorIsSuperadmin)
      return { ok: false, status: 403, message: ROLE_MESSAGES.superadminOnlyChange };
    if (holdsSuperadmin && change.to !== "superadmin" && ctx.otherActiveSuperadmins < 1)
      return { ok: false, status: 409, message: ROLE_MESSAGES.lastSuperadmin };
    if (change.to === "none") {
      if (!isTeam || subrole === null) return done(current, ROLE_MESSAGES.removed);
      // Back to individual for someone who sold before (the seller role remembers it), to the store
      // role for a store, and to a shopper (no role row) for someone who did not: removing a staff
      // role never grants selling (decision 0064).
      const seller = current?.sellerRole ?? null;
      return done(
        seller === "store"
          ? { role: "store", adminSubrole: null, sellerRole: "store" }
          : seller === "vendor"
            ? { role: "individual", adminSubrole: null, sellerRole: "vendor" }
            : null,
        ROLE_MESSAGES.removed,
      );
    }
    // A vendor made staff keeps 'vendor' as their seller role, so None gives their selling back.
    return done(
      {
        role: "team_member",
        adminSubrole: change.to,
        sellerRole: current?.sellerRole ?? (current?.role === "individual" ? "vendor" : null),
      },
      ROLE_MESSAGES.assigned,
    );
  }

  const flags = roleFlags(current);
  if (current?.role === "admin") return { ok: false, status: 409, message: ROLE_MESSAGES.legacyAdmin };
  if (change.grant) {
    if (flags.isVendor) return done(current, ROLE_MESSAGES.updated);
    // A store keeps its store access through seller_role while its role becomes individual.
    return done(
      { role: "individual", adminSubrole: null, sellerRole: flags.isStore ? "store" : "vendor" },
      ROLE_MESSAGES.updated,
    );
  }
  if (!flags.isVendor) return done(current, ROLE_MESSAGES.updated);
  if (current?.role === "team_member") return { ok: false, status: 409, message: ROLE_MESSAGES.staffKeepVendor };
  return done(
    current?.sellerRole === "store" ? { role: "store", adminSubrole: null, sellerRole: "store" } : null,
    ROLE_MESSAGES.updated,
  );
}

/** The roles column of the Users table: what the account can do, in words. */
export function roleLabels(record: RoleRecord | null): string[] {
  const flags = roleFlags(record);
  const labels: string[] = [];
  const subrole = record?.adminSubrole ?? null;
  if (flags.isAdmin) labels.push(subrole ? SUBROLE_LABELS[subrole] : "Admin (no sub-role)");
  if (flags.isVendor) labels.push("Vendor");
  if (flags.isStore) labels.push("Store");
  if (labels.length === 0) labels.push("Shopper");
  return labels;
}

export const DEACTIVATION_MESSAGES = {
  superadminOnly: "Only superadmins can deactivate or reactivate accounts.",
  self: "You cannot deactivate your own account.",
  lastSuperadmin: "The last superadmin cannot be deactivated. Make someone else a superadmin first.",
} as const;

export type DeactivationPlan = { ok: true; changed: boolean } | { ok: false; status: 403 | 409; message: string };

/** DECISIONS.md (Staff): only a superadmin deactivates or reactivates; nobody themselves or the last superadmin. */
export function planDeactivation(
  target: { deactivated: boolean; isSuperadmin: boolean },
  deactivate: boolean,
  ctx: RoleChangeContext,
): DeactivationPlan {
  if (!ctx.actorIsSuperadmin) return { ok: false, status: 403, message: DEACTIVATION_MESSAGES.superadminOnly };
  if (ctx.self) return { ok: false, status: 403, message: DEACTIVATION_MESSAGES.self };
  if (deactivate && target.isSuperadmin && !target.deactivated && ctx.otherActiveSuperadmins < 1)
    return { ok: false, status: 409, message: DEACTIVATION_MESSAGES.lastSuperadmin };
  return { ok: true, changed: target.deactivated !== deactivate };
}
