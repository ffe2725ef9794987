import { Form } from "react-router";
import { CARRIER_NAMES, CARRIERS } from "../../domain/shipping";
import { formatGBP } from "../../domain/money";
import { SubmitButton, useSubmitting } from "../forms";
import { TrackingLine } from "./trade";

// The shopper's side of a return (issue 22): 'Return it' for a purchase (with a reason), the
// instructions with the handler's real address, the order reference and the post-by date, the
// return's own tracking, and what the inspection found. Plain forms: no JavaScript needed.

export interface ReturnView {
  id: string;
  name: string;
  destination: { name: string; lines: string[] } | null;
  postBy: string | null;
  returnCarrier: string | null;
  returnTrackingNumber: string | null;
}

export interface ReturnFormResult {
  intent?: string;
  itemId?: string;
  errors?: Record<string, string | undefined>;
  values?: Record<string, string | undefined>;
}

export function ReturnInstructions({
  item,
  reference,
  isShopper,
  result,
}: {
  item: ReturnView;
  reference: string;
  isShopper: boolean;
  result?: ReturnFormResult;
}) {
  const busy = useSubmitting("return_tracking");
  return (
    <section
      aria-label="Return instructions"
      className="space-y-2 rounded-md border border-amber-200 bg-amber-50 p-3 text-sm"
    >
      <h4 className="font-semibold">Return instructions</h4>
      <ol className="list-decimal space-y-1 pl-5">
        <li>{`Pack ${item.name} as it came to you, with its tags and any dust bag or box.`}</li>
        <li>{`Write your order reference, ${reference}, on a note inside and on the parcel.`}</li>
        <li>
          {`Post it${item.postBy ? ` by ${item.postBy}` : ""} to:`}
          <address className="mt-1 not-italic">
            {(item.destination?.lines ?? []).map((line, n) => (
              <span key={n} className="block">
                {line}
              </span>
            ))}
          </address>
        </li>
        <li>Add the parcel&apos;s tracking number below, so it can be followed.</li>
      </ol>
      <TrackingLine label="Your return" carrier={item.returnCarrier} trackingNumber={item.returnTrackingNumber} />
      {isShopper && !item.returnTrackingNumber ? (
        <Form
          method="post"
          noValidate
          className="flex flex-wrap items-end gap-2"
          aria-label={`Tracking for the return of ${item.name}`}
        >
          <input type="hidden" name="intent" value="return_tracking" />
          <input type="hidden" name="itemId" value={item.id} />
          <label className="flex flex-col gap-1">
            <span className="font-medium">Carrier</span>
            <select
              name="carrier"
              defaultValue={result?.values?.carrier ?? ""}
              aria-invalid={result?.errors?.carrier ? true : undefined}
              className="rounded-md border border-stone-300 bg-white px-2 py-1.5"
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
          </label>
          <label className="flex flex-col gap-1">
            <span className="font-medium">Tracking number</span>
            <input
              name="trackingNumber"
              autoComplete="off"
              maxLength={60}
              defaultValue={result?.values?.trackingNumber ?? ""}
              aria-invalid={result?.errors?.trackingNumber ? true : undefined}
              className="rounded-md border border-stone-300 bg-white px-2 py-1.5 font-mono"
            />
          </label>
          <SubmitButton busy={busy} busyLabel="Saving...">
            Save tracking
          </SubmitButton>
          {result?.errors?.carrier || result?.errors?.trackingNumber ? (
            <p className="w-full text-red-700">{result.errors.carrier ?? result.errors.trackingNumber}</p>
          ) : null}
        </Form>
      ) : null}
    </section>
  );
}

/** 'Return it' for a purchase within its 14 days, with the reason the handler reads. */
export function PurchaseReturnForm({
  item,
  returnBy,
  result,
}: {
  item: { id: string; name: string };
  returnBy: string;
  result?: ReturnFormResult;
}) {
  const busy = useSubmitting("request_return");
  const error = result?.errors?.reason;
  return (
    <details className="rounded-md border border-stone-200 p-3 text-sm" open={Boolean(error)}>
      <summary className="cursor-pointer font-medium">{`Return it (until ${returnBy})`}</summary>
      <Form method="post" noValidate className="mt-2 space-y-2" aria-label={`Return ${item.name}`}>
        <input type="hidden" name="intent" value="request_return" />
        <input type="hidden" name="itemId" value={item.id} />
        <label htmlFor={`reason-${item.id}`} className="block font-medium">
          Why are you returning it?
        </label>
        <textarea
          id={`reason-${item.id}`}
          name="reason"
          rows={2}
          maxLength={500}
          defaultValue={result?.values?.reason ?? ""}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `reason-${item.id}-error` : undefined}
          className="w-full rounded-md border border-stone-300 px-3 py-2"
        />
        {error ? (
          <p id={`reason-${item.id}-error`} className="text-red-700">
            {error}
          </p>
        ) : null}
        <SubmitButton busy={busy} busyLabel="Requesting...">
          Return it
        </SubmitButton>
      </Form>
    </details>
  );
}

const FOUND: Record<string, string> = {
  good: "Received in good condition",
  damaged: "Came back damaged",
  not_returnable: "Could not be returned",
};

/** What the inspection found, with its reason and charge. */
export function InspectionNote({
  inspection,
  reason,
  charge,
}: {
  inspection: string | null;
  reason: string | null;
  charge: number | null;
}) {
  if (!inspection) return null;
  return (
    <div className={`rounded-md p-3 text-sm ${inspection === "good" ? "bg-emerald-50" : "bg-red-50"}`}>
      <p className="font-medium">{FOUND[inspection] ?? inspection}</p>
      {reason ? <p>{`What was found: ${reason}`}</p> : null}
      {charge && inspection !== "good" ? (
        <p>{inspection === "damaged" ? `Repair fee: ${formatGBP(charge)}` : `Charged: ${formatGBP(charge)}`}</p>
      ) : null}
    </div>
  );
}
