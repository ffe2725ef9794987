import { Form } from "react-router";
import { CARRIER_NAMES, isCarrier, trackingUrl } from "../../domain/shipping";
import { SubmitButton, useSubmitting } from "../forms";

// The shopper's side of a trade on the order page (issue 22): where the parcel is, 'I have
// received it', and cancelling what has not been posted yet. Plain forms: no JavaScript needed.

export function TrackingLine({
  carrier,
  trackingNumber,
  label = "Tracking",
}: {
  carrier: string | null;
  trackingNumber: string | null;
  label?: string;
}) {
  if (!trackingNumber) return null;
  const url = trackingUrl(carrier, trackingNumber);
  const name = isCarrier(carrier) ? CARRIER_NAMES[carrier] : (carrier ?? "");
  return (
    <p className="text-sm">
      <span className="font-medium">{label}:</span> {name}{" "}
      {url ? (
        <a href={url} className="font-mono text-brand underline" rel="noopener noreferrer" target="_blank">
          {trackingNumber}
          <span className="sr-only"> (opens the carrier&apos;s tracking page)</span>
        </a>
      ) : (
        <span className="font-mono">{trackingNumber}</span>
      )}
    </p>
  );
}

/** 'I have received it': the items that were posted and are not yet marked delivered. */
export function ReceivedForm({ itemIds }: { itemIds: string[] }) {
  const busy = useSubmitting("confirm_delivery");
  if (itemIds.length === 0) return null;
  return (
    <Form
      method="post"
      className="rounded-md border border-sky-200 bg-sky-50 p-3 text-sm"
      aria-label="Confirm delivery"
    >
      <p className="mb-2">Has your parcel arrived? Tell us, and a rental&apos;s 7 days start today.</p>
      {itemIds.map((id) => (
        <input key={id} type="hidden" name="itemId" value={id} />
      ))}
      <input type="hidden" name="intent" value="confirm_delivery" />
      <SubmitButton busy={busy} busyLabel="Saving...">
        I have received it
      </SubmitButton>
    </Form>
  );
}

/**
 * An action on some of the order's items behind a confirmation (a <details>, so it works without
 * JavaScript): cancelling what has not been posted yet (one item or the whole order), and buying
 * a rental in its window, which charges the card saved for the order. `confirm` names the button
 * that does it (the label again when not given).
 */
export function ConfirmItems({
  label,
  question,
  itemIds,
  intent,
  confirm = label,
  charge = false,
}: {
  label: string;
  question: string;
  itemIds: string[];
  intent: "cancel_order" | "cancel_item" | "buy_now";
  confirm?: string;
  charge?: boolean;
}) {
  const busy = useSubmitting(intent);
  return (
    <details className="relative inline-block">
      <summary
        className={
          charge
            ? "cursor-pointer list-none rounded-md bg-brand px-4 py-2 font-semibold text-white"
            : "cursor-pointer list-none text-sm font-medium text-red-700 underline"
        }
      >
        {label}
      </summary>
      {/* In the flow on a phone (it pushes what follows down); a pop-over from sm up. */}
      <div
        role="dialog"
        aria-label={label}
        className="mt-2 w-72 max-w-full rounded-md border border-stone-200 bg-white p-3 text-sm shadow-lg sm:absolute sm:left-0 sm:z-30"
      >
        <p>{question}</p>
        <Form method="post" className="mt-2">
          {itemIds.map((id) => (
            <input key={id} type="hidden" name="itemId" value={id} />
          ))}
          <input type="hidden" name="intent" value={intent} />
          <SubmitButton
            busy={busy}
            busyLabel={charge ? "Buying..." : "Cancelling..."}
            {...(charge
              ? {}
              : { className: "rounded-md bg-red-700 px-3 py-1.5 font-medium text-white disabled:opacity-60" })}
          >
            {confirm}
          </SubmitButton>
        </Form>
      </div>
    </details>
  );
}
