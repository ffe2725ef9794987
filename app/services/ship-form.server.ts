import { data } from "react-router";
import type { LifecycleActor, LifecycleItem, LifecycleOrder } from "../data/order-lifecycle.server";
import { readTracking, type ShipFormResult } from "../domain/shipping";
import type { LifecycleServices } from "./order-lifecycle.server";
import { redirectWithToast } from "./toast.server";
import { shipItems } from "./trade.server";

/**
 * The 'Mark shipped' form of every Orders tab (seller, store, admin; issue 22): reads the order,
 * its items and the tracking; a bad carrier or number is answered at its field with a 400 and
 * nothing written; an item the user may not ship reads as missing (404); a race lost, 409.
 */
export async function shipFromForm(
  app: LifecycleServices,
  form: FormData,
  actor: LifecycleActor,
  back: string,
  mayAct: (order: LifecycleOrder, item: LifecycleItem) => boolean,
  now: number,
) {
  const orderId = String(form.get("orderId") ?? "").slice(0, 100);
  const itemIds = form
    .getAll("itemId")
    .filter((v): v is string => typeof v === "string")
    .slice(0, 50);
  const values = {
    carrier: String(form.get("carrier") ?? "").slice(0, 40),
    trackingNumber: String(form.get("trackingNumber") ?? "").slice(0, 80),
  };
  const tracking = readTracking(form.get("carrier"), form.get("trackingNumber"));
  if (!tracking.ok)
    return data<ShipFormResult & { alert: { title: string; message: string } }>(
      {
        intent: "ship",
        orderId,
        errors: tracking.errors,
        values,
        alert: { title: "Not marked shipped", message: Object.values(tracking.errors)[0]! },
      },
      { status: 400 },
    );
  const result = await shipItems(
    app,
    orderId,
    itemIds,
    { carrier: tracking.carrier, trackingNumber: tracking.trackingNumber },
    actor,
    now,
    mayAct,
  );
  if (!result.ok) {
    const message = result.httpStatus === 404 ? "Order not found" : result.message;
    return data<ShipFormResult & { alert: { title: string; message: string } }>(
      { intent: "ship", orderId, values, alert: { title: "Not marked shipped", message } },
      { status: result.httpStatus },
    );
  }
  return redirectWithToast(app.config, back, {
    type: "success",
    title: "Marked as shipped",
    description: `The shopper can follow the parcel with ${tracking.trackingNumber}.`,
  });
}
