import { Form } from "react-router";
import { showReference } from "../../domain/order-reference";
import { CARRIER_NAMES, CARRIERS, type ShipFormResult } from "../../domain/shipping";
import { deadlineFor, formatLongDate } from "../../domain/dates";
import { EmptyState, Panel } from "../kit/panel";
import { SubmitButton, useSubmitting } from "../forms";
import { GetLabelForm } from "./get-label";
import { orderPostBy } from "../../domain/rental-dates";

// 'To send' (issue 22): for each order waiting to be posted, the items, the ship-to name and
// address, the deadline (2 working days), and a form to mark them shipped with a carrier and a
// tracking number. One component for the seller's, the store's and the admin Orders tabs; the
// action is app/services/ship-form.server.ts.

export interface ToSendOrder {
  orderId: string;
  reference: string | null;
  placedAt: number;
  /** The ship-to address's lines as its country writes them, made on the server (every country's format stays there). */
  shipTo: string[];
  /** postBy: the day a rental needed by a date is posted by (decision 0080), else null. */
  items: { id: string; name: string; type: "rental" | "purchase"; postBy?: string | null }[];
}

/** `zone`: the reader's time zone (requestState), the deadline named in it outside the UK (decision 0095). */
export function ToSend({
  orders,
  action,
  result,
  now,
  labels = false,
  zone = null,
}: {
  orders: ToSendOrder[];
  action: string;
  result?: ShipFormResult;
  now: number;
  labels?: boolean;
  zone?: string | null;
}) {
  return (
    <Panel title={`To send (${orders.length})`}>
      {orders.length === 0 ? (
        <EmptyState>Nothing to send right now.</EmptyState>
      ) : (
        <ul className="space-y-4">
          {orders.map((order) => (
            <li key={order.orderId}>
              <ShipCard
                order={order}
                action={action}
                result={result?.orderId === order.orderId ? result : undefined}
                now={now}
                labels={labels}
                zone={zone}
              />
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}

function ShipCard({
  order,
  action,
  result,
  now,
  labels,
  zone,
}: {
  order: ToSendOrder;
  action: string;
  result?: ShipFormResult;
  now: number;
  labels: boolean;
  zone: string | null;
}) {
  const busy = useSubmitting("ship");
  // A refused number: the keyboard goes to the field that says what is wrong.
  const deadline = orderPostBy(order.placedAt, order.items);
  const late = now > deadline;
  const id = showReference(order.reference);
  return (
    <article aria-label={`Order ${id} to send`} className="rounded-md border border-stone-200 p-3 text-sm">
      <header className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 className="font-semibold">{`Order ${id}`}</h3>
        <p
          className={late ? "font-semibold text-red-800" : "text-stone-700"}
        >{`Post by ${deadlineFor(deadline, zone)}${late ? " (late)" : ""} · placed ${formatLongDate(order.placedAt, zone)}`}</p>
      </header>
      <div className="mt-2 grid gap-3 sm:grid-cols-2">
        <div>
          <h4 className="font-medium">Items</h4>
          <ul className="list-disc pl-5">
            {order.items.map((i) => (
              <li key={i.id}>{`${i.name} (${i.type === "rental" ? "rental" : "purchase"})`}</li>
            ))}
          </ul>
        </div>
        <div>
          <h4 className="font-medium">Ship to</h4>
          <address className="not-italic">
            {order.shipTo.map((line, n) => (
              <span key={n} className="block">
                {line}
              </span>
            ))}
          </address>
        </div>
      </div>
      {labels ? <GetLabelForm orderId={order.orderId} reference={id} action={action} /> : null}
      <Form
        method="post"
        action={action}
        noValidate
        id={`ship-${order.orderId}`}
        className="mt-3 flex flex-wrap items-end gap-3"
        aria-label={`Mark order ${id} shipped`}
      >
        <input type="hidden" name="intent" value="ship" />
        <input type="hidden" name="orderId" value={order.orderId} />
        {order.items.map((i) => (
          <input key={i.id} type="hidden" name="itemId" value={i.id} />
        ))}
        <div className="flex flex-col gap-1">
          <label htmlFor={`carrier-${order.orderId}`} className="font-medium">
            Carrier
          </label>
          <select
            id={`carrier-${order.orderId}`}
            name="carrier"
            defaultValue={result?.values?.carrier ?? ""}
            aria-invalid={result?.errors?.carrier ? true : undefined}
            aria-describedby={result?.errors?.carrier ? `carrier-${order.orderId}-error` : undefined}
            className="rounded-md border border-stone-300 px-2 py-1.5"
          >
            <option value="" disabled>
              Choose a carrier
            </option>
            {CARRIERS.map((c) => (
              <option key={c} value={c}>
                {CARRIER_NAMES[c]}
              </option>
            ))}
          </select>
          {result?.errors?.carrier ? (
            <p id={`carrier-${order.orderId}-error`} className="text-red-700">
              {result.errors.carrier}
            </p>
          ) : null}
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor={`tracking-${order.orderId}`} className="font-medium">
            Tracking number
          </label>
          <input
            id={`tracking-${order.orderId}`}
            name="trackingNumber"
            autoComplete="off"
            maxLength={60}
            defaultValue={result?.values?.trackingNumber ?? ""}
            aria-invalid={result?.errors?.trackingNumber ? true : undefined}
            aria-describedby={result?.errors?.trackingNumber ? `tracking-${order.orderId}-error` : undefined}
            className="rounded-md border border-stone-300 px-2 py-1.5 font-mono"
          />
          {result?.errors?.trackingNumber ? (
            <p id={`tracking-${order.orderId}-error`} className="max-w-xs text-red-700">
              {result.errors.trackingNumber}
            </p>
          ) : null}
        </div>
        <SubmitButton busy={busy} busyLabel="Saving...">
          Mark shipped
        </SubmitButton>
      </Form>
    </article>
  );
}
