import { and, asc, desc, eq, ne, sql, type SQL } from "drizzle-orm";
import { sellerRequests, siteContent, userRoles, users } from "../../db/schema";
import { ADMIN_PAGE_SIZE } from "../domain/admin-lists";
import type { RoleRecord } from "../domain/roles";
import {
  maySellCheck,
  SELLER_SIGNUP_KEY,
  sellerRoles,
  signupMode,
  type SellerRequestStatus,
  type SellerSignupMode,
} from "../domain/selling";
import type { ShippingAddress } from "../domain/checkout";
import { auditStatement, isGuardFailure } from "./audit.server";
import type { Database } from "./db.server";
import { mapPart, partsOf, rowsPart, type Part } from "./parts.server";
import { personWithRoles } from "./users.server";

// Start selling and requests to sell (issue 27 item 7; decision 0057).

/** The site's setting: 'open' unless staff chose 'approval' on the Content tab. */
export async function sellerSignupMode(db: Database): Promise<SellerSignupMode> {
  const row = await db
    .select({ content: siteContent.content })
    .from(siteContent)
    .where(and(eq(siteContent.contentType, "site_settings"), eq(siteContent.contentKey, SELLER_SIGNUP_KEY)))
    .get();
  return signupMode(row?.content);
}

/** What deciding whether a person may start selling needs: their account, roles and request. */
export async function sellingCandidate(db: Database, userId: string) {
  const row = await db
    .select({
      ...personWithRoles,
      returnAddress: users.returnAddress,
      emailVerifiedAt: users.emailVerifiedAt,
      sellerTermsAcceptedAt: users.sellerTermsAcceptedAt,
      requestStatus: sellerRequests.status,
      requestCreatedAt: sellerRequests.createdAt,
      rejectionReason: sellerRequests.rejectionReason,
      requestedDisplayName: sellerRequests.displayName,
      requestedReturnAddress: sellerRequests.returnAddress,
    })
    .from(users)
    .leftJoin(userRoles, eq(userRoles.userId, users.id))
    .leftJoin(sellerRequests, eq(sellerRequests.userId, users.id))
    .where(eq(users.id, userId))
    .get();
  if (!row) return null;
  const {
    role,
    adminSubrole,
    sellerRole,
    requestStatus,
    requestCreatedAt,
    rejectionReason,
    requestedDisplayName,
    requestedReturnAddress,
    ...person
  } = row;
  return {
    ...person,
    roles: role ? ({ role, adminSubrole, sellerRole } as RoleRecord) : null,
    request: requestStatus
      ? {
          status: requestStatus as SellerRequestStatus,
          createdAt: requestCreatedAt!,
          rejectionReason,
          // What the request asks for, applied when approved (decision 0072); null on a request made before it was kept.
          details:
            requestedDisplayName && requestedReturnAddress
              ? ({
                  displayName: requestedDisplayName,
                  returnAddress: requestedReturnAddress as ShippingAddress,
                } satisfies SellerDetails)
              : null,
        }
      : null,
  };
}
export type SellingCandidateRow = NonNullable<Awaited<ReturnType<typeof sellingCandidate>>>;

type Statement = Parameters<Database["batch"]>[0][number];

/** The statements that make a person a seller (vendor access), stamped by whoever decided it. */
function grantStatements(
  db: Database,
  person: SellingCandidateRow,
  actorId: string,
  action: string,
  now: number,
  targetId: string | SQL = person.id,
): Statement[] {
  const next = sellerRoles(person.roles);
  return [
    db
      .insert(userRoles)
      .values({
        userId: person.id,
        role: next.role!,
        adminSubrole: null,
        sellerRole: next.sellerRole,
        assignedBy: actorId,
        assignedAt: now,
      })
      .onConflictDoUpdate({
        target: userRoles.userId,
        set: {
          role: next.role!,
          adminSubrole: null,
          sellerRole: next.sellerRole,
          assignedBy: actorId,
          assignedAt: now,
        },
      }),
    auditStatement(
      db,
      { actorId, action, targetType: "user", targetId, detail: { from: person.roles, to: next } },
      now,
    ),
  ];
}

export interface SellerDetails {
  displayName: string;
  returnAddress: ShippingAddress;
}

function detailStatement(db: Database, userId: string, details: SellerDetails, now: number) {
  return db
    .update(users)
    .set({
      displayName: details.displayName,
      returnAddress: details.returnAddress,
      sellerTermsAcceptedAt: now,
      updatedAt: now,
    })
    .where(eq(users.id, userId));
}

/**
 * Open sign-up: the details saved and vendor access given, in one batch. A request they made while
 * the site sold by approval is settled with it (approved, by themselves), so it no longer waits
 * on staff's Users tab.
 */
export async function startSellingNow(db: Database, person: SellingCandidateRow, details: SellerDetails, now: number) {
  const settleRequest = db
    .update(sellerRequests)
    .set({ status: "approved", reviewedAt: now, reviewedBy: person.id, rejectionReason: null })
    .where(and(eq(sellerRequests.userId, person.id), eq(sellerRequests.status, "pending")));
  await db.batch([
    detailStatement(db, person.id, details, now),
    settleRequest,
    ...grantStatements(db, person, person.id, "user.start_selling", now),
  ]);
}

/**
 * By approval: a pending request that keeps the display name and return address it asks for (a
 * declined person asks again). The account changes only when staff approve it (decision 0072):
 * until then the person's public name is the one they had; only the terms' acceptance is stamped.
 */
export async function requestToSell(db: Database, userId: string, details: SellerDetails, now: number) {
  const asked = {
    displayName: details.displayName,
    returnAddress: details.returnAddress as Record<string, string | undefined>,
  };
  await db.batch([
    db.update(users).set({ sellerTermsAcceptedAt: now, updatedAt: now }).where(eq(users.id, userId)),
    db
      .insert(sellerRequests)
      .values({ userId, status: "pending", createdAt: now, ...asked })
      .onConflictDoUpdate({
        target: sellerRequests.userId,
        set: { status: "pending", createdAt: now, reviewedAt: null, reviewedBy: null, rejectionReason: null, ...asked },
      }),
  ]);
}

/** The Users tab: requests waiting, oldest first, and the latest decided ones (a part of its batch, decision 0106). */
export function sellerRequestListsPart(db: Database) {
  const columns = {
    userId: sellerRequests.userId,
    status: sellerRequests.status,
    createdAt: sellerRequests.createdAt,
    reviewedAt: sellerRequests.reviewedAt,
    rejectionReason: sellerRequests.rejectionReason,
    email: users.email,
    fullName: users.fullName,
    // The name the request asks for (decision 0072), else the account's.
    displayName: sql<string | null>`coalesce(${sellerRequests.displayName}, ${users.displayName})`,
  };
  const lists = partsOf([
    rowsPart(
      db
        .select(columns)
        .from(sellerRequests)
        .innerJoin(users, eq(users.id, sellerRequests.userId))
        .where(eq(sellerRequests.status, "pending"))
        .orderBy(asc(sellerRequests.createdAt))
        .limit(ADMIN_PAGE_SIZE),
    ),
    rowsPart(
      db
        .select(columns)
        .from(sellerRequests)
        .innerJoin(users, eq(users.id, sellerRequests.userId))
        .where(ne(sellerRequests.status, "pending"))
        .orderBy(desc(sellerRequests.reviewedAt))
        .limit(10),
    ),
  ] as const);
  return mapPart(lists, ([pending, decided]) => ({ pending, decided }));
}

/**
 * Staff decide a pending request: approved (vendor access given) or declined with a reason. The
 * request's update is guarded by its status, so two staff deciding at once decide it once: false
 * when it no longer waited.
 */
export async function decideSellerRequest(
  db: Database,
  person: SellingCandidateRow,
  staffId: string,
  decision: "approve" | "decline",
  reason: string | null,
  now: number,
) {
  const status = decision === "approve" ? "approved" : "declined";
  const update = db
    .update(sellerRequests)
    .set({ status, reviewedAt: now, reviewedBy: staffId, rejectionReason: decision === "decline" ? reason : null })
    .where(and(eq(sellerRequests.userId, person.id), eq(sellerRequests.status, "pending")))
    .returning({ userId: sellerRequests.userId });
  // The audit row names the request only if this batch's update decided it: else NULL, and the
  // whole batch (vendor access included) rolls back.
  const decided = sql`(select ${sellerRequests.userId} from ${sellerRequests} where ${sellerRequests.userId} = ${person.id} and ${sellerRequests.status} = ${status} and ${sellerRequests.reviewedAt} = ${now} and ${sellerRequests.reviewedBy} = ${staffId})`;
  // Approved: what the request asked for becomes the account's, in the same batch (decision 0072).
  const asked = decision === "approve" ? person.request?.details : null;
  const details = asked
    ? [
        db
          .update(users)
          .set({ displayName: asked.displayName, returnAddress: asked.returnAddress, updatedAt: now })
          .where(eq(users.id, person.id)),
      ]
    : [];
  const rest: Statement[] =
    decision === "approve"
      ? [...details, ...grantStatements(db, person, staffId, "seller_request.approve", now, decided)]
      : [
          auditStatement(
            db,
            {
              actorId: staffId,
              action: "seller_request.decline",
              targetType: "user",
              targetId: decided,
              detail: { reason },
            },
            now,
          ),
        ];
  const [rows] = await db.batch([update, ...rest] as [typeof update, ...Statement[]]).catch(guard);
  return rows.length > 0;
}

/** A lost race: the audit row's guard found no waiting request and the batch rolled back. */
function guard(error: unknown): [never[]] {
  if (isGuardFailure(error)) return [[]];
  throw error;
}

/** The account's Products tab for someone who does not sell yet: may they start, and their request. */
export async function sellingStatus(db: Database, userId: string) {
  const [person, mode] = await Promise.all([sellingCandidate(db, userId), sellerSignupMode(db)]);
  if (!person) return null;
  const check = maySellCheck(person, mode);
  return { mode, refused: check.ok ? null : check.message, request: person.request };
}

/** Whether a seller has a return address (what they lack before they can be paid: app/domain/selling.ts). */
export const returnAddressPart = (db: Database, userId: string): Part<boolean> =>
  mapPart(
    rowsPart(db.select({ returnAddress: users.returnAddress }).from(users).where(eq(users.id, userId))),
    ([row]) => Boolean(row?.returnAddress),
  );
