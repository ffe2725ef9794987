import { and, eq, or, sql, type SQL } from "drizzle-orm";
import { orderItems, orders, users } from "../../db/schema";
import { ADMIN_PAGE_SIZE } from "../domain/admin-lists";
import type { OrderStatus } from "../domain/order-lifecycle";
import { referenceSearchPart } from "../domain/order-reference";
import type { Database } from "./db.server";
import { containsText } from "./columns.server";
import { newestFirst, readOnePage } from "./paging.server";
import { returnsAwaitingInspection } from "./orders.server";

// The admin Orders tab's reads (seller-store-admin.md §2, §7). Status changes go through the
// order lifecycle (app/services/order-lifecycle.server.ts), never from here.

export async function adminOrders(db: Database, filter: { q: string; status: OrderStatus | null; page: number }) {
  const where: (SQL | undefined)[] = [];
  if (filter.status) where.push(eq(orders.status, filter.status));
  if (filter.q) {
    // A reference as people type it (any case, O for 0, I or L for 1) finds its order (decision 0076).
    const reference = referenceSearchPart(filter.q);
    where.push(or(containsText([orders.id, users.email, users.fullName], filter.q), reference ? sql`instr(${orders.reference}, ${reference}) > 0` : undefined));
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
      items: sql<number>`(select count(*) from ${orderItems} where ${orderItems.orderId} = ${orders.id})`.as("item_count"),
      // Its items' statuses, for the changes the status list offers (app/domain/staff-order-choices.ts).
      itemStatuses: sql<string | null>`(select group_concat(${orderItems.status}) from ${orderItems} where ${orderItems.orderId} = ${orders.id})`.as("item_statuses"),
    })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(and(...where))
    .orderBy(...newestFirst(orders))
    .$dynamic();
  return readOnePage(query, filter.page, ADMIN_PAGE_SIZE);
}

/**
 * Returned rentals waiting for their inspection by the platform: those whose handler is not a
 * store (a direct seller's item comes back to us; a store inspects its own, decision 0021).
 */
export async function returnsToInspect(db: Database) {
  return returnsAwaitingInspection(db, eq(orderItems.handler, "vendor"), ADMIN_PAGE_SIZE, "staff");
}
