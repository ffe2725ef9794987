import type { ReactNode } from "react";
import { Form } from "react-router";
import { REASON_MAX, REASON_MIN } from "../domain/decision-reason";

// Rejecting asks for a reason and a confirmation (issue 24, item 8): 'Reject…' opens the form
// (a <details>, so it works without JavaScript), which says who is shown the reason and what
// follows; 'Confirm rejection' sends it. Used for listings, concierge requests, store requests
// and brand suggestions. A refused reason comes back at its field with the form open.

export function RejectForm({
  id,
  name,
  intent = "reject",
  action,
  shownTo,
  answer,
  children,
}: {
  /** Unique per row: the field ids derive from it. */
  id: string;
  /** What is rejected, for the labels ('Reject Blue Coat…'). */
  name: string;
  intent?: string;
  action?: string;
  /** Who reads the reason: 'the seller', 'the applicant'. */
  shownTo: string;
  /** The action's answer: a refused reason for this form (`reject-{id}`) is shown at its field. */
  answer?: unknown;
  /** The hidden inputs that name the record. */
  children: ReactNode;
}) {
  const field = `reject-reason-${id}`;
  const refused = answer as { form?: string; errors?: { reason?: string } } | undefined;
  const error = refused?.form === `reject-${id}` ? refused.errors?.reason : undefined;
  return (
    <details className="group" open={error ? true : undefined}>
      <summary
        className="inline-block cursor-pointer list-none rounded-md border border-red-300 bg-white px-3 py-1.5 text-sm font-medium text-red-800 hover:bg-red-50 [&::-webkit-details-marker]:hidden"
        aria-label={`Reject ${name}…`}
      >
        Reject…
      </summary>
      <Form
        method="post"
        action={action}
        className="mt-2 flex max-w-sm flex-col gap-2 rounded-md border border-red-200 bg-red-50 p-3 text-sm"
        aria-label={`Reject ${name}`}
      >
        {children}
        <label htmlFor={field} className="font-medium">{`Reason (shown to ${shownTo})`}</label>
        <textarea
          id={field}
          name="reason"
          rows={2}
          required
          minLength={REASON_MIN}
          maxLength={REASON_MAX}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${field}-error` : undefined}
          className="rounded-md border border-stone-300 bg-white px-2 py-1.5"
        />
        {error ? (
          <p id={`${field}-error`} className="text-red-700">
            {error}
          </p>
        ) : null}
        <p className="text-stone-700">{`Rejecting ${name} cannot be undone.`}</p>
        <button
          type="submit"
          name="intent"
          value={intent}
          className="self-start rounded-md bg-red-700 px-3 py-1.5 font-medium text-white hover:bg-red-800"
          aria-label={`Confirm rejection of ${name}`}
        >
          Confirm rejection
        </button>
      </Form>
    </details>
  );
}
