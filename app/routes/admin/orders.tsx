import { Link } from "react-router";
import type { Route } from "./+types/orders";
import {
  adminOrdersPart,
  pageOnePanelsPart,
  PAYMENT_ISSUE_DAYS,
  unfilteredPanelsPart,
} from "../../data/admin-orders.server";
import { batchParts, partIf } from "../../data/parts.server";
import { adminTab } from "../../domain/admin-tabs";
import { formText, readFilter, readSearch, tabReturnTo } from "../../domain/admin-lists";
import { formatShortDate, timeAgo } from "../../domain/dates";
import { formatGBP } from "../../domain/money";
import {
  label,
  ORDER_STATUSES,
  STAFF_ORDER_CHOICES,
  type ItemStatus,
  type StaffOrderChoice,
} from "../../domain/order-lifecycle";
import { staffOrderChoices } from "../../domain/staff-order-choices";
import { showReference } from "../../domain/order-reference";
import { readPage } from "../../domain/tabs";
import {
  listAnswer,
  openAdminAction,
  openAdminLoader,
  refuse,
  searchedPart,
} from "../../services/admin-actions.server";
import { staffSetOrderStatus } from "../../services/order-lifecycle.server";
import { shipFromForm } from "../../services/ship-form.server";
import { inspectFromForm } from "../../services/inspect-form.server";
import { cancelItems } from "../../services/trade.server";
import { loadOrder } from "../../data/order-lifecycle.server";
import type { ShipFormResult } from "../../domain/shipping";
import { ToSend } from "../../components/order/to-send";
import { BeingPrepared } from "../../components/order/being-prepared";
import { InspectForm } from "../../components/order/inspect";
import type { InspectFormResult } from "../../domain/returns";
import { redirectWithToast } from "../../services/toast.server";
import { ActionAlert, SearchableTable } from "../../components/admin";
import { PaymentIssues } from "../../components/admin/payment-issues";
import { RowAction } from "../../components/kit/row-actions";
import { useAnswerKey } from "../../components/forms";
import { Panel } from "../../components/kit/panel";
import { StatusBadge } from "../../components/kit/badge";
import { CellText } from "../../components/kit/data-table";

// Admin Orders (seller-store-admin.md §2, §4, §7; issue 14 item 2): every order with its status
// select; a change goes through the order lifecycle, which writes the history, opens rental
// windows, releases reserved items, records money and queues the shipment notification.
// Returned rentals of direct sellers are inspected here (decision 0021).

export const meta: Route.MetaFunction = () => [
  { title: "Orders | Admin | Closetloop" },
  { name: "robots", content: "noindex" },
];

const TAB = adminTab("orders").href;

// Its GET authorizes with the user the session kept while their visit rides with its batch, and
// only reads (a page whose visit finds another user is rendered again): decision 0116.
export const visitRides = true;

export async function loader(args: Route.LoaderArgs) {
  const { app, url, zone } = openAdminLoader(args, "orders");
  const search = readSearch(url);
  const filter = { q: search.q, status: readFilter(url, "status", ORDER_STATUSES), page: readPage(url) };
  const first = filter.page === 1 && !filter.q && !filter.status;
  const now = Date.now();
  // One batch: the list and, on its first page, the panels above it (decision 0106).
  const since = now - PAYMENT_ISSUE_DAYS * 86_400_000;
  const [list, [returns, mismatched], [toSend, preparing]] = await batchParts(app.db, [
    searchedPart(search, adminOrdersPart(app.db, filter)),
    partIf(filter.page === 1, pageOnePanelsPart(app.db, { since }), [[], []]),
    partIf(first, unfilteredPanelsPart(app.db, {}), [[], []]),
  ] as const);
  // The status lists travel as data, so the lifecycle's module stays out of the browser's bundle.
  // Each order offers only the changes the lifecycle would make (issue 46 item 4).
  const rows = list.rows.map(({ itemStatuses, ...order }) => ({
    ...order,
    choices: staffOrderChoices(order.status, (itemStatuses ?? "").split(",").filter(Boolean) as ItemStatus[]),
  }));
  return listAnswer({
    ...filter,
    searchError: search.error,
    ...list,
    rows,
    returns,
    toSend,
    preparing,
    mismatched,
    now,
    zone,
    statuses: ORDER_STATUSES.map((s) => ({ value: s, label: capitalised(label(s)) })),
  });
}

const capitalised = (s: string) => s[0]!.toUpperCase() + s.slice(1);

export const intents = ["status", "inspect", "ship"] as const;

const isStaffChoice = (value: unknown): value is StaffOrderChoice =>
  typeof value === "string" && (STAFF_ORDER_CHOICES as readonly string[]).includes(value);

export async function action(args: Route.ActionArgs) {
  const { user, app, form, intent } = await openAdminAction(args, "orders", intents);
  const returnTo = tabReturnTo(form.get("returnTo"), TAB);
  const now = Date.now();
  switch (intent) {
    case "status": {
      const status = form.get("status");
      if (!isStaffChoice(status))
        return refuse(
          app.config,
          400,
          "Failed to update order status",
          "Please choose one of: pending, processing, shipped, delivered, cancelled.",
        );
      const orderId = formText(form, "orderId");
      if (status === "cancelled") {
        // Staff cancel any time before delivery: every item still live, refunded, and the
        // shopper and each handler told (issue 22).
        const order = await loadOrder(app.db, orderId);
        if (!order) return refuse(app.config, 404, "Failed to update order status", "Order not found");
        const live = order.items.filter((i) => i.status !== "cancelled").map((i) => i.id);
        const cancelled = live.length
          ? await cancelItems(app, orderId, live, { id: user.id, role: "staff" }, now)
          : null;
        if (cancelled && !cancelled.ok)
          return refuse(app.config, cancelled.httpStatus, "Failed to update order status", cancelled.message);
        return redirectWithToast(app.config, returnTo, { type: "success", title: "Order status changed to cancelled" });
      }
      const result = await staffSetOrderStatus(app, orderId, status, user.id, now);
      if (!result.ok) return refuse(app.config, result.httpStatus, "Failed to update order status", result.message);
      // Marked delivered again after delivery: the order has moved on (active or completed) and stays so.
      if (!result.changed && result.status !== status) {
        return redirectWithToast(app.config, returnTo, {
          type: "success",
          title: "Order status unchanged",
          description: `This order is already ${result.status}.`,
        });
      }
      return redirectWithToast(app.config, returnTo, { type: "success", title: `Order status changed to ${status}` });
    }
    case "inspect":
      // Staff are the fallback for items sellers handle; a store inspects its own returns (decision 0021).
      return inspectFromForm(
        app,
        form,
        { id: user.id, role: "staff" },
        returnTo,
        (_order, item) => item.handler === "vendor",
        now,
      );
    case "ship":
      return shipFromForm(app, form, { id: user.id, role: "staff" }, TAB, () => true, now);
    default:
      return refuse(app.config, 400, "Failed to update order status", "Unknown action.");
  }
}

export default function AdminOrders({ loaderData, actionData }: Route.ComponentProps) {
  // A refused status change puts the select back to the order's status.
  const answered = useAnswerKey(actionData);
  const { rows, hasNext, page, q, searchError, status, returns, toSend, mismatched, now, zone, statuses } = loaderData;
  return (
    <>
      <ActionAlert data={actionData} />
      {mismatched.length > 0 ? <PaymentIssues orders={mismatched} now={now} /> : null}
      {toSend.length > 0 ? (
        <ToSend orders={toSend} action={TAB} result={actionData as ShipFormResult | undefined} now={now} zone={zone} />
      ) : null}
      {loaderData.preparing.length > 0 ? (
        <BeingPrepared items={loaderData.preparing} action={null} zone={zone} />
      ) : null}
      {returns.length > 0 ? (
        <Panel title="Returns to inspect">
          <p className="mb-3 text-sm text-stone-700">
            Rentals and purchases sent back by shoppers. Check each one, then record its condition: an item in good
            condition goes back on sale; a damaged one goes back to product review.
          </p>
          <ul className="divide-y divide-stone-200">
            {returns.map((item) => (
              <li key={item.itemId} className="flex flex-wrap items-center justify-between gap-3 py-2">
                <div>
                  <p className="font-medium">{item.name}</p>
                  <p className="text-sm text-stone-600">
                    Order{" "}
                    <Link to={`/account/orders/${item.orderId}`} className="font-mono underline">
                      {showReference(item.orderReference)}
                    </Link>{" "}
                    · {item.shopperName ?? item.shopperEmail}
                    {item.returnRequestedAt ? ` · return asked ${timeAgo(item.returnRequestedAt, now)}` : ""}
                  </p>
                </div>
                <InspectForm
                  itemId={item.itemId}
                  name={item.name}
                  sent={{
                    reason: item.returnReason,
                    carrier: item.returnCarrier,
                    trackingNumber: item.returnTrackingNumber,
                  }}
                  result={actionData as InspectFormResult | undefined}
                />
              </li>
            ))}
          </ul>
        </Panel>
      ) : null}
      <Panel title="Orders">
        <SearchableTable
          tab={TAB}
          noun="orders"
          search={{ label: "Search orders (order number, shopper name or e-mail)", q, error: searchError }}
          filter={{ name: "status", label: "Status", value: status, options: statuses }}
          page={page}
          hasNext={hasNext}
          caption="Orders, newest first, with their shopper, items, total at checkout and status"
          rows={rows}
          columns={[
            {
              header: "Order",
              rowHeader: true,
              className: "font-mono font-normal whitespace-nowrap",
              cell: (order) => (
                <Link
                  to={`/account/orders/${order.id}`}
                  className="text-brand underline"
                  aria-label={`Order ${showReference(order.reference)}`}
                >
                  {showReference(order.reference)}
                </Link>
              ),
            },
            {
              header: "Shopper",
              cell: (order) => <CellText note={order.shopperEmail}>{order.shopperName ?? "—"}</CellText>,
            },
            {
              header: "Date",
              cell: (order) => (
                <time dateTime={new Date(order.createdAt).toISOString()}>{formatShortDate(order.createdAt, zone)}</time>
              ),
            },
            { header: "Items", cell: (order) => order.items },
            { header: "Total at checkout", cell: (order) => formatGBP(order.total) },
            {
              header: "Status",
              cell: (order) => (
                <div className="flex flex-wrap items-center gap-2">
                  <StatusBadge status={order.status} />
                  {order.choices.length > 0 ? (
                    <RowAction
                      intent="status"
                      text="Save"
                      label={`Save status of order ${showReference(order.reference)}`}
                      fields={{ orderId: order.id }}
                      returnTo
                      className="flex items-center gap-1"
                    >
                      <label
                        htmlFor={`status-${order.id}`}
                        className="sr-only"
                      >{`Status of order ${showReference(order.reference)}`}</label>
                      <select
                        key={`${order.status}:${answered}`}
                        id={`status-${order.id}`}
                        name="status"
                        defaultValue={order.choices[0] === order.status ? order.status : ""}
                        className="rounded-md border border-stone-300 bg-white px-2 py-1"
                      >
                        {order.choices[0] === order.status ? null : (
                          <option value="" disabled>
                            {statuses.find((s) => s.value === order.status)?.label ?? order.status}
                          </option>
                        )}
                        {order.choices.map((s) => (
                          <option key={s} value={s}>
                            {s}
                          </option>
                        ))}
                      </select>
                    </RowAction>
                  ) : null}
                </div>
              ),
            },
          ]}
        />
      </Panel>
    </>
  );
}
