import { Form } from "react-router";
import { CARRIER_NAMES, isCarrier, trackingUrl } from "../../domain/shipping";
import { SubmitButton, useSubmitting } from "../forms";

// The shopper's side of a trade on the order page (issue 22): where the parcel is, 'I have
// received it', and cancelling what has not been posted yet. Plain forms: no JavaScript needed.

export function TrackingLine({ carrier, trackingNumber, label = "Tracking" }: { carrier: string | null; trackingNumber: string | null; label?: string }) {
  if (!trackingNumber) return null;
  const url = trackingUrl(carrier, trackingNumber);
  const name = isCarrier(carrier) ? CARRIER_NAMES[carrier] : (carrier ?? "");
  return (
    <p className="text-sm">
      <span className="font-medium">{label}:</span> {name}{" "}
      {url ? (
        <a href={url} className="font-mono text-brand underline" rel="noopener noreferrer" target="_blank">{trackingNumber}<span className="sr-only"> (opens the carrier&apos;s tracking page)</span></a>
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
    <Form method="post" className="rounded-md border border-sky-200 bg-sky-50 p-3 text-sm" aria-label="Confirm delivery">
      <p className="mb-2">Has your parcel arrived? Tell us, and a rental&apos;s 7 days start today.</p>
      {itemIds.map((id) => <input key={id} type="hidden" name="itemId" value={id} />)}
      <input type="hidden" name="intent" value="confirm_delivery" />
      <SubmitButton busy={busy} busyLabel="Saving...">I have received it</SubmitButton>
    </Form>
  );
}

/**
 * Cancel one item or the whole order, behind a confirmation (a <details>, so it works without
 * JavaScript). Only items that have not been posted are offered.
 */
export function CancelForm({ label, question, itemIds, intent }: { label: string; question: string; itemIds: string[]; intent: "cancel_order" | "cancel_item" }) {
  return (
    <details className="relative inline-block">
      <summary className="cursor-pointer list-none text-sm font-medium text-red-700 underline">{label}</summary>
      <div role="dialog" aria-label={label} className="absolute left-0 z-30 mt-2 w-72 rounded-md border border-stone-200 bg-white p-3 text-sm shadow-lg">
        <p>{question}</p>
        <Form method="post" className="mt-2">
          {itemIds.map((id) => <input key={id} type="hidden" name="itemId" value={id} />)}
          <button type="submit" name="intent" value={intent} className="rounded-md bg-red-700 px-3 py-1.5 font-medium text-white">{label}</button>
        </Form>
      </div>
    </details>
  );
}
