import { useEffect, useState } from "react";
import { Form } from "react-router";
import { Panel } from "../kit/panel";
import { FieldFrame, FormAlert, INPUT_CLASS, invalidProps, SubmitButton, useSubmitting } from "../forms";
import { REASON_MAX as DECISION_REASON_MAX } from "../../domain/decision-reason";
import { REVIEW_STATUSES, type ReviewStatus } from "../../domain/admin-products";
import type { StoreEditActionData } from "./product-edit-answer";

// The store's product edit page: Product Status, the store's concierge answer (decision 0030) —
// approved, or rejected with a reason shown to the seller.

export function ProductStatusForm({
  current,
  result,
}: {
  current: ReviewStatus;
  result: StoreEditActionData | undefined;
}) {
  const [status, setStatus] = useState(current);
  // Only once JavaScript runs can the button follow the select; without it the server answers 'No change'.
  const [enhanced, setEnhanced] = useState(false);
  useEffect(() => setEnhanced(true), []);
  useEffect(() => setStatus(current), [current]);
  const updating = useSubmitting("update_status");
  const statusResult = result?.intent === "update_status" ? result : undefined;
  return (
    <Panel title="Product Status">
      {statusResult?.alert ? <FormAlert title={statusResult.alert.title} message={statusResult.alert.message} /> : null}
      <Form method="post" className="mt-2 flex flex-wrap items-end gap-2" aria-label="Product status">
        <input type="hidden" name="intent" value="update_status" />
        <FieldFrame id="product-status" label="Status">
          <select
            id="product-status"
            name="status"
            value={status}
            onChange={(e) => setStatus(e.currentTarget.value as typeof status)}
            className={INPUT_CLASS}
          >
            {REVIEW_STATUSES.map((s) => (
              <option key={s} value={s}>
                {s[0]!.toUpperCase() + s.slice(1)}
              </option>
            ))}
          </select>
        </FieldFrame>
        <FieldFrame
          id="status-reason"
          label="Reason (needed to reject; shown to the seller)"
          error={statusResult?.errors?.reason}
          className="basis-full"
        >
          <textarea
            id="status-reason"
            name="reason"
            rows={2}
            maxLength={DECISION_REASON_MAX}
            {...invalidProps("status-reason", statusResult?.errors?.reason)}
            className={INPUT_CLASS}
          />
        </FieldFrame>
        {/* Disabled while unchanged once JavaScript runs; without it the server answers 'No change'. */}
        <SubmitButton busy={updating} busyLabel="Updating..." disabled={enhanced && status === current}>
          Update
        </SubmitButton>
      </Form>
    </Panel>
  );
}
