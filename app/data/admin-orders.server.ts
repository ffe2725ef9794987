import { and, desc, eq, gte, or, sql, type SQL } from "drizzle-orm";
import { orderItems, orders, payments, users } from "../../db/schema";
import { ADMIN_PAGE_SIZE } from "../domain/admin-lists";
import type { OrderStatus } from "../domain/order-lifecycle";
import { referenceSearchPart } from "../domain/order-reference";
import type { Database } from "./db.server";
import { containsText } from "./columns.server";
import { newestFirst, pagePart } from "./paging.server";
import { ordersToSendPart, returnsAwaitingInspection } from "./handler-orders.server";
import { partsOf, rowsPart } from "./parts.server";
import { preparedPart, ROWS_ONLY } from "./prepared.server";
import { itemsBeingPrepared } from "./renting.server";

// The admin Orders tab's reads (seller-store-admin.md §2, §7). Status changes go through the
// order lifecycle (app/services/order-lifecycle.server.ts), never from here. Each read is a
// statement or a part of the tab's one batch (decision 0106).

/** A page of every order (filtered by status, searched), newest first, as a part of the tab's batch. */
export function adminOrdersPart(db: Database, filter: { q: string; status: OrderStatus | null; page: number }) {
  const where: (SQL | undefined)[] = [];
  if (filter.status) where.push(eq(orders.status, filter.status));
  if (filter.q) {
    // A reference as people type it (any case, O for 0, I or L for 1) finds its order (decision 0076).
    const reference = referenceSearchPart(filter.q);
    where.push(
      or(
        containsText([orders.id, users.email, users.fullName], filter.q),
        reference ? sql`instr(${orders.reference}, ${reference}) > 0` : undefined,
      ),
    );
  }
  const query = db
    .select({
      id: orders.id,
      reference: orders.reference,
      createdAt: orders.createdAt,
      status: orders.status,
      total: orders.totalAmount,
      shopperName: users.fullName,
      shopperEmail: users.email,
      items: sql<number>`(select count(*) from ${orderItems} where ${orderItems.orderId} = ${orders.id})`.as(
        "item_count",
      ),
      // Its items' statuses, for the changes the status list offers (app/domain/staff-order-choices.ts).
      itemStatuses: sql<
        string | null
      >`(select group_concat(${orderItems.status}) from ${orderItems} where ${orderItems.orderId} = ${orders.id})`.as(
        "item_statuses",
      ),
    })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(and(...where))
    .orderBy(...newestFirst(orders))
    .$dynamic();
  return pagePart(query, filter.page, ADMIN_PAGE_SIZE);
}

/**
 * Returned rentals waiting for their inspection by the platform: those whose handler is not a
 * store (a direct seller's item comes back to us; a store inspects its own, decision 0021).
 */
export function returnsToInspect(db: Database) {
  return returnsAwaitingInspection(db, eq(orderItems.handler, "vendor"), ADMIN_PAGE_SIZE, "staff");
}

/** How long a payment that did not match its order stays on the Orders tab's alert. */
export const PAYMENT_ISSUE_DAYS = 30;

/**
 * Checkout payments that did not match their order (amount or currency; decision 0072) since
 * `since` (PAYMENT_ISSUE_DAYS before now), newest first: the order was held (not confirmed) and its payment given back; `refunded` says whether
 * the provider has confirmed that refund yet (else the daily job retries it).
 */
export function paymentIssues(db: Database, since: number) {
  return db
    .select({
      id: orders.id,
      issue: orders.paymentIssue,
      at: orders.paymentIssueAt,
      total: orders.totalAmount,
      shopperEmail: users.email,
      refunded: sql<number>`exists (select 1 from ${payments} where ${payments.idempotencyKey} = 'refund:' || ${orders.id} and ${payments.status} = 'succeeded')`,
    })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(gte(orders.paymentIssueAt, since))
    .orderBy(desc(orders.paymentIssueAt))
    .limit(20);
}

/**
 * The panels above the list on its first page (decision 0106), their SQL built once (decision
 * 0132): returns to inspect and payments that did not match (`since`: PAYMENT_ISSUE_DAYS before
 * now) on any first page; on the first page unfiltered, the orders to send and the returned
 * rentals being prepared, every handler's (decision 0080).
 */
export const pageOnePanelsPart = preparedPart(
  (db, { since }: { since: number }) =>
    partsOf([rowsPart(returnsToInspect(db)), rowsPart(paymentIssues(db, since))] as const),
  ROWS_ONLY,
);
export const unfilteredPanelsPart = preparedPart(
  (db, _: Record<string, never>) =>
    partsOf([ordersToSendPart(db, undefined, 20), rowsPart(itemsBeingPrepared(db, { staff: true }))] as const),
  ROWS_ONLY,
);
