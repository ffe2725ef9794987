import { data } from "react-router";
import type { AppContext } from "../context";
import type { SessionUser } from "./session.server";
import { expireReservation } from "./checkout-payment.server";
import { insertReview, reviewTarget } from "../data/account.server";
import { RATING_MESSAGES } from "../domain/ratings";
import { REVIEW_COMMENT_MAX, REVIEW_MESSAGES } from "../domain/account";
import { ReviewForm } from "../domain/account-forms";
import { checkForm, type FieldErrors } from "../domain/submission";
import { givenBackWords } from "../domain/cancellation";
import { formatGBP } from "../domain/money";
import type { ItemEvent } from "../domain/order-lifecycle";
import { handlesOrders } from "../domain/roles";
import { publicPagesChanged } from "./freshness.server";
import { changeOrderItem } from "./order-lifecycle.server";
import { cancelItems, confirmDelivery, overturnItemCharge } from "./trade.server";
import { loadOrder, type LifecycleOrder } from "../data/order-lifecycle.server";
import { redirectWithToast } from "./toast.server";
import { setReturnTracking } from "../data/returns.server";
import { readReturnReason } from "../domain/returns";
import { readTracking } from "../domain/shipping";
import type { OrderActionData } from "../components/order/item-line";

// The order page's action (/account/orders/{id}, app/routes/account/order.tsx), by intent: the
// shopper cancels, confirms delivery, buys a rental, sends an item back (with its tracking) or
// reviews it; staff who handle orders overturn an inspection's charge. Split from the route (issue 48).

/** The intents of the order page's action (the route's `intents`). */
export type OrderIntent =
  | "buy_now"
  | "request_return"
  | "review"
  | "cancel_order"
  | "cancel_item"
  | "confirm_delivery"
  | "return_tracking"
  | "overturn";

const notFound = () => data("Order not found", { status: 404 });

export async function orderAction(
  app: AppContext,
  user: SessionUser,
  form: FormData,
  orderId: string,
  intent: OrderIntent,
) {
  const params = { orderId };
  const itemId = String(form.get("itemId") ?? "").slice(0, 100);
  const now = Date.now();
  const here = `/account/orders/${params.orderId}`;

  if (intent === "cancel_order" || intent === "cancel_item" || intent === "confirm_delivery") {
    // Only the order's own shopper, and only its items: anything else reads as missing.
    const mine = (order: LifecycleOrder) => order.id === params.orderId && order.userId === user.id;
    const shopper = { id: user.id, role: "shopper" as const };
    const current = await loadOrder(app.db, params.orderId);
    if (!current || !mine(current)) throw notFound();
    // Not paid yet: calling it off ends the reservation; nothing was taken, so nothing is refunded.
    if (intent === "cancel_order" && current.status === "awaiting_payment") {
      if (!(await expireReservation(app, params.orderId, now, { byShopper: user.id }))) {
        return redirectWithToast(app.config, here, {
          type: "error",
          title: "Not cancelled",
          description: "The payment was confirmed first: you can still cancel the order on this page.",
        });
      }
      return redirectWithToast(app.config, here, {
        type: "success",
        title: "Order cancelled",
        description: "Nothing was charged, and its items are back on sale.",
      });
    }
    const posted = form
      .getAll("itemId")
      .filter((v): v is string => typeof v === "string")
      .slice(0, 50);
    const itemIds =
      intent === "cancel_order"
        ? current.items.filter((i) => i.status !== "cancelled").map((i) => i.id)
        : intent === "confirm_delivery" && posted.length === 0
          ? current.items.filter((i) => i.status === "shipped").map((i) => i.id)
          : posted;
    if (itemIds.length === 0) {
      if (intent === "cancel_order" && current.status === "cancelled")
        return redirectWithToast(app.config, here, {
          type: "success",
          title: "Order cancelled",
          description: "This order was already cancelled.",
        });
      return data<OrderActionData>(
        { intent, alert: { title: "Nothing to change", message: "Choose an item of this order." } },
        { status: 400 },
      );
    }
    const result: Awaited<ReturnType<typeof cancelItems>> =
      intent === "confirm_delivery"
        ? await confirmDelivery(app, params.orderId, itemIds, shopper, now, mine)
        : await cancelItems(app, params.orderId, itemIds, shopper, now, mine);
    if (!result.ok) {
      if (result.httpStatus === 404) throw notFound();
      return data<OrderActionData>(
        {
          intent,
          itemId: itemIds[0],
          alert: {
            title: intent === "confirm_delivery" ? "Could not confirm delivery" : "Could not cancel",
            message: result.message,
          },
        },
        { status: 409 },
      );
    }
    if (intent === "confirm_delivery") {
      const rental = current.items.some((i) => itemIds.includes(i.id) && i.kind === "rental");
      return redirectWithToast(app.config, here, {
        type: "success",
        title: "Delivery confirmed",
        description: rental ? "Thank you! A rental's 7 days start today." : "Thank you! Enjoy it.",
      });
    }
    return redirectWithToast(app.config, here, {
      type: "success",
      title: result.status === "cancelled" ? "Order cancelled" : "Item cancelled",
      // The same words as the e-mail, with the amounts the order's money lines show (decision 0074).
      description: result.givenBack ? givenBackWords(result.givenBack) : "This was already cancelled.",
    });
  }

  if (intent === "overturn") {
    // Staff who handle orders overturn an inspection's charge within 14 days (issue 22).
    if (!handlesOrders(user)) throw notFound();
    const current = await loadOrder(app.db, params.orderId);
    if (!current?.items.some((i) => i.id === itemId)) throw notFound();
    const overturned = await overturnItemCharge(app, params.orderId, itemId, user.id, now);
    if (!overturned) {
      return data<OrderActionData>(
        {
          intent,
          itemId,
          alert: {
            title: "Charge not overturned",
            message:
              "There is no charge to overturn: none was made, it was overturned already, or its 14 days have passed.",
          },
        },
        { status: 409 },
      );
    }
    const description = overturned.collected
      ? `${formatGBP(overturned.amount)} is refunded to the shopper, who is told.`
      : `It was never collected, so it is cancelled: nothing is refunded or charged later. The shopper is told.`;
    return redirectWithToast(app.config, here, { type: "success", title: "Charge overturned", description });
  }

  if (intent === "return_tracking") {
    const current = await loadOrder(app.db, params.orderId);
    const item = current && current.userId === user.id ? current.items.find((i) => i.id === itemId) : undefined;
    if (!item) throw notFound();
    const values = {
      carrier: String(form.get("carrier") ?? "").slice(0, 40),
      trackingNumber: String(form.get("trackingNumber") ?? "").slice(0, 80),
    };
    const tracking = readTracking(form.get("carrier"), form.get("trackingNumber"));
    if (!tracking.ok)
      return data<OrderActionData>(
        {
          intent,
          itemId,
          values,
          errors: tracking.errors as FieldErrors,
          alert: { title: "Tracking not saved", message: Object.values(tracking.errors)[0]! },
        },
        { status: 400 },
      );
    if (!(await setReturnTracking(app.db, item.id, tracking)))
      return data<OrderActionData>(
        {
          intent,
          itemId,
          values,
          alert: { title: "Tracking not saved", message: "This item is not being sent back." },
        },
        { status: 409 },
      );
    return redirectWithToast(app.config, here, {
      type: "success",
      title: "Tracking saved",
      description: `The return of ${item.name} can be followed with ${tracking.trackingNumber}.`,
    });
  }

  if (intent === "buy_now" || intent === "request_return") {
    // A purchase goes back with the shopper's reason (issue 22); a rental's return needs none.
    let event: ItemEvent = { type: intent };
    if (intent === "request_return") {
      const current = await loadOrder(app.db, params.orderId);
      const item = current && current.userId === user.id ? current.items.find((i) => i.id === itemId) : undefined;
      if (!item) throw notFound();
      const reason = readReturnReason(form.get("reason"));
      if (item.kind === "purchase" && !reason.ok)
        return data<OrderActionData>(
          {
            intent,
            itemId,
            errors: { reason: reason.error } as FieldErrors,
            alert: { title: "Could not request a return", message: reason.error },
          },
          { status: 400 },
        );
      event = { type: "request_return", reason: reason.ok ? reason.reason : undefined };
    }
    // Only the order's own shopper: anyone else's item reads as missing.
    const result = await changeOrderItem(
      app,
      itemId,
      event,
      { id: user.id, role: "shopper" },
      now,
      (order) => order.id === params.orderId && order.userId === user.id,
    );
    if (!result.ok) {
      if (result.httpStatus === 404) throw notFound();
      return data<OrderActionData>(
        {
          intent,
          itemId,
          alert: {
            title: intent === "buy_now" ? "Could not buy this item" : "Could not request a return",
            message: result.message,
          },
        },
        { status: 409 },
      );
    }
    const item = result.order.items.find((i) => i.id === itemId)!;
    if (intent === "buy_now") {
      const price = item.buyingPrice ?? item.productBuyingPrice ?? 0;
      return redirectWithToast(app.config, here, {
        type: "success",
        title: "Purchase confirmed",
        description: `${item.name} is yours to keep for ${formatGBP(price)}.`,
      });
    }
    return redirectWithToast(app.config, here, {
      type: "success",
      title: "Return requested",
      description: `Please send ${item.name} back as the return instructions on this page say.`,
    });
  }

  // review
  const values = {
    rating: String(form.get("rating") ?? "").slice(0, 10),
    comment: String(form.get("comment") ?? "").slice(0, REVIEW_COMMENT_MAX + 100),
  };
  const target = itemId ? await reviewTarget(app.db, params.orderId, itemId, user.id) : undefined;
  if (!target) throw notFound();
  const parsed = checkForm(form, ReviewForm);
  if (!parsed.ok)
    return data<OrderActionData>(
      {
        intent,
        itemId,
        values,
        errors: parsed.errors,
        alert: { title: "Review not saved", message: Object.values(parsed.errors)[0] ?? "" },
      },
      { status: 400 },
    );
  const saved = await insertReview(
    app.db,
    target,
    { itemId, reviewerId: user.id, rating: parsed.value.rating, comment: parsed.value.comment },
    now,
  );
  if (saved !== "created") {
    const message =
      saved === "duplicate"
        ? REVIEW_MESSAGES.twice
        : saved === "closed"
          ? RATING_MESSAGES.closed
          : REVIEW_MESSAGES.notYet;
    return data<OrderActionData>(
      { intent, itemId, values, alert: { title: "Review not saved", message } },
      { status: 409 },
    );
  }
  // The product page's COMMENTS and the seller's profile (count and average) show it.
  await publicPagesChanged(app.env.CACHE, now);
  return redirectWithToast(app.config, here, {
    type: "success",
    title: "Review submitted",
    description: "Thank you! Your review shows on the product page and the seller's profile.",
  });
}
