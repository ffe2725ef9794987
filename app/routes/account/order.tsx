import { useEffect } from "react";
import { data, Link } from "react-router";
import { notFoundBoundary } from "../../components/not-found";
import type { Route } from "./+types/order";
import { appContext, requestState } from "../../context";
import { orderPayment } from "../../data/orders.server";
import { reservationEnded } from "../../domain/payment-timing";
import { laterChargesOwed } from "../../services/payments.server";
import { expireReservation } from "../../services/checkout-payment.server";
import { insertReview, orderDetail, reviewTarget } from "../../data/account.server";
import { RATING_MESSAGES } from "../../domain/ratings";
import { accountStatusVariant, REVIEW_COMMENT_MAX, REVIEW_MESSAGES } from "../../domain/account";
import { ReviewForm } from "../../domain/account-forms";
import { checkForm, type FieldErrors } from "../../domain/submission";
import { formatDeadline, formatLongDate, windowEndsText } from "../../domain/dates";
import { readIntent } from "../../domain/intents";
import { givenBackWords } from "../../domain/cancellation";
import { formatGBP } from "../../domain/money";
import { showReference } from "../../domain/order-reference";
import { daysLeft, overturnEndsAt, purchaseReturnEndsAt, returnOrBuyBy, type ItemEvent } from "../../domain/order-lifecycle";
import { handlesOrders } from "../../domain/roles";
import { publicPagesChanged } from "../../services/freshness.server";
import { requireUser } from "../../services/guards.server";
import { changeOrderItem } from "../../services/order-lifecycle.server";
import { cancelItems, confirmDelivery, overturnItemCharge } from "../../services/trade.server";
import { loadOrder, type LifecycleOrder } from "../../data/order-lifecycle.server";
import { redirectWithToast } from "../../services/toast.server";
import { StatusBadge } from "../../components/kit/badge";
import { OrderConfirmation } from "../../components/order/confirmation";
import { OrderMoneySection } from "../../components/order/money";
import { returnDestination, setReturnTracking } from "../../data/returns.server";
import { readReturnReason } from "../../domain/returns";
import { dispatchBy, readTracking, returnPostBy } from "../../domain/shipping";
import { orderMoneyOf } from "../../data/order-money.server";
import { showToast } from "../../components/toaster";
import { Address, AwaitingPayment, History, ItemLine, ShopperActions } from "./order-parts";
import type { OrderActionData } from "./order-parts";
import { ReportProblemPart } from "../../components/order/report-problem";
import { orderClaimChoices } from "../../services/claims.server";
import { ParcelTracking } from "../../components/order/parcel-tracking";
import { orderParcels } from "../../services/labels-page.server";
import { bundleNotes } from "../../domain/price-notes";
import { BundleNotes } from "../../components/order/price-notes";

export type { OrderActionData };

// One order (/account/orders/{id}): its lines, money, addresses and history, for the order's own
// shopper or staff who handle orders (superadmin, admin, customer support); anyone else gets
// 'Order not found'. In a rental's window the shopper can buy it or return it; a line delivered
// and kept (or returned) can be reviewed once.

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData ? `Order ${showReference(loaderData.order.reference)} | Closetloop` : "Order not found | Closetloop" }];

const notFound = () => data("Order not found", { status: 404 });

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const user = requireUser(context, request);
  const order = await orderDetail(app.db, params.orderId, { id: user.id, staff: handlesOrders(user) });
  if (!order) throw notFound();
  const now = Date.now();
  // Deadlines in the reader's own zone, named when it is not the UK's (issue 45 item 6).
  const zone = context.get(requestState).timeZone;
  const items = await Promise.all(
    order.items.map(async (item) => {
      const inWindow = item.type === "rental" && item.status === "active" && item.rentalEndsAt !== null && now < item.rentalEndsAt;
      // A purchase can be sent back within 14 days of its delivery (issue 22).
      const returnable = item.type === "purchase" && item.status === "completed" && item.returnedAt === null && item.deliveredAt !== null && now < purchaseReturnEndsAt(item.deliveredAt);
      const comingBack = item.status === "return_requested";
      return {
        ...item,
        inWindow,
        daysLeft: inWindow ? daysLeft(item.rentalEndsAt!, now) : null,
        returnOrBuyBy: inWindow ? returnOrBuyBy(item.rentalEndsAt!, zone) : null,
        windowEndsAt: inWindow ? windowEndsText(item.rentalEndsAt!, zone) : null,
        purchaseReturnBy: returnable ? formatDeadline(purchaseReturnEndsAt(item.deliveredAt!), zone) : null,
        canOverturn: Boolean(item.damageCharge) && item.chargeOverturnedAt === null && item.returnedAt !== null && now < overturnEndsAt(item.returnedAt) && (item.inspection === "damaged" || item.inspection === "not_returnable"),
        destination: comingBack ? await returnDestination(app.db, item) : null,
        postBy: comingBack ? formatDeadline(returnPostBy(item.type, item.returnRequestedAt ?? now, item.rentalEndsAt), zone) : null,
      };
    }),
  );
  const money = (await orderMoneyOf(app.db, order.id)) ?? { lines: [], total: 0, pending: { charges: 0, refunds: 0 } };
  const isShopper = order.userId === user.id;
  // Checkout ends here (?placed=1): the order's page is its confirmation (issue 22).
  const placed = isShopper && new URL(request.url).searchParams.get("placed") === "1";
  const billing = (order.billingAddress ?? {}) as { email?: string };
  const confirmation = placed
    ? { reference: showReference(order.reference), email: billing.email ?? user.email ?? null, postBy: formatDeadline(dispatchBy(order.createdAt), zone), rentals: items.filter((i) => i.type === "rental").length, purchases: items.filter((i) => i.type === "purchase").length }
    : null;
  // Checkout pays (decision 0055): until the provider's event confirms it, the order waits.
  const pay = await orderPayment(app.db, order.id);
  const awaiting = order.status === "awaiting_payment" ? { url: isShopper && !reservationEnded(pay?.expiresAt ?? null, now) ? (pay?.url ?? null) : null, placed, until: pay?.expiresAt ?? null, zone } : null;
  const cardUpdated = isShopper && new URL(request.url).searchParams.get("card") === "updated";
  const chargesOwed = isShopper ? await laterChargesOwed(app.db, order.id) : 0;
  // Buyer protection (issue 43): a part of its own (app/components/order/report-problem.tsx).
  const claimChoices = awaiting ? [] : await orderClaimChoices(app, order.id, now);
  // Labels and tracking (issue 44): the parcels and the prepaid return label.
  const parcels = await orderParcels(app.db, order);
  return { order: { ...order, items }, money, isShopper, confirmation: awaiting ? null : confirmation, awaiting, cardUpdated, chargesOwed, claimChoices, parcels, bundles: bundleNotes(order.items), zone };
}

export const intents = ["buy_now", "request_return", "review", "cancel_order", "cancel_item", "confirm_delivery", "return_tracking", "overturn"] as const;


export async function action({ request, context, params }: Route.ActionArgs) {
  const app = context.get(appContext);
  const user = requireUser(context, request);
  const form = await request.formData();
  const intent = readIntent(form, intents);
  const itemId = String(form.get("itemId") ?? "").slice(0, 100);
  const now = Date.now();
  const here = `/account/orders/${params.orderId}`;
  if (!intent) return data<OrderActionData>({ intent: "", alert: { title: "Error", message: "Unknown action." } }, { status: 400 });

  if (intent === "cancel_order" || intent === "cancel_item" || intent === "confirm_delivery") {
    // Only the order's own shopper, and only its items: anything else reads as missing.
    const mine = (order: LifecycleOrder) => order.id === params.orderId && order.userId === user.id;
    const shopper = { id: user.id, role: "shopper" as const };
    const current = await loadOrder(app.db, params.orderId);
    if (!current || !mine(current)) throw notFound();
    // Not paid yet: calling it off ends the reservation; nothing was taken, so nothing is refunded.
    if (intent === "cancel_order" && current.status === "awaiting_payment") {
      if (!(await expireReservation(app, params.orderId, now, { byShopper: user.id }))) {
        return redirectWithToast(app.config, here, { type: "error", title: "Not cancelled", description: "The payment was confirmed first: you can still cancel the order on this page." });
      }
      return redirectWithToast(app.config, here, { type: "success", title: "Order cancelled", description: "Nothing was charged, and its items are back on sale." });
    }
    const posted = form.getAll("itemId").filter((v): v is string => typeof v === "string").slice(0, 50);
    const itemIds =
      intent === "cancel_order" ? current.items.filter((i) => i.status !== "cancelled").map((i) => i.id) : intent === "confirm_delivery" && posted.length === 0 ? current.items.filter((i) => i.status === "shipped").map((i) => i.id) : posted;
    if (itemIds.length === 0) {
      if (intent === "cancel_order" && current.status === "cancelled") return redirectWithToast(app.config, here, { type: "success", title: "Order cancelled", description: "This order was already cancelled." });
      return data<OrderActionData>({ intent, alert: { title: "Nothing to change", message: "Choose an item of this order." } }, { status: 400 });
    }
    const result: Awaited<ReturnType<typeof cancelItems>> = intent === "confirm_delivery" ? await confirmDelivery(app, params.orderId, itemIds, shopper, now, mine) : await cancelItems(app, params.orderId, itemIds, shopper, now, mine);
    if (!result.ok) {
      if (result.httpStatus === 404) throw notFound();
      return data<OrderActionData>({ intent, itemId: itemIds[0], alert: { title: intent === "confirm_delivery" ? "Could not confirm delivery" : "Could not cancel", message: result.message } }, { status: 409 });
    }
    if (intent === "confirm_delivery") {
      const rental = current.items.some((i) => itemIds.includes(i.id) && i.kind === "rental");
      return redirectWithToast(app.config, here, { type: "success", title: "Delivery confirmed", description: rental ? "Thank you! A rental's 7 days start today." : "Thank you! Enjoy it." });
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
      return data<OrderActionData>({ intent, itemId, alert: { title: "Charge not overturned", message: "There is no charge to overturn: none was made, it was overturned already, or its 14 days have passed." } }, { status: 409 });
    }
    const description = overturned.collected ? `${formatGBP(overturned.amount)} is refunded to the shopper, who is told.` : `It was never collected, so it is cancelled: nothing is refunded or charged later. The shopper is told.`;
    return redirectWithToast(app.config, here, { type: "success", title: "Charge overturned", description });
  }

  if (intent === "return_tracking") {
    const current = await loadOrder(app.db, params.orderId);
    const item = current && current.userId === user.id ? current.items.find((i) => i.id === itemId) : undefined;
    if (!item) throw notFound();
    const values = { carrier: String(form.get("carrier") ?? "").slice(0, 40), trackingNumber: String(form.get("trackingNumber") ?? "").slice(0, 80) };
    const tracking = readTracking(form.get("carrier"), form.get("trackingNumber"));
    if (!tracking.ok) return data<OrderActionData>({ intent, itemId, values, errors: tracking.errors as FieldErrors, alert: { title: "Tracking not saved", message: Object.values(tracking.errors)[0]! } }, { status: 400 });
    if (!(await setReturnTracking(app.db, item.id, tracking))) return data<OrderActionData>({ intent, itemId, values, alert: { title: "Tracking not saved", message: "This item is not being sent back." } }, { status: 409 });
    return redirectWithToast(app.config, here, { type: "success", title: "Tracking saved", description: `The return of ${item.name} can be followed with ${tracking.trackingNumber}.` });
  }

  if (intent === "buy_now" || intent === "request_return") {
    // A purchase goes back with the shopper's reason (issue 22); a rental's return needs none.
    let event: ItemEvent = { type: intent };
    if (intent === "request_return") {
      const current = await loadOrder(app.db, params.orderId);
      const item = current && current.userId === user.id ? current.items.find((i) => i.id === itemId) : undefined;
      if (!item) throw notFound();
      const reason = readReturnReason(form.get("reason"));
      if (item.kind === "purchase" && !reason.ok) return data<OrderActionData>({ intent, itemId, errors: { reason: reason.error } as FieldErrors, alert: { title: "Could not request a return", message: reason.error } }, { status: 400 });
      event = { type: "request_return", reason: reason.ok ? reason.reason : undefined };
    }
    // Only the order's own shopper: anyone else's item reads as missing.
    const result = await changeOrderItem(app, itemId, event, { id: user.id, role: "shopper" }, now, (order) => order.id === params.orderId && order.userId === user.id);
    if (!result.ok) {
      if (result.httpStatus === 404) throw notFound();
      return data<OrderActionData>({ intent, itemId, alert: { title: intent === "buy_now" ? "Could not buy this item" : "Could not request a return", message: result.message } }, { status: 409 });
    }
    const item = result.order.items.find((i) => i.id === itemId)!;
    if (intent === "buy_now") {
      const price = item.buyingPrice ?? item.productBuyingPrice ?? 0;
      return redirectWithToast(app.config, here, { type: "success", title: "Purchase confirmed", description: `${item.name} is yours to keep for ${formatGBP(price)}.` });
    }
    return redirectWithToast(app.config, here, { type: "success", title: "Return requested", description: `Please send ${item.name} back as the return instructions on this page say.` });
  }

  // review
  const values = { rating: String(form.get("rating") ?? "").slice(0, 10), comment: String(form.get("comment") ?? "").slice(0, REVIEW_COMMENT_MAX + 100) };
  const target = itemId ? await reviewTarget(app.db, params.orderId, itemId, user.id) : undefined;
  if (!target) throw notFound();
  const parsed = checkForm(form, ReviewForm);
  if (!parsed.ok) return data<OrderActionData>({ intent, itemId, values, errors: parsed.errors, alert: { title: "Review not saved", message: Object.values(parsed.errors)[0] ?? "" } }, { status: 400 });
  const saved = await insertReview(app.db, target, { itemId, reviewerId: user.id, rating: parsed.value.rating, comment: parsed.value.comment }, now);
  if (saved !== "created") {
    const message = saved === "duplicate" ? REVIEW_MESSAGES.twice : saved === "closed" ? RATING_MESSAGES.closed : REVIEW_MESSAGES.notYet;
    return data<OrderActionData>({ intent, itemId, values, alert: { title: "Review not saved", message } }, { status: 409 });
  }
  // The product page's COMMENTS and the seller's profile (count and average) show it.
  await publicPagesChanged(app.env.CACHE, now);
  return redirectWithToast(app.config, here, { type: "success", title: "Review submitted", description: "Thank you! Your review shows on the product page and the seller's profile." });
}


export default function OrderPage({ loaderData, actionData }: Route.ComponentProps) {
  const { order, money, isShopper, confirmation, awaiting } = loaderData;
  const result = actionData as OrderActionData | undefined;
  useEffect(() => {
    if (result?.alert) showToast({ type: "error", title: result.alert.title, description: result.alert.message });
  }, [result]);
  return (
    <div className="space-y-6">
      <p>
        {/* Staff came from the admin Orders tab: that is where they go back to (issue 46 item 4). */}
        {isShopper ? (
          <Link to="/account?tab=orders" className="text-sm text-brand underline">Back to My Orders</Link>
        ) : (
          <Link to="/admin/orders" className="text-sm text-brand underline">Back to Orders</Link>
        )}
      </p>
      <header className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-bold">
          Order <span className="font-mono whitespace-nowrap">{showReference(order.reference)}</span>
        </h1>
        <StatusBadge status={order.status} variant={accountStatusVariant(order.status)} />
      </header>
      {awaiting ? <AwaitingPayment awaiting={awaiting} /> : null}
      {confirmation ? <OrderConfirmation facts={confirmation} /> : null}
      {loaderData.cardUpdated ? <p role="status" className="rounded-md border border-green-200 bg-green-50 p-3 text-sm">Your card was updated. What this order still owes is charged with it.</p> : null}
      {loaderData.chargesOwed > 0 ? (
        <p role="alert" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm">
          {`We could not take ${formatGBP(loaderData.chargesOwed)} for this order with your saved card. `}
          <Link to={`/account/orders/${encodeURIComponent(order.id)}/card`} className="font-semibold text-brand underline">Update your card</Link>
        </p>
      ) : null}
      {isShopper && !awaiting ? <ShopperActions order={order} result={result} /> : null}
      <p className="text-stone-700">Placed on {formatLongDate(order.createdAt, loaderData.zone)}</p>

      <section aria-labelledby="items-title" className="rounded-lg border border-stone-200 bg-white p-4">
        <h2 id="items-title" className="mb-3 text-lg font-semibold">Items</h2>
        <ul className="divide-y divide-stone-100">
          {order.items.map((item) => (
            <li key={item.id} className="py-4">
              <ItemLine item={item} reference={showReference(order.reference)} isShopper={isShopper} result={result?.itemId === item.id ? result : undefined} canCancelAlone={!awaiting && order.items.filter((i) => i.status !== "cancelled").length > 1} />
            </li>
          ))}
        </ul>
        <BundleNotes bundles={loaderData.bundles} />
        <OrderMoneySection lines={money.lines} total={money.total} pending={money.pending} />
      </section>

      <ParcelTracking parcels={loaderData.parcels} />

      {awaiting ? null : <ReportProblemPart orderId={order.id} choices={loaderData.claimChoices} isShopper={isShopper} />}

      <div className="grid gap-6 md:grid-cols-2">
        <Address title="Delivery address" address={order.shippingAddress} />
        <Address title="Billing address" address={order.billingAddress} />
      </div>

      <History order={order} isShopper={isShopper} zone={loaderData.zone} />
    </div>
  );
}

/** The order before the provider's event: the shopper is told it waits, and the page looks again by itself (no JavaScript needed). */
export const ErrorBoundary = notFoundBoundary({ title: "Order not found", message: "This order does not exist, or it is not one of yours.", back: { to: "/account?tab=orders", label: "Back to My Orders" } });
