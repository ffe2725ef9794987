import { inArray, sql, type SQLWrapper } from "drizzle-orm";
import type { TypedQueryBuilder } from "drizzle-orm/query-builders/query-builder";
import { orderItems, orders, payments, transactions } from "../../db/schema";
import { orderMoney, type MoneyInput, type OrderMoney } from "../domain/order-money";
import type { Database } from "./db.server";
import { batchParts, mapPart, rowsPart, type Part } from "./parts.server";

// The rows behind one order's money (app/domain/order-money.ts): the order, its items, its
// transactions and its payment calls, for any number of orders in one batch of four statements
// (My Orders shows the total paid of a page of orders; an order page shows its lines).

/**
 * The rows behind orders' money (the order, its items, transactions and payment calls), per order:
 * four statements for a batch. The orders are given by id, or by a query of their ids (a
 * dashboard's newest orders), so the money is read in the same round trip as the orders.
 */
export function moneyPart(db: Database, orderIds: readonly string[] | SQLWrapper): Part<Map<string, MoneyInput>> {
  const ids = Array.isArray(orderIds) ? [...new Set(orderIds as readonly string[])] : (orderIds as SQLWrapper);
  const statements = [
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
  ] as const;
  type Rows<I extends number> = Awaited<(typeof statements)[I]>;
  return {
    statements: [...statements],
    read: (rows) => {
      const [orderRows, itemRows, txnRows, paymentRows] = rows as [Rows<0>, Rows<1>, Rows<2>, Rows<3>];
      return moneyByOrder(orderRows ?? [], itemRows ?? [], txnRows ?? [], paymentRows ?? []);
    },
  };
}

/** The four lists of rows behind orders' money, each row naming its order. */
type OfOrder<T> = T & { orderId: string | null };
type MoneyRows = [
  MoneyInput["order"][],
  OfOrder<MoneyInput["items"][number]>[],
  OfOrder<MoneyInput["transactions"][number]>[],
  OfOrder<MoneyInput["payments"][number]>[],
];

/** Each order's money from the four lists of rows. */
function moneyByOrder(...[orderRows, itemRows, txnRows, paymentRows]: MoneyRows) {
  // Each list split by order once (a dashboard's 50 orders filtered every list per order: 5% of its CPU).
  const items = byOrder(itemRows);
  const txns = byOrder(txnRows);
  const calls = byOrder(paymentRows);
  const result = new Map<string, MoneyInput>();
  for (const order of orderRows)
    result.set(order.id, {
      order,
      items: items.get(order.id) ?? [],
      transactions: txns.get(order.id) ?? [],
      payments: calls.get(order.id) ?? [],
    });
  return result;
}

/**
 * The money of the orders a query lists (a handler's Orders tab: the page's orders), in one
 * statement instead of `moneyPart`'s four (decision 0122): the query runs once, as a common table
 * the four lists read, where each of four statements ran it again (a store's page of orders is
 * found through ~1,000 lines). Each list comes back as JSON, in `moneyPart`'s order and shape.
 */
export function listedMoneyPart(db: Database, listed: ListedOrders): Part<Map<string, MoneyInput>> {
  const page = db.$with("page_orders").as(listed);
  const ids = sql`(select ${page.orderId} from ${page})`;
  const statement = db
    .with(page)
    .select({
      orders: sql<string>`(select json_group_array(json_object('id', id, 'deliveryFee', delivery_fee, 'status', status))
        from ${orders} where id in ${ids})`.as("money_orders"),
      items: sql<string>`(select json_group_array(json_object('id', id, 'orderId', order_id, 'name', name, 'type', type,
        'price', price, 'protectionFee', protection_fee, 'status', status, 'handler', handler, 'sellerId', seller_id))
        from (select * from ${orderItems} where order_id in ${ids} order by created_at, id))`.as("money_items"),
      transactions:
        sql<string>`(select json_group_array(json_object('id', id, 'orderId', order_id, 'type', transaction_type,
        'orderItemId', order_item_id, 'gross', gross_amount, 'status', status))
        from (select * from ${transactions} where order_id in ${ids} order by created_at, id))`.as(
          "money_transactions",
        ),
      payments:
        sql<string>`(select json_group_array(json_object('orderId', order_id, 'operation', operation, 'amount', amount,
        'status', status, 'idempotencyKey', idempotency_key))
        from (select * from ${payments} where order_id in ${ids} order by created_at, id))`.as("money_payments"),
    })
    .from(sql`(select 1)`);
  return mapPart(rowsPart(statement), ([row]) =>
    row
      ? moneyByOrder(
          JSON.parse(row.orders) as MoneyRows[0],
          JSON.parse(row.items) as MoneyRows[1],
          JSON.parse(row.transactions) as MoneyRows[2],
          JSON.parse(row.payments) as MoneyRows[3],
        )
      : new Map<string, MoneyInput>(),
  );
}

/** A query of order ids (its one field `orderId`), as `listedMoneyPart` takes it. */
export type ListedOrders = TypedQueryBuilder<{ orderId: SQLWrapper }>;

/** Rows by their order, each order's in the order read. */
function byOrder<T extends { orderId: string | null }>(rows: T[] = []) {
  const grouped = new Map<string | null, T[]>();
  for (const row of rows) {
    const list = grouped.get(row.orderId);
    if (list) list.push(row);
    else grouped.set(row.orderId, [row]);
  }
  return grouped;
}

/** The rows behind orders' money (the order, its items, transactions and payment calls), per order. */
export async function moneyInputs(db: Database, orderIds: readonly string[]): Promise<Map<string, MoneyInput>> {
  if (orderIds.length === 0) return new Map();
  const [inputs] = await batchParts(db, [moneyPart(db, orderIds)] as const);
  return inputs;
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

/** One order's money as a part of a batch (the order page's), or null when it does not exist. */
export function orderMoneyPart(db: Database, orderId: string): Part<OrderMoney | null> {
  return mapPart(moneyPart(db, [orderId]), (inputs) => {
    const input = inputs.get(orderId);
    return input ? orderMoney(input) : null;
  });
}

/**
 * A handler's orders (seller or store Orders tab) with the charges and refunds of the items they
 * handle or own, not the shopper's other items or the delivery fee (issue 22, item 8), from the
 * rows `moneyPart` read.
 */
export function handlerMoneyFrom<O extends { id: string; items: { id: string }[] }>(
  grouped: O[],
  inputs: Map<string, MoneyInput>,
): (O & { money: OrderMoney })[] {
  const mine = new Set(grouped.flatMap((o) => o.items.map((i) => i.id)));
  return grouped.map((o) => {
    const input = inputs.get(o.id);
    return {
      ...o,
      money: input ? orderMoney(input, mine) : { lines: [], total: 0, pending: { charges: 0, refunds: 0 } },
    };
  });
}
