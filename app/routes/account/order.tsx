import { useEffect } from "react";
import { data, Link } from "react-router";
import { notFoundBoundary } from "../../components/not-found";
import type { Route } from "./+types/order";
import { appContext, requestState } from "../../context";
import { reservationEnded } from "../../domain/payment-timing";
import { accountStatusVariant } from "../../domain/account";
import { formatDeadline, formatLongDate, windowEndsText } from "../../domain/dates";
import { readIntent } from "../../domain/intents";
import { formatGBP } from "../../domain/money";
import { showReference } from "../../domain/order-reference";
import { daysLeft, overturnEndsAt, purchaseReturnEndsAt, returnOrBuyBy } from "../../domain/order-lifecycle";
import { handlesOrders } from "../../domain/roles";
import { requireUser } from "../../services/guards.server";
import { StatusBadge } from "../../components/kit/badge";
import { OrderConfirmation } from "../../components/order/confirmation";
import { OrderMoneySection } from "../../components/order/money";
import { returnDestination } from "../../data/returns.server";
import { dispatchBy, returnPostBy } from "../../domain/shipping";
import { batchParts } from "../../data/parts.server";
import { orderPagePart } from "../../services/order-page.server";
import { shopperParcels } from "../../domain/tracking";
import { showToast } from "../../components/toasts";
import { Address, AwaitingPayment, History, ShopperActions } from "./order-parts";
import { ItemLine, type OrderActionData } from "../../components/order/item-line";
import { orderAction } from "../../services/order-actions.server";
import { ReportProblemPart } from "../../components/order/report-problem";
import { claimChoicesFrom } from "../../services/claims.server";
import { ParcelTracking } from "../../components/order/parcel-tracking";
import { bundleNotes } from "../../domain/price-notes";
import { BundleNotes } from "../../components/order/price-notes";

export type { OrderActionData };

// One order (/account/orders/{id}): its lines, money, addresses and history, for the order's own
// shopper or staff who handle orders (superadmin, admin, customer support); anyone else gets
// 'Order not found'. In a rental's window the shopper can buy it or return it; a line delivered
// and kept (or returned) can be reviewed once.

export const meta: Route.MetaFunction = ({ loaderData }) => [
  {
    title: loaderData
      ? `Order ${showReference(loaderData.order.reference)} | Closetloop`
      : "Order not found | Closetloop",
  },
];

const notFound = () => data("Order not found", { status: 404 });

// Its GET authorizes with the user the session kept while their visit rides with its batch, and
// only reads (a page whose visit finds another user is rendered again): decision 0116.
export const visitRides = true;

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const user = requireUser(context, request);
  // The page in one D1 round trip (services/order-page.server.ts): none of it is shown when the
  // order was not found for this user.
  const [[order, orderMoney, pay, chargesOwedRead, claimFacts, parcelRows]] = await batchParts(app.db, [
    orderPagePart(app.db, params.orderId, { id: user.id, staff: handlesOrders(user) }),
  ] as const);
  if (!order) throw notFound();
  const now = Date.now();
  // Deadlines in the reader's own zone, named when it is not the UK's (issue 45 item 6).
  const zone = context.get(requestState).timeZone;
  const items = await Promise.all(
    order.items.map(async (item) => {
      const inWindow =
        item.type === "rental" && item.status === "active" && item.rentalEndsAt !== null && now < item.rentalEndsAt;
      // A purchase can be sent back within 14 days of its delivery (issue 22).
      const returnable =
        item.type === "purchase" &&
        item.status === "completed" &&
        item.returnedAt === null &&
        item.deliveredAt !== null &&
        now < purchaseReturnEndsAt(item.deliveredAt);
      const comingBack = item.status === "return_requested";
      return {
        ...item,
        inWindow,
        daysLeft: inWindow ? daysLeft(item.rentalEndsAt!, now) : null,
        returnOrBuyBy: inWindow ? returnOrBuyBy(item.rentalEndsAt!, zone) : null,
        windowEndsAt: inWindow ? windowEndsText(item.rentalEndsAt!, zone) : null,
        purchaseReturnBy: returnable ? formatDeadline(purchaseReturnEndsAt(item.deliveredAt!), zone) : null,
        canOverturn:
          Boolean(item.damageCharge) &&
          item.chargeOverturnedAt === null &&
          item.returnedAt !== null &&
          now < overturnEndsAt(item.returnedAt) &&
          (item.inspection === "damaged" || item.inspection === "not_returnable"),
        destination: comingBack ? await returnDestination(app.db, item) : null,
        postBy: comingBack
          ? formatDeadline(returnPostBy(item.type, item.returnRequestedAt ?? now, item.rentalEndsAt), zone)
          : null,
      };
    }),
  );
  const money = orderMoney ?? { lines: [], total: 0, pending: { charges: 0, refunds: 0 } };
  const isShopper = order.userId === user.id;
  // Checkout ends here (?placed=1): the order's page is its confirmation (issue 22).
  const placed = isShopper && new URL(request.url).searchParams.get("placed") === "1";
  const billing = (order.billingAddress ?? {}) as { email?: string };
  const confirmation = placed
    ? {
        reference: showReference(order.reference),
        email: billing.email ?? user.email ?? null,
        postBy: formatDeadline(dispatchBy(order.createdAt), zone),
        rentals: items.filter((i) => i.type === "rental").length,
        purchases: items.filter((i) => i.type === "purchase").length,
      }
    : null;
  // Checkout pays (decision 0055): until the provider's event confirms it, the order waits.
  const awaiting =
    order.status === "awaiting_payment"
      ? {
          url: isShopper && !reservationEnded(pay?.expiresAt ?? null, now) ? (pay?.url ?? null) : null,
          placed,
          until: pay?.expiresAt ?? null,
          zone,
        }
      : null;
  const cardUpdated = isShopper && new URL(request.url).searchParams.get("card") === "updated";
  const chargesOwed = isShopper ? chargesOwedRead : 0;
  // Buyer protection (issue 43): a part of its own (app/components/order/report-problem.tsx).
  const claimChoices = awaiting ? [] : claimChoicesFrom(claimFacts, now);
  // Labels and tracking (issue 44): the parcels and the prepaid return label.
  const parcels = shopperParcels(parcelRows, order.items);
  return {
    order: { ...order, items },
    money,
    isShopper,
    confirmation: awaiting ? null : confirmation,
    awaiting,
    cardUpdated,
    chargesOwed,
    claimChoices,
    parcels,
    bundles: bundleNotes(order.items),
    zone,
  };
}

export const intents = [
  "buy_now",
  "request_return",
  "review",
  "cancel_order",
  "cancel_item",
  "confirm_delivery",
  "return_tracking",
  "overturn",
] as const;

export async function action({ request, context, params }: Route.ActionArgs) {
  const app = context.get(appContext);
  const user = requireUser(context, request);
  const form = await request.formData();
  const intent = readIntent(form, intents);
  if (!intent)
    return data<OrderActionData>(
      { intent: "", alert: { title: "Error", message: "Unknown action." } },
      { status: 400 },
    );
  // Each intent's handling: app/services/order-actions.server.ts.
  return orderAction(app, user, form, params.orderId, intent);
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
          <Link to="/account?tab=orders" className="text-sm text-brand underline">
            Back to My Orders
          </Link>
        ) : (
          <Link to="/admin/orders" className="text-sm text-brand underline">
            Back to Orders
          </Link>
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
      {loaderData.cardUpdated ? (
        <p role="status" className="rounded-md border border-green-200 bg-green-50 p-3 text-sm">
          Your card was updated. What this order still owes is charged with it.
        </p>
      ) : null}
      {loaderData.chargesOwed > 0 ? (
        <p role="alert" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm">
          {`We could not take ${formatGBP(loaderData.chargesOwed)} for this order with your saved card. `}
          <Link
            to={`/account/orders/${encodeURIComponent(order.id)}/card`}
            className="font-semibold text-brand underline"
          >
            Update your card
          </Link>
        </p>
      ) : null}
      {isShopper && !awaiting ? <ShopperActions order={order} result={result} /> : null}
      <p className="text-stone-700">Placed on {formatLongDate(order.createdAt, loaderData.zone)}</p>

      <section aria-labelledby="items-title" className="rounded-lg border border-stone-200 bg-white p-4">
        <h2 id="items-title" className="mb-3 text-lg font-semibold">
          Items
        </h2>
        <ul className="divide-y divide-stone-100">
          {order.items.map((item) => (
            <li key={item.id} className="py-4">
              <ItemLine
                item={item}
                reference={showReference(order.reference)}
                isShopper={isShopper}
                result={result?.itemId === item.id ? result : undefined}
                canCancelAlone={!awaiting && order.items.filter((i) => i.status !== "cancelled").length > 1}
              />
            </li>
          ))}
        </ul>
        <BundleNotes bundles={loaderData.bundles} />
        <OrderMoneySection lines={money.lines} total={money.total} pending={money.pending} />
      </section>

      <ParcelTracking parcels={loaderData.parcels} />

      {awaiting ? null : (
        <ReportProblemPart orderId={order.id} choices={loaderData.claimChoices} isShopper={isShopper} />
      )}

      <div className="grid gap-6 md:grid-cols-2">
        <Address title="Delivery address" address={order.shippingAddress} />
        <Address title="Billing address" address={order.billingAddress} />
      </div>

      <History order={order} isShopper={isShopper} zone={loaderData.zone} />
    </div>
  );
}

/** The order before the provider's event: the shopper is told it waits, and the page looks again by itself (no JavaScript needed). */
export const ErrorBoundary = notFoundBoundary({
  title: "Order not found",
  message: "This order does not exist, or it is not one of yours.",
  back: { to: "/account?tab=orders", label: "Back to My Orders" },
});
