import { Form } from "react-router";
import { Panel } from "../kit/panel";
import { Field, FieldFrame, FormAlert, INPUT_CLASS, invalidProps, SubmitButton, useSubmitting } from "../forms";
import { priceText } from "../kit/product-cells";
import { formatGBP } from "../../domain/money";
import { formatLongDate } from "../../domain/dates";
import { REASON_MAX } from "../../domain/store-dashboard";
import type { StoreEditActionData } from "./product-edit-answer";

// The store's product edit page: Request Price Change — new prices suggested to the item's owner,
// one suggestion waiting at a time (decision 0067).

export const WAITING = "Your last suggestion for this item still waits for the owner's answer.";

const pounds = (pence: number | null) => (pence === null ? "" : (pence / 100).toFixed(2));

/** A suggested price (rental or buying) in pounds, blank to keep the current one. */
function SuggestedPrice({
  which,
  current,
  result,
}: {
  which: "Rental" | "Buying";
  current: number | null;
  result: StoreEditActionData | undefined;
}) {
  const name = `suggested${which}Price` as const;
  return (
    <Field
      label={`Suggested ${which.toLowerCase()} price (£)`}
      name={name}
      type="number"
      inputMode="decimal"
      min="0.01"
      step="0.01"
      placeholder={pounds(current)}
      hint={`Leave blank to keep ${priceText(current)}`}
      defaultValue={result?.values?.[name] ?? ""}
      error={result?.errors?.[name]}
    />
  );
}

export function PriceChangeForm({
  product,
  waiting,
  result,
}: {
  product: { rentalPrice: number | null; buyingPrice: number | null };
  waiting: { rental: number; buying: number; createdAt: number } | null;
  result: StoreEditActionData | undefined;
}) {
  // A suggested price that keeps the item's own says so, as the owner reads it (decision 0069).
  const kept = (suggested: number, now: number | null) => (suggested === now ? " (unchanged)" : "");
  const requesting = useSubmitting("request_price");
  const priceResult = result?.intent === "request_price" ? result : undefined;
  return (
    <Panel title="Request Price Change">
      {priceResult?.alert ? <FormAlert title={priceResult.alert.title} message={priceResult.alert.message} /> : null}
      {waiting ? (
        <p role="status" className="mt-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm">
          {`${WAITING} You suggested ${formatGBP(waiting.rental)} for 7 days${kept(waiting.rental, product.rentalPrice)} and ${formatGBP(waiting.buying)} to buy${kept(waiting.buying, product.buyingPrice)} on ${formatLongDate(waiting.createdAt)}.`}
        </p>
      ) : (
        <Form method="post" noValidate className="mt-2 space-y-3" aria-label="Request price change">
          <input type="hidden" name="intent" value="request_price" />
          <SuggestedPrice which="Rental" current={product.rentalPrice} result={priceResult} />
          <SuggestedPrice which="Buying" current={product.buyingPrice} result={priceResult} />
          <FieldFrame id="field-reason" label="Reason" required error={priceResult?.errors?.reason}>
            <textarea
              id="field-reason"
              name="reason"
              rows={3}
              required
              maxLength={REASON_MAX}
              defaultValue={priceResult?.values?.reason ?? ""}
              {...invalidProps("field-reason", priceResult?.errors?.reason)}
              className={INPUT_CLASS}
            />
          </FieldFrame>
          <SubmitButton busy={requesting} busyLabel="Sending...">
            Request Price Change
          </SubmitButton>
        </Form>
      )}
    </Panel>
  );
}
