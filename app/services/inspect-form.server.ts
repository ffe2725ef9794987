import { eq } from "drizzle-orm";
import { data } from "react-router";
import { orderItems } from "../../db/schema";
import {
  loadOrder,
  type LifecycleActor,
  type LifecycleItem,
  type LifecycleOrder,
} from "../data/order-lifecycle.server";
import { readInspection, type InspectFormResult } from "../domain/returns";
import { changeOrderItem, type LifecycleServices } from "./order-lifecycle.server";
import { redirectWithToast } from "./toast.server";

/** Why a return cannot be inspected yet (the form is not shown then either). */
export const NOT_POSTED =
  "This return has not been posted yet: the shopper has not added its tracking number. Record its condition once the parcel has arrived.";

type Refusal = InspectFormResult & { alert: { title: string; message: string } };

/**
 * The inspection form of every Orders tab (seller, store, staff; issue 22): the finding and its
 * charge are checked against the item's buying price (a purchase: what was paid) before anything
 * is written; an item the user may not inspect reads as missing (404); one that has not come back
 * is refused (409).
 */
export async function inspectFromForm(
  app: LifecycleServices,
  form: FormData,
  actor: LifecycleActor,
  back: string,
  mayAct: (order: LifecycleOrder, item: LifecycleItem) => boolean,
  now: number,
) {
  const itemId = String(form.get("itemId") ?? "").slice(0, 100);
  const values = {
    outcome: String(form.get("outcome") ?? form.get("condition") ?? "").slice(0, 20),
    fee: String(form.get("fee") ?? "").slice(0, 20),
    reason: String(form.get("reason") ?? "").slice(0, 600),
  };
  const refuse = (status: number, message: string, extra: Partial<InspectFormResult> = {}) =>
    data<Refusal>(
      { intent: "inspect", itemId, values, ...extra, alert: { title: "Inspection not saved", message } },
      { status },
    );
  const row = await app.db
    .select({ orderId: orderItems.orderId, posted: orderItems.returnTrackingNumber })
    .from(orderItems)
    .where(eq(orderItems.id, itemId))
    .get();
  const orderId = row?.orderId ?? null;
  const order = orderId ? await loadOrder(app.db, orderId) : null;
  const item = order?.items.find((i) => i.id === itemId);
  if (!order || !item || !mayAct(order, item)) return refuse(404, "Order item not found");
  // Nothing can be received that was never posted (issue 46 item 4): the shopper's tracking number says it was.
  if (item.status === "return_requested" && !row?.posted) return refuse(409, NOT_POSTED);
  const cap = item.kind === "purchase" ? item.price : (item.buyingPrice ?? item.productBuyingPrice ?? item.price);
  const read = readInspection(
    { outcome: form.get("outcome") ?? form.get("condition"), fee: form.get("fee"), reason: form.get("reason") },
    cap,
  );
  if (!read.ok) return refuse(400, Object.values(read.errors)[0]!, { errors: read.errors });
  const result = await changeOrderItem(app, itemId, { type: "inspect", ...read.value }, actor, now, mayAct);
  if (!result.ok) return refuse(result.httpStatus, result.message);
  const title =
    read.value.outcome === "good"
      ? "Return received in good condition"
      : read.value.outcome === "damaged"
        ? "Return marked damaged"
        : "Return marked not returnable";
  const description =
    read.value.outcome === "good"
      ? "The item is back on sale."
      : read.value.outcome === "damaged"
        ? "The repair fee is recorded and the item went back to product review."
        : "The item is charged as a purchase.";
  return redirectWithToast(app.config, back, { type: "success", title, description });
}
