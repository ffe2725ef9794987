import { and, asc, count, eq, inArray, isNotNull, isNull, ne, sql, type SQL } from "drizzle-orm";
import { orders, products, stores, userRoles, users } from "../../db/schema";
import { ADMIN_PAGE_SIZE } from "../domain/admin-lists";
import type { AdminSubrole, RoleRecord } from "../domain/roles";
import type { Database } from "./db.server";
import { containsText } from "./columns.server";
import { newestFirst, pagePart } from "./paging.server";
import { auditStatement, guardedBatch, latestAudit } from "./audit.server";

// The admin Users and Roles tabs (seller-store-admin.md §2, §4, §6, §7; issue 14 items 7 and 8):
// the users table, role changes and deactivation, each one batch with its audit row.

/** A page of every user (searched), newest first, as a part of the Users tab's batch (decision 0106). */
export function adminUsersPart(db: Database, filter: { q: string; page: number }) {
  const where: SQL[] = [];
  if (filter.q) {
    where.push(containsText([users.email, users.fullName, users.displayName], filter.q));
  }
  const query = db
    .select({
      id: users.id,
      fullName: users.fullName,
      displayName: users.displayName,
      email: users.email,
      userType: users.userType,
      createdAt: users.createdAt,
      deactivatedAt: users.deactivatedAt,
      role: userRoles.role,
      adminSubrole: userRoles.adminSubrole,
      sellerRole: userRoles.sellerRole,
      orders: sql<number>`(select count(*) from ${orders} where ${orders.userId} = ${users.id})`.as("order_count"),
    })
    .from(users)
    .leftJoin(userRoles, eq(userRoles.userId, users.id))
    .where(and(...where))
    .orderBy(...newestFirst(users))
    .$dynamic();
  return pagePart(query, filter.page, ADMIN_PAGE_SIZE);
}

export interface TargetUser {
  id: string;
  email: string;
  fullName: string | null;
  deactivatedAt: number | null;
  roles: RoleRecord | null;
}

/** A user as a role change or a deactivation sees them. */
export async function targetUser(db: Database, userId: string): Promise<TargetUser | null> {
  if (!userId) return null;
  const row = await db
    .select({
      id: users.id,
      email: users.email,
      fullName: users.fullName,
      deactivatedAt: users.deactivatedAt,
      role: userRoles.role,
      adminSubrole: userRoles.adminSubrole,
      sellerRole: userRoles.sellerRole,
    })
    .from(users)
    .leftJoin(userRoles, eq(userRoles.userId, users.id))
    .where(eq(users.id, userId))
    .get();
  if (!row) return null;
  const { role, adminSubrole, sellerRole, ...user } = row;
  return { ...user, roles: role ? { role, adminSubrole, sellerRole } : null };
}

/** Active superadmins: team (or legacy admin) role, superadmin sub-role, not deactivated. */
const activeSuperadmins = (except: string) =>
  sql`(select count(*) from ${userRoles} join ${users} on ${users.id} = ${userRoles.userId} where ${userRoles.adminSubrole} = 'superadmin' and ${userRoles.role} in ('team_member', 'admin') and ${users.deactivatedAt} is null and ${userRoles.userId} <> ${except})`;

export async function otherActiveSuperadmins(db: Database, userId: string) {
  const row = await db
    .select({ n: count() })
    .from(userRoles)
    .innerJoin(users, eq(users.id, userRoles.userId))
    .where(
      and(
        eq(userRoles.adminSubrole, "superadmin"),
        inArray(userRoles.role, ["team_member", "admin"]),
        isNull(users.deactivatedAt),
        ne(userRoles.userId, userId),
      ),
    )
    .get();
  return row?.n ?? 0;
}

/**
 * The batch's guard: the target's id while the world is still as the plan saw it (the same role
 * record; when `keepSuperadmin`, another active superadmin exists), else NULL — the audit row's
 * NOT NULL then fails and nothing in the batch is written. Two superadmins demoting each other
 * at once therefore cannot leave none.
 */
function guardedTarget(target: TargetUser, keepSuperadmin: boolean, extra: SQL = sql``) {
  const r = target.roles;
  const sameRoles = r
    ? sql`exists (select 1 from ${userRoles} where ${userRoles.userId} = ${target.id} and ${userRoles.role} = ${r.role} and ${userRoles.adminSubrole} is ${r.adminSubrole} and ${userRoles.sellerRole} is ${r.sellerRole})`
    : sql`not exists (select 1 from ${userRoles} where ${userRoles.userId} = ${target.id})`;
  const another = keepSuperadmin ? sql` and ${activeSuperadmins(target.id)} >= 1` : sql``;
  return sql`(select ${users.id} from ${users} where ${users.id} = ${target.id} and ${sameRoles}${another}${extra})`;
}

/** Saves a planned role record (null: no role row, a shopper). False when the target changed meanwhile. */
export async function saveRoles(
  db: Database,
  target: TargetUser,
  next: RoleRecord | null,
  staffId: string,
  action: string,
  now: number,
) {
  const wasSuperadmin = target.roles?.adminSubrole === "superadmin";
  const write = next
    ? db
        .insert(userRoles)
        .values({
          userId: target.id,
          role: next.role!,
          adminSubrole: next.adminSubrole,
          sellerRole: next.sellerRole,
          assignedBy: staffId,
          assignedAt: now,
        })
        .onConflictDoUpdate({
          target: userRoles.userId,
          set: {
            role: next.role!,
            adminSubrole: next.adminSubrole,
            sellerRole: next.sellerRole,
            assignedBy: staffId,
            assignedAt: now,
          },
        })
    : db.delete(userRoles).where(eq(userRoles.userId, target.id));
  return guardedBatch(db, [
    auditStatement(
      db,
      {
        actorId: staffId,
        action,
        targetType: "user",
        targetId: guardedTarget(target, wasSuperadmin && next?.adminSubrole !== "superadmin"),
        detail: { from: target.roles, to: next },
      },
      now,
    ),
    write,
    db.update(users).set({ updatedAt: now }).where(eq(users.id, target.id)),
  ]);
}

/**
 * Deactivates a user (DECISIONS.md, Staff): stamped, with their live items taken off the public
 * pages (archived; decision 0031 says why) and the ids of those items kept in the audit row, so a
 * reactivation puts back exactly those. False when the target changed meanwhile.
 */
export async function deactivateUser(db: Database, target: TargetUser, staffId: string, now: number) {
  const live = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.ownerId, target.id), eq(products.productStatus, "live")));
  const hidden = live.map((p) => p.id);
  const isSuperadmin = target.roles?.adminSubrole === "superadmin";
  const written = await guardedBatch(db, [
    auditStatement(
      db,
      {
        actorId: staffId,
        action: "user.deactivate",
        targetType: "user",
        targetId: guardedTarget(target, isSuperadmin, sql` and ${users.deactivatedAt} is null`),
        detail: { hiddenProducts: hidden },
      },
      now,
    ),
    db.update(users).set({ deactivatedAt: now, updatedAt: now }).where(eq(users.id, target.id)),
    db
      .update(products)
      .set({ productStatus: "archived", updatedAt: now })
      .where(
        and(
          sql`${products.id} in (select value from json_each(${JSON.stringify(hidden)}))`,
          eq(products.productStatus, "live"),
        ),
      ),
  ]);
  return written ? { ok: true as const, hidden: hidden.length } : { ok: false as const };
}

/** Reactivates a user and relists the items their deactivation took down (still approved and archived). */
export async function reactivateUser(db: Database, target: TargetUser, staffId: string, now: number) {
  const last = await latestAudit(db, "user", target.id, "user.deactivate");
  const hidden = Array.isArray(last?.detail?.hiddenProducts)
    ? (last.detail.hiddenProducts as unknown[]).filter((id): id is string => typeof id === "string")
    : [];
  const written = await guardedBatch(db, [
    auditStatement(
      db,
      {
        actorId: staffId,
        action: "user.reactivate",
        targetType: "user",
        targetId: guardedTarget(target, false, sql` and ${users.deactivatedAt} is not null`),
        detail: { relistedProducts: hidden },
      },
      now,
    ),
    db.update(users).set({ deactivatedAt: null, updatedAt: now }).where(eq(users.id, target.id)),
    db
      .update(products)
      .set({ productStatus: "live", updatedAt: now })
      .where(
        and(
          sql`${products.id} in (select value from json_each(${JSON.stringify(hidden)}))`,
          eq(products.ownerId, target.id),
          eq(products.status, "approved"),
          eq(products.productStatus, "archived"),
        ),
      ),
  ]);
  return written ? { ok: true as const, relisted: hidden.length } : { ok: false as const };
}

/** Does this user sell anything the public pages show (items, a profile, a store)? */
export async function isSeller(db: Database, userId: string) {
  const [items, owned, profile] = await db.batch([
    db.select({ id: products.id }).from(products).where(eq(products.ownerId, userId)).limit(1),
    db.select({ id: stores.id }).from(stores).where(eq(stores.ownerId, userId)).limit(1),
    db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, userId), isNotNull(users.displayName)))
      .limit(1),
  ]);
  return items.length > 0 || owned.length > 0 || profile.length > 0;
}

/** The Roles tab: who holds each staff sub-role. */
export async function staffBySubrole(db: Database) {
  const rows = await db
    .select({
      id: users.id,
      fullName: users.fullName,
      email: users.email,
      deactivatedAt: users.deactivatedAt,
      subrole: userRoles.adminSubrole,
    })
    .from(userRoles)
    .innerJoin(users, eq(users.id, userRoles.userId))
    .where(and(isNotNull(userRoles.adminSubrole), inArray(userRoles.role, ["team_member", "admin"])))
    .orderBy(asc(users.fullName), asc(users.email));
  const holders: Record<AdminSubrole, typeof rows> = {
    superadmin: [],
    admin: [],
    product_reviewer: [],
    customer_support: [],
  };
  for (const row of rows) holders[row.subrole!].push(row);
  return holders;
}
