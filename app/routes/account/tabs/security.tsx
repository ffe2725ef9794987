import { Form } from "react-router";
import { Panel } from "../../../components/kit/panel";
import { Field, FormAlert, SubmitButton, useSubmitting } from "../../../components/forms";
import type { AccountActionData } from "./types";

export function Security({ result }: { result?: AccountActionData }) {
  const busy = useSubmitting("password");
  return (
    <div className="max-w-md">
      <Panel title="Change password">
        {result?.alert ? <FormAlert title={result.alert.title} message={result.alert.message} /> : null}
        <Form
          method="post"
          action="/account?tab=security"
          noValidate
          className="mt-2 space-y-4"
          aria-label="Change password"
        >
          <input type="hidden" name="intent" value="password" />
          <Field
            label="Current password"
            name="currentPassword"
            type="password"
            autoComplete="current-password"
            required
            error={result?.errors?.currentPassword}
          />
          <Field
            label="New password"
            name="newPassword"
            type="password"
            autoComplete="new-password"
            required
            error={result?.errors?.newPassword}
            hint="At least 6 characters"
          />
          <Field
            label="Confirm new password"
            name="confirmPassword"
            type="password"
            autoComplete="new-password"
            required
            error={result?.errors?.confirmPassword}
          />
          <SubmitButton busy={busy} busyLabel="Updating...">
            Update Password
          </SubmitButton>
        </Form>
      </Panel>
    </div>
  );
}
