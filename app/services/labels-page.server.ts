import { data } from "react-router";
import type { LifecycleActor, LifecycleItem, LifecycleOrder } from "../data/order-lifecycle.server";
import type { LifecycleServices } from "./order-lifecycle.server";
import { getLabel } from "./shipping.server";
import { redirectWithToast } from "./toast.server";

// The pages' side of labels and tracking (issue 44; decision 0082): the 'Get a label' form of the
// sellers', stores' and staff's Orders tabs (an order page's parcels: parcelsOfOrderPart).

/**
 * 'Get a label' (intent `get_label`): the label is bought and the items posted with it, then its
 * printable page opens. Someone else's order reads as missing (404); an order sent, cancelled or
 * having its label made just now answers its message with a 409; a provider failure, 502.
 */
export async function labelFromForm(
  app: LifecycleServices,
  form: FormData,
  actor: LifecycleActor,
  mayAct: (order: LifecycleOrder, item: LifecycleItem) => boolean,
  now: number,
) {
  const orderId = String(form.get("orderId") ?? "").slice(0, 100);
  const outcome = await getLabel(app, orderId, actor, mayAct, now);
  if (!outcome.ok)
    return data(
      { intent: "get_label", orderId, alert: { title: "No label", message: outcome.message } },
      { status: outcome.httpStatus },
    );
  const description = outcome.made
    ? "Print it and stick it on the parcel: the order is marked shipped and the shopper can follow it."
    : "This order's label was made already: here it is.";
  return redirectWithToast(
    app.config,
    `/account/labels/${outcome.labelId}`,
    { type: "success", title: outcome.made ? "Label ready" : "Your label", description },
    { status: 303 },
  );
}
