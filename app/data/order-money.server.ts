import { inArray } from "drizzle-orm";
import { orderItems, orders, payments, transactions } from "../../db/schema";
import { orderMoney, type MoneyInput, type OrderMoney } from "../domain/order-money";
import type { Database } from "./db.server";

// The rows behind one order's money (app/domain/order-money.ts): the order, its items, its
// transactions and its payment calls, for any number of orders in one batch of four statements
// (My Orders shows the total paid of a page of orders; an order page shows its lines).

/** The rows behind orders' money (the order, its items, transactions and payment calls), per order. */
export async function moneyInputs(db: Database, orderIds: readonly string[]): Promise<Map<string, MoneyInput>> {
  const ids = [...new Set(orderIds)];
  const result = new Map<string, MoneyInput>();
  if (ids.length === 0) return result;
  const [orderRows, itemRows, txnRows, paymentRows] = await db.batch([
    db
      .select({ id: orders.id, deliveryFee: orders.deliveryFee, status: orders.status })
      .from(orders)
      .where(inArray(orders.id, ids)),
    db
      .select({
        id: orderItems.id,
        orderId: orderItems.orderId,
        name: orderItems.name,
        type: orderItems.type,
        price: orderItems.price,
        protectionFee: orderItems.protectionFee,
        status: orderItems.status,
        handler: orderItems.handler,
        sellerId: orderItems.sellerId,
      })
      .from(orderItems)
      .where(inArray(orderItems.orderId, ids))
      .orderBy(orderItems.createdAt, orderItems.id),
    db
      .select({
        id: transactions.id,
        orderId: transactions.orderId,
        type: transactions.transactionType,
        orderItemId: transactions.orderItemId,
        gross: transactions.grossAmount,
        status: transactions.status,
      })
      .from(transactions)
      .where(inArray(transactions.orderId, ids))
      .orderBy(transactions.createdAt, transactions.id),
    db
      .select({
        orderId: payments.orderId,
        operation: payments.operation,
        amount: payments.amount,
        status: payments.status,
        idempotencyKey: payments.idempotencyKey,
      })
      .from(payments)
      .where(inArray(payments.orderId, ids))
      .orderBy(payments.createdAt, payments.id),
  ]);
  for (const order of orderRows) {
    const mine = <T extends { orderId: string | null }>(rows: T[]) => rows.filter((r) => r.orderId === order.id);
    result.set(order.id, { order, items: mine(itemRows), transactions: mine(txnRows), payments: mine(paymentRows) });
  }
  return result;
}

/** One order's money rows (the refund cap reads them: app/domain/refund-cap.ts), or null when it does not exist. */
export async function moneyInputOf(db: Database, orderId: string) {
  return (await moneyInputs(db, [orderId])).get(orderId) ?? null;
}

export async function ordersMoney(
  db: Database,
  orderIds: readonly string[],
  onlyItems?: ReadonlySet<string>,
): Promise<Map<string, OrderMoney>> {
  const result = new Map<string, OrderMoney>();
  for (const [id, input] of await moneyInputs(db, orderIds)) result.set(id, orderMoney(input, onlyItems));
  return result;
}

/** One order's money, or null when it does not exist. */
export async function orderMoneyOf(db: Database, orderId: string, onlyItems?: ReadonlySet<string>) {
  return (await ordersMoney(db, [orderId], onlyItems)).get(orderId) ?? null;
}

/**
 * A handler's orders (seller or store Orders tab) with the charges and refunds of the items they
 * handle or own, not the shopper's other items or the delivery fee (issue 22, item 8).
 */
export async function withHandlerMoney<O extends { id: string; items: { id: string }[] }>(
  db: Database,
  grouped: O[],
): Promise<(O & { money: OrderMoney })[]> {
  const mine = new Set(grouped.flatMap((o) => o.items.map((i) => i.id)));
  const money = await ordersMoney(
    db,
    grouped.map((o) => o.id),
    mine,
  );
  return grouped.map((o) => ({
    ...o,
    money: money.get(o.id) ?? { lines: [], total: 0, pending: { charges: 0, refunds: 0 } },
  }));
}
