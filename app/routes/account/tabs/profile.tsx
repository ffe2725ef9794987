import { Form, Link } from "react-router";
import {
  ALWAYS_EMAILED,
  CATEGORY_LABELS,
  CATEGORY_NOTES,
  NOTIFICATION_CATEGORIES,
} from "../../../domain/notifications";
import { Panel } from "../../../components/kit/panel";
import { Field, FormAlert, SubmitButton, useSubmitting } from "../../../components/forms";
import { ImageUpload } from "../../../components/image-upload";
import { ReturnAddressFields } from "../../../components/return-address-fields";
import { DataPrivacy } from "./data-privacy";
import type { AccountActionData, LoaderData } from "./types";

/** Each notification category: e-mailed, or in the notification centre only (issue 23). */
function NotificationSettings({
  off,
  result,
}: {
  off: readonly string[];
  result?: { alert?: { title: string; message: string } };
}) {
  return (
    <Panel title="E-mail notifications" id="notification-settings">
      <p className="text-sm text-stone-700">
        Everything appears in your{" "}
        <Link to="/account/notifications" className="text-brand underline">
          notifications
        </Link>
        . Choose what we also e-mail you.
      </p>
      {result?.alert ? <FormAlert title={result.alert.title} message={result.alert.message} /> : null}
      <Form method="post" action="/account?tab=profile" className="mt-3 space-y-2" aria-label="E-mail notifications">
        <fieldset>
          <legend className="sr-only">E-mail me about</legend>
          {NOTIFICATION_CATEGORIES.map((category) => (
            <label key={category} className="flex items-start gap-2 py-1 text-sm">
              <input
                type="checkbox"
                name="email"
                value={category}
                defaultChecked={ALWAYS_EMAILED.has(category) || !off.includes(category)}
                disabled={ALWAYS_EMAILED.has(category)}
                aria-describedby={`email-note-${category}`}
                className="mt-0.5 size-4 shrink-0"
              />
              <span>
                {CATEGORY_LABELS[category]}
                <span id={`email-note-${category}`} className="block text-xs text-stone-600">
                  {CATEGORY_NOTES[category]}
                </span>
              </span>
            </label>
          ))}
        </fieldset>
        <button
          type="submit"
          name="intent"
          value="notification_preferences"
          className="rounded-md bg-brand px-4 py-2 text-sm font-semibold text-white"
        >
          Save e-mail settings
        </button>
      </Form>
    </Panel>
  );
}

/** A seller's return address: rentals and returned purchases come back here (issue 22). */
function ReturnAddressForm({
  address,
  result,
}: {
  address: Record<string, string | undefined> | null;
  result?: AccountActionData;
}) {
  const busy = useSubmitting("return_address");
  return (
    <Panel title="Return address">
      <p className="mb-3 text-sm text-stone-700">
        Where items you sell come back when a shopper returns them. A rental listing is approved only once it is set.
      </p>
      {result?.alert ? <FormAlert title={result.alert.title} message={result.alert.message} /> : null}
      <Form
        method="post"
        action="/account?tab=profile"
        noValidate
        className="mt-2 grid gap-3 sm:grid-cols-2"
        aria-label="Return address"
      >
        <input type="hidden" name="intent" value="return_address" />
        <ReturnAddressFields address={address} values={result?.values} errors={result?.errors} />
        <div className="sm:col-span-2">
          <SubmitButton busy={busy} busyLabel="Saving...">
            Save return address
          </SubmitButton>
        </div>
      </Form>
    </Panel>
  );
}

export function Profile({ data, result }: { data: LoaderData; result?: AccountActionData }) {
  const profile = "profile" in data ? data.profile : null;
  const uploading = useSubmitting("avatar");
  const saving = useSubmitting("profile");
  if (!profile) return null;
  const avatarResult = result?.intent === "avatar" ? result : undefined;
  const profileResult = result?.intent === "profile" ? result : undefined;
  const values = profileResult?.values;
  return (
    <div className="max-w-2xl">
      <Panel title="Profile picture">
        <Form
          method="post"
          action="/account?tab=profile"
          encType="multipart/form-data"
          className="space-y-4"
          aria-label="Profile picture"
        >
          <input type="hidden" name="intent" value="avatar" />
          <ImageUpload
            key={profile.avatarUrl ?? "none"}
            name="avatar"
            use="avatar"
            label="Profile picture"
            existing={profile.avatarUrl ? [profile.avatarUrl] : []}
            error={avatarResult?.errors?.avatar}
          />
          <SubmitButton busy={uploading} busyLabel="Uploading...">
            Save picture
          </SubmitButton>
        </Form>
      </Panel>

      <Panel title="Profile details">
        {profileResult?.alert ? (
          <FormAlert title={profileResult.alert.title} message={profileResult.alert.message} />
        ) : null}
        <Form
          method="post"
          action="/account?tab=profile"
          noValidate
          className="mt-2 space-y-4"
          aria-label="Profile details"
        >
          <input type="hidden" name="intent" value="profile" />
          <Field
            label="Full name"
            name="fullName"
            autoComplete="name"
            required
            maxLength={300}
            defaultValue={values?.fullName ?? profile.fullName ?? ""}
            error={profileResult?.errors?.fullName}
          />
          <Field
            label="Display name"
            name="displayName"
            autoComplete="nickname"
            required
            maxLength={300}
            defaultValue={values?.displayName ?? profile.displayName ?? ""}
            error={profileResult?.errors?.displayName}
            hint="Shown on your public seller page, at closetloop's address followed by /your display name."
          />
          <Field
            label="Email"
            name="email"
            type="email"
            autoComplete="email"
            required
            maxLength={300}
            defaultValue={values?.email ?? profile.email}
            error={profileResult?.errors?.email}
            hint={
              profile.pendingEmail
                ? `Waiting for confirmation: we sent a link to ${profile.pendingEmail}. Your email changes when you open it.`
                : "A new address is used once you confirm it from the link we send there."
            }
          />
          <SubmitButton busy={saving} busyLabel="Saving...">
            Save Changes
          </SubmitButton>
        </Form>
      </Panel>

      {data.isVendor ? (
        <ReturnAddressForm
          address={profile.returnAddress}
          result={result?.intent === "return_address" ? result : undefined}
        />
      ) : null}

      <NotificationSettings
        off={"emailOff" in data ? (data.emailOff ?? []) : []}
        result={result?.intent === "notification_preferences" ? result : undefined}
      />

      <DataPrivacy result={result?.intent === "delete_account" ? result : undefined} />
    </div>
  );
}
