import { Form } from "react-router";
import { deadlineFor, formatLongDate } from "../../domain/dates";
import { formatGBP } from "../../domain/money";
import {
  OUTCOME_LABELS,
  REASON_LABELS,
  STATUS_LABELS,
  type ClaimOutcome,
  type ClaimReason,
  type ClaimStatus,
} from "../../domain/claims";
import { UPLOAD_RULES } from "../../domain/uploads";
import { FieldError, FormAlert, INPUT_CLASS, invalidProps, SubmitButton, useSubmitting } from "../forms";

// A claim's parts (issue 43; decision 0078): both sides' words and photos, the status, and the
// forms of whoever answers next. Shared by the claim page and the admin Claims tab.

export interface ClaimView {
  id: string;
  reason: string;
  kind: string;
  description: string;
  photos: string[];
  status: string;
  dueAt: number | null;
  handlerText: string | null;
  handlerPhotos: string[];
  offerAmount: number | null;
  escalatedBecause: string | null;
  outcome: string | null;
  refundAmount: number | null;
  decisionReason: string | null;
  itemName: string;
  itemPrice: number;
  createdAt: number;
}

export interface ClaimAnswerData {
  intent: string;
  errors?: Partial<Record<"amount" | "text" | "photos" | "intent" | "outcome" | "reason", string>>;
  values?: { amount?: string; text?: string };
  alert?: { title: string; message: string };
}

const ESCALATED: Record<string, string> = {
  no_answer: "Not answered in time",
  disputed: "Disputed by the seller",
  offer_declined: "The shopper declined the offer",
  offer_unanswered: "The offer was not answered in time",
  repair_fee: "A repair fee disputed",
};

function Photos({ urls, label }: { urls: string[]; label: string }) {
  if (urls.length === 0) return null;
  return (
    <ul aria-label={label} className="mt-2 flex flex-wrap gap-2">
      {urls.map((url, i) => (
        <li key={url}>
          <a href={url}>
            <img
              src={url}
              alt={`${label} ${i + 1}`}
              width={96}
              height={96}
              loading="lazy"
              className="h-24 w-24 rounded object-cover"
            />
          </a>
        </li>
      ))}
    </ul>
  );
}

/** `zone`: the reader's time zone: the answer-by deadline named in it outside the UK (decision 0095). */
export function ClaimDetails({ claim, zone = null }: { claim: ClaimView; zone?: string | null }) {
  return (
    <section
      aria-label={`Claim about ${claim.itemName}`}
      className="space-y-3 rounded-lg border border-stone-200 bg-white p-4"
      data-testid="claim"
    >
      <h2 className="text-lg font-semibold">
        {REASON_LABELS[claim.reason as ClaimReason] ?? claim.reason}: {claim.itemName}
      </h2>
      <p>
        <span className="font-medium">Status:</span> {STATUS_LABELS[claim.status as ClaimStatus]}
        {claim.dueAt ? ` (answer by ${deadlineFor(claim.dueAt, zone, "longDate")})` : ""}
        {claim.status === "with_staff" && claim.escalatedBecause
          ? ` (${ESCALATED[claim.escalatedBecause] ?? claim.escalatedBecause})`
          : ""}
      </p>
      <div>
        <h3 className="font-medium">The shopper wrote on {formatLongDate(claim.createdAt, zone)}</h3>
        <p className="whitespace-pre-line">{claim.description}</p>
        <Photos urls={claim.photos} label="Shopper's photo" />
      </div>
      {claim.offerAmount !== null ? (
        <p>
          <span className="font-medium">Offered:</span> {formatGBP(claim.offerAmount)} of {formatGBP(claim.itemPrice)}
        </p>
      ) : null}
      {claim.handlerText ? (
        <div>
          <h3 className="font-medium">The seller wrote</h3>
          <p className="whitespace-pre-line">{claim.handlerText}</p>
          <Photos urls={claim.handlerPhotos} label="Seller's photo" />
        </div>
      ) : null}
      {claim.outcome ? (
        <p role="status" className="rounded-md border border-stone-200 bg-stone-50 p-3">
          <span className="font-semibold">Decision: {OUTCOME_LABELS[claim.outcome as ClaimOutcome]}</span>
          {claim.refundAmount ? `, ${formatGBP(claim.refundAmount)} refunded` : ""}. {claim.decisionReason ?? ""}
        </p>
      ) : null}
    </section>
  );
}

export function ClaimAnswerForms({
  claim,
  role,
  paid,
  result,
}: {
  claim: ClaimView;
  role: "shopper" | "handler" | "staff";
  paid: number;
  result?: ClaimAnswerData;
}) {
  const busy = useSubmitting("offer");
  const disputing = useSubmitting("dispute");
  const alert = result?.alert ? <FormAlert title={result.alert.title} message={result.alert.message} /> : null;
  if (role === "shopper" && claim.status === "offer_made") {
    return (
      <Form method="post" className="space-y-2" aria-label="Answer the offer">
        {alert}
        <p>
          The seller offers {formatGBP(claim.offerAmount ?? 0)} back. Accept it, or decline it and our team decides.
        </p>
        <div className="flex gap-3">
          <button
            type="submit"
            name="intent"
            value="accept_offer"
            className="rounded-md bg-brand px-4 py-2 font-semibold text-white"
          >
            Accept the offer
          </button>
          <button
            type="submit"
            name="intent"
            value="decline_offer"
            className="rounded-md border border-stone-300 px-4 py-2 font-semibold"
          >
            Decline the offer
          </button>
        </div>
      </Form>
    );
  }
  if (role !== "handler" || claim.status !== "awaiting_handler") return alert;
  return (
    <section aria-label="Answer the claim" className="space-y-4">
      {alert}
      <Form method="post" aria-label="Accept the claim">
        <p className="text-sm">
          Refund the shopper in full ({formatGBP(paid)}); a delivered item comes back to your return address.
        </p>
        <button
          type="submit"
          name="intent"
          value="accept"
          className="mt-1 rounded-md bg-brand px-4 py-2 font-semibold text-white"
        >
          Accept and refund in full
        </button>
      </Form>
      <Form method="post" aria-label="Offer a partial refund" className="space-y-1">
        <label htmlFor="amount" className="block font-medium">
          Partial refund (£, less than {formatGBP(paid)})
        </label>
        <input
          id="amount"
          name="amount"
          inputMode="decimal"
          required
          defaultValue={result?.values?.amount}
          className={INPUT_CLASS}
          {...invalidProps("amount", result?.errors?.amount)}
        />
        <FieldError id="amount" error={result?.errors?.amount} />
        <SubmitButton name="intent" value="offer" busy={busy} busyLabel="Sending…">
          Offer a partial refund
        </SubmitButton>
      </Form>
      <Form method="post" encType="multipart/form-data" aria-label="Dispute the claim" className="space-y-1">
        <label htmlFor="text" className="block font-medium">
          Why you disagree
        </label>
        <textarea
          id="text"
          name="text"
          rows={4}
          required
          defaultValue={result?.values?.text}
          className={`${INPUT_CLASS} w-full`}
          {...invalidProps("text", result?.errors?.text)}
        />
        <FieldError id="text" error={result?.errors?.text} />
        <label htmlFor="dispute-photos" className="block font-medium">
          Your photos (up to 4)
        </label>
        <input
          id="dispute-photos"
          name="photos"
          type="file"
          multiple
          accept={UPLOAD_RULES.claim.accept}
          {...invalidProps("photos", result?.errors?.photos)}
        />
        <FieldError id="photos" error={result?.errors?.photos} />
        <SubmitButton name="intent" value="dispute" busy={disputing} busyLabel="Sending…">
          Dispute the claim
        </SubmitButton>
      </Form>
    </section>
  );
}
