// The money an inspection records (issue 22; decision 0042), planned into the order lifecycle's
// batch (app/data/order-lifecycle.server.ts), and what a returned purchase gives back.
import type { ItemEvent, LifecycleItem, LifecycleOrder } from "../domain/order-lifecycle";
import type { Database } from "./db.server";
import { saleStatements, type TransactionType } from "./finance.server";

/**
 * The money an inspection records (issue 22; decision 0042): a rental's repair fee or, not
 * returnable, its buying price, charged like a sale; a returned purchase's price refunded (less a
 * repair fee when it came back damaged), its commissions reversed. Nothing for a good rental.
 */
export function inspectionMoney(
  db: Database,
  order: LifecycleOrder,
  item: LifecycleItem,
  event: Extract<ItemEvent, { type: "inspect" }>,
  now: number,
) {
  const sale = (type: TransactionType, gross: number) =>
    gross > 0
      ? saleStatements(
          db,
          {
            type,
            orderId: order.id,
            orderItemId: item.id,
            productId: item.productId,
            ownerId: item.ownerId,
            storeId: item.handler === "store" ? item.sellerId : null,
            gross,
          },
          now,
        )
      : [];
  if (item.kind === "rental") {
    if (event.outcome === "damaged") return sale("damage_charge", event.charge ?? 0);
    if (event.outcome === "not_returnable")
      return sale("not_returnable", event.charge ?? item.buyingPrice ?? item.productBuyingPrice ?? 0);
    return [];
  }
  return sale("refund", purchaseRefundDue(item, event));
}

/** What a returned purchase gives back to the shopper after its inspection (pence), or 0. */
export function purchaseRefundDue(
  item: Pick<LifecycleItem, "kind" | "price">,
  event: Extract<ItemEvent, { type: "inspect" }>,
) {
  if (item.kind !== "purchase" || event.outcome === "not_returnable") return 0;
  return Math.max(0, item.price - (event.outcome === "damaged" ? (event.charge ?? 0) : 0));
}
