import { Form, Link } from "react-router";
import { claimReturnWords } from "../../domain/claims";
import { timelineOf, type TimelineStep, type TrackingStatus } from "../../domain/tracking";
import { Timeline } from "./parcel-tracking";

// A claim's return (issue 43 item 3; decision 0093), on the claim's page for its shopper, its
// handler and staff: where it goes, its prepaid label and tracking, and 'Received back' once the
// carrier delivered it. Without a label yet (labels unavailable, or the provider failed when the
// claim was settled) the shopper can get it here: a plain form.

export interface ClaimReturnView {
  destination: string[];
  label: {
    id: string;
    trackingNumber: string | null;
    trackingStatus: TrackingStatus | null;
    events: TimelineStep[];
  } | null;
  returnedAt: number | null;
}

export function ClaimReturnPart({ view, role }: { view: ClaimReturnView; role: "shopper" | "handler" | "staff" }) {
  const { label } = view;
  return (
    <section aria-labelledby="claim-return-title" className="space-y-2 rounded-md border border-stone-200 p-3 text-sm">
      <h2 id="claim-return-title" className="font-semibold">
        The return
      </h2>
      <p>{`It goes back to: ${view.destination.join(", ")}`}</p>
      <p className="font-semibold" role="status">
        {claimReturnWords(view.returnedAt, label?.trackingStatus ?? null)}
      </p>
      {label ? (
        <>
          <p>
            {role === "shopper"
              ? "Send it back with the prepaid return label: nothing to pay. "
              : `Tracking number ${label.trackingNumber ?? ""}. `}
            {role === "handler" ? null : (
              <Link to={`/account/labels/${label.id}`} className="font-semibold text-brand underline">
                {role === "shopper" ? "Print your return label" : "See the label"}
              </Link>
            )}
          </p>
          {label.events.length ? (
            <Timeline steps={timelineOf(label.events)} label={`Tracking of the return ${label.trackingNumber ?? ""}`} />
          ) : null}
        </>
      ) : role === "shopper" ? (
        <Form method="post">
          <button
            type="submit"
            name="intent"
            value="return_label"
            className="rounded-md bg-brand px-3 py-2 font-semibold text-white"
          >
            Get a prepaid return label
          </button>
        </Form>
      ) : (
        <p>The shopper has no return label yet.</p>
      )}
    </section>
  );
}
