import { and, desc, eq, sql, type SQL } from "drizzle-orm";
import { auditLog } from "../../db/schema";
import type { Database } from "./db.server";

// Who changed what among staff-managed records, and when (issue 14 item 7: "every change records
// who made it and when"). A row is written in the same batch as the change it records.

export interface AuditEntry {
  actorId: string;
  /** What was done, as `area.verb`: user.subrole, user.deactivate, product.approve, store_request.approve ... */
  action: string;
  targetType:
    | "user"
    | "product"
    | "store_request"
    | "payout"
    | "brand"
    | "brand_suggestion"
    | "category"
    | "site_content"
    | "blog_post"
    | "conversation";
  /**
   * The record changed. A sub-select that yields NULL unless the change may still happen turns
   * the row into the batch's guard: NOT NULL fails and the whole batch rolls back.
   */
  targetId: string | SQL;
  detail?: Record<string, unknown>;
}

/** Whether a batch failed on its audit row's guard (its target NULL): the change lost a race, and nothing was written. */
export const isGuardFailure = (error: unknown) => String(error).includes("NOT NULL");

/**
 * Runs a batch whose audit row (see `targetId`) is its guard: true when it was written, false when
 * the guard refused it and the whole batch rolled back.
 */
export async function guardedBatch(db: Database, statements: Parameters<Database["batch"]>[0]) {
  try {
    await db.batch(statements);
    return true;
  } catch (error) {
    if (isGuardFailure(error)) return false;
    throw error;
  }
}

export function auditStatement(db: Database, entry: AuditEntry, now: number) {
  return db.insert(auditLog).values({
    id: `audit_${crypto.randomUUID()}`,
    actorId: entry.actorId,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId,
    detail: entry.detail ?? {},
    createdAt: now,
  });
}

/** The latest audit row of an action on a record (reactivation reads what deactivation hid). */
export async function latestAudit(
  db: Database,
  targetType: AuditEntry["targetType"],
  targetId: string,
  action: string,
) {
  return (
    db
      .select({ detail: auditLog.detail, createdAt: auditLog.createdAt, actorId: auditLog.actorId })
      .from(auditLog)
      .where(and(eq(auditLog.targetType, targetType), eq(auditLog.targetId, targetId), eq(auditLog.action, action)))
      // Rows written in the same millisecond keep their order of insertion.
      .orderBy(desc(auditLog.createdAt), desc(sql`rowid`))
      .limit(1)
      .get()
  );
}

/** A record's audit trail, newest first. */
export async function auditTrail(db: Database, targetType: AuditEntry["targetType"], targetId: string, limit = 20) {
  return db
    .select({
      action: auditLog.action,
      actorId: auditLog.actorId,
      detail: auditLog.detail,
      createdAt: auditLog.createdAt,
    })
    .from(auditLog)
    .where(and(eq(auditLog.targetType, targetType), eq(auditLog.targetId, targetId)))
    .orderBy(desc(auditLog.createdAt), desc(sql`rowid`))
    .limit(limit);
}
