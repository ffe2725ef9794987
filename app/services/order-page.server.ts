import { orderDetailPart } from "../data/account.server";
import { orderClaimFactsPart } from "../data/claims.server";
import type { Database } from "../data/db.server";
import { parcelsOfOrderPart } from "../data/labels.server";
import { orderMoneyPart } from "../data/order-money.server";
import { orderPaymentPart } from "../data/orders.server";
import { partsOf } from "../data/parts.server";
import { preparedPart } from "../data/prepared.server";
import { laterChargesOwedPart } from "./payments.server";

// The order page's reads (app/routes/account/order.tsx), in one D1 round trip (issue 47): the
// order, read only if this viewer may see it (the WHERE of orderDetailPart), and beside it what
// the page shows of it, by its id. Their SQL is built once per isolate (decision 0132): a shopper's
// shape (the order must be theirs) and staff's (who handle any order).

const orderPageStatements = (staff: boolean) =>
  preparedPart((db, { orderId, userId }: { orderId: string; userId: string }) =>
    partsOf([
      orderDetailPart(db, orderId, { id: userId, staff }),
      orderMoneyPart(db, orderId),
      orderPaymentPart(db, orderId),
      laterChargesOwedPart(db, orderId),
      orderClaimFactsPart(db, orderId),
      parcelsOfOrderPart(db, orderId),
    ] as const),
  );
const byShopper = orderPageStatements(false);
const byStaff = orderPageStatements(true);

/** The order page's parts for `viewer` (staff who handle orders may open anyone's). */
export function orderPagePart(db: Database, orderId: string, viewer: { id: string; staff: boolean }) {
  return (viewer.staff ? byStaff : byShopper)(db, { orderId, userId: viewer.id });
}
