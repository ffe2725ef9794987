import { and, asc, desc, eq, ne, sql } from "drizzle-orm";
import { authTokens, products, storeRequests, stores, userRoles, users, userVerifications } from "../../db/schema";
import { ADMIN_PAGE_SIZE } from "../domain/admin-lists";
import { STORE_ADDRESS_MARKER } from "./profiles.server";
import type { Database } from "./db.server";
import { aliased } from "./columns.server";
import { newestFirst, pagePart } from "./paging.server";
import { mapPart, partsOf, rowsPart } from "./parts.server";
import { auditStatement, guardedBatch } from "./audit.server";

// Store requests and the stores made from them (seller-store-admin.md §3, §4, §7; issue 12 item 1).
// The approval is one batch (approvalStatements); app/services/store-approval.server.ts decides
// what goes in it and sends the e-mail.

export type StoreRequest = NonNullable<Awaited<ReturnType<typeof storeRequestById>>>;

/** A store request's own columns (the request page and the Stores tab's lists). */
const requestColumns = {
  id: storeRequests.id,
  contactName: storeRequests.contactName,
  storeName: storeRequests.storeName,
  storeAddress: storeRequests.storeAddress,
  storeWebsite: storeRequests.storeWebsite,
  contactEmail: storeRequests.contactEmail,
  status: storeRequests.status,
  createdAt: storeRequests.createdAt,
  reviewedAt: storeRequests.reviewedAt,
};

export async function storeRequestById(db: Database, id: string) {
  return (await db.select(requestColumns).from(storeRequests).where(eq(storeRequests.id, id)).get()) ?? null;
}

/** The Stores tab: pending requests oldest first, then the latest reviewed ones (a part of its batch, decision 0106). */
export function storeRequestListsPart(db: Database) {
  const columns = {
    ...requestColumns,
    rejectionReason: storeRequests.rejectionReason,
    reviewerName: sql<
      string | null
    >`(select coalesce(${users.fullName}, ${users.email}) from ${users} where ${users.id} = ${storeRequests.reviewedBy})`.as(
      "reviewer_name",
    ),
  };
  const lists = partsOf([
    rowsPart(
      db
        .select(columns)
        .from(storeRequests)
        .where(eq(storeRequests.status, "pending"))
        .orderBy(asc(storeRequests.createdAt), asc(storeRequests.id))
        .limit(ADMIN_PAGE_SIZE),
    ),
    rowsPart(
      db
        .select(columns)
        .from(storeRequests)
        .where(ne(storeRequests.status, "pending"))
        .orderBy(desc(storeRequests.reviewedAt), desc(storeRequests.id))
        .limit(ADMIN_PAGE_SIZE),
    ),
  ] as const);
  return mapPart(lists, ([pending, reviewed]) => ({ pending, reviewed }));
}

/** The Stores tab's list of stores, 50 a page, newest first (a part of its batch). */
export function adminStoresPart(db: Database, page: number) {
  const query = db
    .select({
      id: stores.id,
      name: stores.name,
      contactEmail: stores.contactEmail,
      createdAt: stores.createdAt,
      ownerName: aliased(users.fullName, "owner_name"),
      ownerEmail: aliased(users.email, "owner_email"),
      ownerDeactivated: sql<number>`${users.deactivatedAt} is not null`.as("owner_deactivated"),
      products: sql<number>`(select count(*) from ${products} where ${products.storeId} = ${stores.id})`.as(
        "product_count",
      ),
    })
    .from(stores)
    .innerJoin(users, eq(users.id, stores.ownerId))
    .orderBy(...newestFirst(stores))
    .$dynamic();
  return pagePart(query, page, ADMIN_PAGE_SIZE);
}

type Statement = Parameters<Database["batch"]>[0][number];

export interface ApprovalPlan {
  request: StoreRequest;
  staffId: string;
  storeId: string;
  /** The account that will own the store: reused when the contact e-mail has one, else made now. */
  account: { id: string; existing: boolean };
  /** The hash of the set-password link, for a new account. */
  setPasswordTokenHash: string | null;
  tokenTtlMs: number;
  now: number;
}

/** §2: a store's address is kept in its description after 'Store located at: '. */
export const storeDescription = (address: string) => `${STORE_ADDRESS_MARKER}${address}`;

/**
 * Every write of an approval, for one D1 batch (atomic: all or nothing). The first statement is
 * the guard: its audit row names the request only while it is still pending, so approving twice,
 * or two staff at once, fails the whole batch and creates nothing. stores.request_id is unique,
 * which guards the same thing a second time.
 */
export function approvalStatements(db: Database, plan: ApprovalPlan) {
  const { request, staffId, storeId, account, now } = plan;
  const stillPending = sql`(select ${storeRequests.id} from ${storeRequests} where ${storeRequests.id} = ${request.id} and ${storeRequests.status} = 'pending')`;
  const statements: Statement[] = [
    auditStatement(
      db,
      {
        actorId: staffId,
        action: "store_request.approve",
        targetType: "store_request",
        targetId: stillPending,
        detail: { storeId, userId: account.id, accountCreated: !account.existing },
      },
      now,
    ),
    db
      .update(storeRequests)
      .set({ status: "approved", reviewedAt: now, reviewedBy: staffId })
      .where(and(eq(storeRequests.id, request.id), eq(storeRequests.status, "pending"))),
  ];
  if (account.existing) {
    statements.push(db.update(users).set({ userType: "store", updatedAt: now }).where(eq(users.id, account.id)));
  } else {
    // No usable password until the owner follows the set-password link ('!' is not a PBKDF2 hash).
    statements.push(
      db.insert(users).values({
        id: account.id,
        email: request.contactEmail,
        fullName: request.contactName,
        userType: "store",
        passwordHash: "!",
        passwordSalt: "!",
        createdAt: now,
        updatedAt: now,
      }),
      db.insert(userVerifications).values({ userId: account.id, isVerified: false }),
    );
  }
  statements.push(
    // A shopper becomes a store; a seller or staff member keeps their role and gains store access.
    db
      .insert(userRoles)
      .values({
        userId: account.id,
        role: "store",
        adminSubrole: null,
        sellerRole: "store",
        assignedBy: staffId,
        assignedAt: now,
      })
      .onConflictDoUpdate({
        target: userRoles.userId,
        set: { sellerRole: "store", assignedBy: staffId, assignedAt: now },
      }),
    db.insert(stores).values({
      id: storeId,
      name: request.storeName,
      description: storeDescription(request.storeAddress),
      ownerId: account.id,
      contactEmail: request.contactEmail,
      requestId: request.id,
      createdAt: now,
    }),
  );
  if (plan.setPasswordTokenHash) {
    statements.push(
      db.insert(authTokens).values({
        tokenHash: plan.setPasswordTokenHash,
        userId: account.id,
        purpose: "set_password",
        createdAt: now,
        expiresAt: now + plan.tokenTtlMs,
      }),
    );
  }
  return statements as [Statement, ...Statement[]];
}

/** Reject a pending request: stamped with who and when, with its audit row. False when not pending. */
export async function rejectStoreRequest(
  db: Database,
  requestId: string,
  staffId: string,
  reason: string,
  now: number,
) {
  const stillPending = sql`(select ${storeRequests.id} from ${storeRequests} where ${storeRequests.id} = ${requestId} and ${storeRequests.status} = 'pending')`;
  return guardedBatch(db, [
    auditStatement(
      db,
      {
        actorId: staffId,
        action: "store_request.reject",
        targetType: "store_request",
        targetId: stillPending,
        detail: { reason },
      },
      now,
    ),
    db
      .update(storeRequests)
      .set({ status: "rejected", rejectionReason: reason, reviewedAt: now, reviewedBy: staffId })
      .where(and(eq(storeRequests.id, requestId), eq(storeRequests.status, "pending"))),
  ]);
}
