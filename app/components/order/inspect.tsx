import { Form } from "react-router";
import { INSPECTION_LABELS, type InspectFormResult } from "../../domain/returns";
import { SubmitButton, useSubmitting } from "../forms";
import { TrackingLine } from "./trade";

// Recording a return's receipt and condition (issue 22): 'Good: back on sale', 'Damaged: repair
// fee' (an amount up to the buying price, with a reason) or 'Not returnable: charged as a
// purchase'. One form for the seller's, the store's and the admin Orders tabs; the action is
// app/services/inspect-form.server.ts. Above it, what the shopper said of the return: why, and
// the parcel's tracking, or that it is not posted yet (decision 0068).

/** What the shopper said when sending an item back. */
export interface ReturnSent {
  reason: string | null;
  carrier: string | null;
  trackingNumber: string | null;
}

export function InspectForm({
  itemId,
  name,
  sent,
  action,
  result,
}: {
  itemId: string;
  name: string;
  sent: ReturnSent;
  action?: string;
  result?: InspectFormResult;
}) {
  const busy = useSubmitting("inspect");
  // Not posted yet: there is nothing to receive, so nothing to record (issue 46 item 4).
  if (!sent.trackingNumber) {
    return (
      <div className="mt-2 w-full space-y-1 rounded-md border border-stone-200 p-3 text-sm">
        <p className="font-medium">Not posted yet: the shopper has not added a tracking number.</p>
        {sent.reason ? <p>{`Their reason: ${sent.reason}`}</p> : null}
        <p className="text-stone-600">{`You can record the condition of ${name} once they post it.`}</p>
      </div>
    );
  }
  const mine = result?.itemId === itemId ? result : undefined;
  const error = (field: "outcome" | "fee" | "reason") =>
    mine?.errors?.[field] ? (
      <p id={`${field}-${itemId}-error`} className="text-red-700">
        {mine.errors[field]}
      </p>
    ) : null;
  return (
    <Form
      method="post"
      action={action}
      noValidate
      className="mt-2 w-full space-y-2 rounded-md border border-stone-200 p-3 text-sm"
      aria-label={`Inspect ${name}`}
    >
      <input type="hidden" name="intent" value="inspect" />
      <input type="hidden" name="itemId" value={itemId} />
      <TrackingLine label="Sent back" carrier={sent.carrier} trackingNumber={sent.trackingNumber} />
      {sent.reason ? <p>{`Their reason: ${sent.reason}`}</p> : null}
      <p className="text-stone-600">Record its condition once the parcel has arrived.</p>
      <fieldset aria-describedby={mine?.errors?.outcome ? `outcome-${itemId}-error` : undefined}>
        <legend className="font-medium">{`What came back: ${name}`}</legend>
        <div className="mt-1 flex flex-wrap gap-3">
          {(Object.keys(INSPECTION_LABELS) as (keyof typeof INSPECTION_LABELS)[]).map((outcome) => (
            <label key={outcome} className="flex items-center gap-1">
              {/* Nothing chosen until the handler chooses: a press of the button alone must not put a damaged item back on sale (decision 0067). */}
              <input
                type="radio"
                name="outcome"
                value={outcome}
                defaultChecked={mine?.values?.outcome === outcome}
                required
                aria-invalid={mine?.errors?.outcome ? true : undefined}
              />
              {INSPECTION_LABELS[outcome]}
            </label>
          ))}
        </div>
        {error("outcome")}
      </fieldset>
      <div className="flex flex-wrap gap-3">
        <label className="flex flex-col gap-1">
          <span>Repair fee (£, for damaged)</span>
          <input
            name="fee"
            inputMode="decimal"
            maxLength={12}
            defaultValue={mine?.values?.fee ?? ""}
            aria-invalid={mine?.errors?.fee ? true : undefined}
            aria-describedby={mine?.errors?.fee ? `fee-${itemId}-error` : undefined}
            className="w-32 rounded-md border border-stone-300 px-2 py-1.5"
          />
          {error("fee")}
        </label>
        <label className="flex min-w-64 flex-1 flex-col gap-1">
          <span>Reason (shown to the shopper)</span>
          <input
            name="reason"
            maxLength={500}
            defaultValue={mine?.values?.reason ?? ""}
            aria-invalid={mine?.errors?.reason ? true : undefined}
            aria-describedby={mine?.errors?.reason ? `reason-${itemId}-error` : undefined}
            className="rounded-md border border-stone-300 px-2 py-1.5"
          />
          {error("reason")}
        </label>
      </div>
      <SubmitButton busy={busy} busyLabel="Saving...">
        Record inspection
      </SubmitButton>
    </Form>
  );
}
