import { and, desc, eq, inArray, sql, type SQL } from "drizzle-orm";
import { orderItems, orders } from "../../db/schema";
import { limitOf, type Database } from "./db.server";
import { claimsForHandler } from "./claims.server";
import { weeklyRevenuePart } from "./finance.server";
import {
  groupByOrder,
  orderHead,
  orderLineColumns,
  ordersToSendPart,
  returnsAwaitingInspection,
  returnSentColumns,
} from "./handler-orders.server";
import { handlerMoneyFrom, listedMoneyPart } from "./order-money.server";
import type { MoneyInput } from "../domain/order-money";
import { newestFirst } from "./paging.server";
import { mapPart, partsOf, rowsPart, type Part } from "./parts.server";
import { preparedPart, ROWS_ONLY } from "./prepared.server";
import { itemsBeingPrepared, turnaroundFrom, turnaroundQuery } from "./renting.server";

// The handler's Orders tab (seller-store-admin.md §2; issues 22, 43, 44), one for the seller
// dashboard and the store dashboard (decision 0100): the claims to answer, the orders to send,
// the returned rentals being prepared, the seller's returns to check and weekly earnings, and the
// orders with the money of the handler's items — every statement in one D1 batch (issue 47 item 3).
// The handler is named as the data functions name it: `{ ownerId }` (a seller's own items) or
// `{ storeId }` (a store's concierge items and the products it manages); it is in every WHERE.

export type OrdersTabHandler = { ownerId: string } | { storeId: string };
// A page of orders (decision 0108; the latest 50 and no more before): older ones follow a page at
// a time ('Older orders').
export const HANDLER_ORDERS_SHOWN = 15;

/**
 * Lines of orders older than the order `before` (a page's cursor, its last order), in the order
 * the lists walk them: a line has its order's created_at, the id breaks ties. Written as a range
 * on created_at so the indexes that lead with it serve it. An unknown order matches no line.
 */
function olderThan(createdAt: SQL, orderId: SQL, before: string | null) {
  if (!before) return sql`1`;
  const at = sql`(select created_at from orders where id = ${before})`;
  return sql`(${createdAt} <= ${at} and (${createdAt} < ${at} or ${orderId} < ${before}))`;
}

/** The items this handler posts: a seller's own (not concierge: the store posts those), a store's concierge items. */
const postedBy = (handler: OrdersTabHandler): SQL | undefined =>
  "ownerId" in handler
    ? and(eq(orderItems.ownerId, handler.ownerId), eq(orderItems.handler, "vendor"))
    : and(eq(orderItems.handler, "store"), eq(orderItems.sellerId, handler.storeId));

/**
 * The seller's lines of the orders that contain their products, newest order first (through the
 * line's owner, migration 0007): only those of the page's orders and the one after (which says
 * older orders follow), not every line of the window they are found in (decision 0114).
 */
export function sellerOrderLinesQuery(db: Database, ownerId: string, before: string | null = null) {
  return (
    db
      .select(orderLineColumns)
      .from(orderItems)
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      // The lines are written with their order: newest lines are the newest orders' (order_items_owner_idx).
      .where(
        and(
          eq(orderItems.ownerId, ownerId),
          sellerOlder(before),
          inArray(orderItems.orderId, listedOrderIds(db, { ownerId }, before, HANDLER_ORDERS_SHOWN + 1)),
        ),
      )
      .orderBy(desc(orderItems.createdAt), desc(orderItems.orderId))
      .limit(HANDLER_ORDERS_SHOWN * 3)
  );
}

/**
 * Lines that contain the store's products: items it handles (concierge) or products it manages —
 * of those, only the ones that can be among its newest (issue 47 item 3; decision 0107): the
 * newest it handles, and the newest of its products' lines it does not handle, each searched newest
 * first in its own index (migration 0078) instead of every line of the store read and sorted.
 * Lines are written with their order (the same created_at): their order is their orders'.
 */
const sellerOlder = (before: string | null) =>
  olderThan(sql`${orderItems.createdAt}`, sql`${orderItems.orderId}`, before);

const storeLines = (storeId: string, before: string | null) => {
  const newest = HANDLER_ORDERS_SHOWN * 3;
  // By rowid, which the indexes carry: neither branch reads a line's row.
  return sql`${orderItems}.rowid in (
    select line from (select rowid as line from order_items where handler = 'store' and seller_id = ${storeId}
      and ${olderThan(sql`created_at`, sql`order_id`, before)}
      order by created_at desc, order_id desc limit ${limitOf(newest)})
    union all
    select line from (select oi.rowid as line from products p join order_items oi on oi.product_id = p.id
      where p.store_id = ${storeId} and (oi.handler <> 'store' or oi.seller_id is not ${storeId})
      and ${olderThan(sql`oi.created_at`, sql`oi.order_id`, before)}
      order by oi.created_at desc, oi.order_id desc limit ${limitOf(newest)}))`;
};

/**
 * The store's lines, newest order first, with what its inspection and the shopper's return say:
 * only those of the page's orders and the one after (decision 0114).
 */
export function storeOrderLinesQuery(db: Database, storeId: string, before: string | null = null) {
  return db
    .select({
      ...orderLineColumns,
      handler: orderItems.handler,
      sellerId: orderItems.sellerId,
      inspection: orderItems.inspection,
      ...returnSentColumns,
    })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(
      and(
        storeLines(storeId, before),
        inArray(orderItems.orderId, listedOrderIds(db, { storeId }, before, HANDLER_ORDERS_SHOWN + 1)),
      ),
    )
    .orderBy(...newestFirst(orders))
    .limit(HANDLER_ORDERS_SHOWN * 3);
}

/**
 * The ids of the orders the page shows, as a subquery: their money is read in the same batch. The
 * same lines as the list, grouped by order in the list's order, and only the page's orders: the
 * lines of 45 reach ~40 orders, and their payments, lines and transactions were read for all of
 * them to show 15 (decision 0111). `count` orders: the page's, or with the one after for the lines
 * (decision 0114).
 */
function listedOrderIds(db: Database, handler: OrdersTabHandler, before: string | null, count = HANDLER_ORDERS_SHOWN) {
  const lines =
    "ownerId" in handler
      ? db
          .select({ orderId: orderItems.orderId, at: sql<number>`${orderItems.createdAt}`.as("listed_at") })
          .from(orderItems)
          .where(and(eq(orderItems.ownerId, handler.ownerId), sellerOlder(before)))
          .orderBy(desc(orderItems.createdAt), desc(orderItems.orderId))
          .limit(HANDLER_ORDERS_SHOWN * 3)
          .as("listed")
      : db
          .select({ orderId: orderItems.orderId, at: sql<number>`${orders.createdAt}`.as("listed_at") })
          .from(orderItems)
          .innerJoin(orders, eq(orders.id, orderItems.orderId))
          .where(storeLines(handler.storeId, before))
          .orderBy(...newestFirst(orders))
          .limit(HANDLER_ORDERS_SHOWN * 3)
          .as("listed");
  return db
    .select({ orderId: lines.orderId })
    .from(lines)
    .groupBy(lines.orderId)
    .orderBy(sql`max(${lines.at}) desc`, desc(lines.orderId))
    .limit(count);
}

type SellerLine = Awaited<ReturnType<typeof sellerOrderLinesQuery>>[number];
type StoreLine = Awaited<ReturnType<typeof storeOrderLinesQuery>>[number];

/** An order line as both lists show it. */
const listedItem = (line: SellerLine) => ({
  id: line.itemId,
  name: line.name,
  type: line.type,
  price: line.price,
  status: line.itemStatus,
});

/** The seller's lines grouped by order, newest first. */
const sellerOrders = (lines: SellerLine[]) => groupByOrder(lines, HANDLER_ORDERS_SHOWN + 1, orderHead, listedItem);

/** The store's lines grouped by order; an item waits for this store's inspection when §4's rules say so. */
const storeOrders = (lines: StoreLine[], storeId: string) =>
  groupByOrder(lines, HANDLER_ORDERS_SHOWN + 1, orderHead, (line) => ({
    ...listedItem(line),
    inspection: line.inspection,
    awaitsInspection: line.itemStatus === "return_requested" && line.handler === "store" && line.sellerId === storeId,
    sent: { reason: line.returnReason, carrier: line.returnCarrier, trackingNumber: line.returnTrackingNumber },
  }));

/**
 * A page of a handler's orders, each with its money: the first HANDLER_ORDERS_SHOWN of the orders
 * grouped (one more was asked for), and `older`, the cursor of the next page (its last order's id)
 * when older orders follow; `newer` when this page is not the first.
 */
function pageOfOrders<O extends { id: string; items: { id: string }[] }>(
  grouped: O[],
  lines: unknown[],
  money: Map<string, MoneyInput>,
  before: string | null,
) {
  const shown = grouped.slice(0, HANDLER_ORDERS_SHOWN);
  const more = grouped.length > HANDLER_ORDERS_SHOWN || lines.length === HANDLER_ORDERS_SHOWN * 3;
  return {
    orders: handlerMoneyFrom(shown, money),
    older: more && shown.length > 0 ? shown.at(-1)!.id : null,
    newer: before !== null,
  };
}

/** What both handlers' tabs show: claims, orders to send, items being prepared with the turnaround. */
function commonParts(db: Database, handler: OrdersTabHandler) {
  return partsOf([
    rowsPart(claimsForHandler(db, handler)),
    ordersToSendPart(db, postedBy(handler)),
    rowsPart(itemsBeingPrepared(db, handler)),
    mapPart(rowsPart(turnaroundQuery(db, handler)), turnaroundFrom),
  ] as const);
}

/**
 * A tab's statements with their SQL built once per isolate (decision 0132): the handler's id and,
 * on a later page, the cursor are the values bound at each use. `before` is absent on the first
 * page (another shape: no cursor in the text).
 */
type PageValues<H> = H & { before?: string };
const cursorOf = (values: { before?: string }) => values.before ?? null;
const withCursor = <H extends object>(handler: H, before: string | null): PageValues<H> =>
  before === null ? handler : { ...handler, before };

/** The seller's statements but for the weekly earnings (made from a time: their own part). */
const sellerTabStatements = preparedPart((db, values: PageValues<{ ownerId: string }>) => {
  const handler = { ownerId: values.ownerId };
  return partsOf([
    commonParts(db, handler),
    rowsPart(returnsAwaitingInspection(db, postedBy(handler), 50)),
    rowsPart(sellerOrderLinesQuery(db, values.ownerId, cursorOf(values))),
    listedMoneyPart(db, listedOrderIds(db, handler, cursorOf(values))),
  ] as const);
}, ROWS_ONLY);

/** The seller's Orders tab: the common parts, their returns to check, weekly earnings and orders. */
function sellerTabPart(db: Database, ownerId: string, now: number, before: string | null) {
  return mapPart(
    partsOf([
      sellerTabStatements(db, withCursor({ ownerId }, before)),
      weeklyRevenuePart(db, { owner: ownerId }, now),
    ] as const),
    ([[[claims, toSend, items, turnaroundDays], returns, lines, money], weeks]) => ({
      claims,
      toSend,
      preparing: { items, turnaroundDays },
      returns,
      weeks,
      ...pageOfOrders(sellerOrders(lines), lines, money, before),
    }),
  );
}

const storeTabStatements = preparedPart((db, values: PageValues<{ storeId: string }>) => {
  const handler = { storeId: values.storeId };
  return partsOf([
    commonParts(db, handler),
    rowsPart(storeOrderLinesQuery(db, values.storeId, cursorOf(values))),
    listedMoneyPart(db, listedOrderIds(db, handler, cursorOf(values))),
  ] as const);
}, ROWS_ONLY);

/** The store's Orders tab: the common parts and its orders, their inspections within. */
function storeTabPart(db: Database, storeId: string, before: string | null) {
  return mapPart(
    storeTabStatements(db, withCursor({ storeId }, before)),
    ([[claims, toSend, items, turnaroundDays], lines, money]) => ({
      claims,
      toSend,
      preparing: { items, turnaroundDays },
      ...pageOfOrders(storeOrders(lines, storeId), lines, money, before),
    }),
  );
}

export type SellerOrdersTabData = ReturnType<ReturnType<typeof sellerTabPart>["read"]>;
export type StoreOrdersTabData = ReturnType<ReturnType<typeof storeTabPart>["read"]>;
export type HandlerOrdersTabData = SellerOrdersTabData | StoreOrdersTabData;

/**
 * The Orders tab's statements for a batch, a seller's or a store's; `before` (an order's id, from
 * `?before=`) asks for the page of orders older than that order.
 */
export function ordersTabPart(
  db: Database,
  handler: { ownerId: string },
  now: number,
  before?: string | null,
): Part<SellerOrdersTabData>;
export function ordersTabPart(
  db: Database,
  handler: { storeId: string },
  now: number,
  before?: string | null,
): Part<StoreOrdersTabData>;
export function ordersTabPart(
  db: Database,
  handler: OrdersTabHandler,
  now: number,
  before: string | null = null,
): Part<HandlerOrdersTabData> {
  return "ownerId" in handler
    ? sellerTabPart(db, handler.ownerId, now, before)
    : storeTabPart(db, handler.storeId, before);
}
