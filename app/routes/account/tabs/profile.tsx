import { useState, type FormEvent } from "react";
import { Form, Link } from "react-router";
import { ALWAYS_EMAILED, CATEGORY_LABELS, CATEGORY_NOTES, NOTIFICATION_CATEGORIES } from "../../../domain/notifications";
import { Panel } from "../../../components/kit/panel";
import { Field, FormAlert, SubmitButton, useSubmitting, busyProps } from "../../../components/forms";
import { ImageUpload } from "../../../components/image-upload";
import { ReturnAddressFields } from "../../../components/return-address-fields";
import { showToast } from "../../../components/toaster";
import type { AccountActionData, LoaderData } from "./types";

/** Each notification category: e-mailed, or in the notification centre only (issue 23). */
function NotificationSettings({ off, result }: { off: readonly string[]; result?: { alert?: { title: string; message: string } } }) {
  return (
    <Panel title="E-mail notifications" id="notification-settings">
      <p className="text-sm text-stone-700">Everything appears in your <Link to="/account/notifications" className="text-brand underline">notifications</Link>. Choose what we also e-mail you.</p>
      {result?.alert ? <FormAlert title={result.alert.title} message={result.alert.message} /> : null}
      <Form method="post" action="/account?tab=profile" className="mt-3 space-y-2" aria-label="E-mail notifications">
        <fieldset>
          <legend className="sr-only">E-mail me about</legend>
          {NOTIFICATION_CATEGORIES.map((category) => (
            <label key={category} className="flex items-start gap-2 py-1 text-sm">
              <input type="checkbox" name="email" value={category} defaultChecked={ALWAYS_EMAILED.has(category) || !off.includes(category)} disabled={ALWAYS_EMAILED.has(category)} aria-describedby={`email-note-${category}`} className="mt-0.5 size-4 shrink-0" />
              <span>
                {CATEGORY_LABELS[category]}
                <span id={`email-note-${category}`} className="block text-xs text-stone-600">{CATEGORY_NOTES[category]}</span>
              </span>
            </label>
          ))}
        </fieldset>
        <button type="submit" name="intent" value="notification_preferences" className="rounded-md bg-brand px-4 py-2 text-sm font-semibold text-white">Save e-mail settings</button>
      </Form>
    </Panel>
  );
}

/** A seller's return address: rentals and returned purchases come back here (issue 22). */
function ReturnAddressForm({ address, result }: { address: Record<string, string | undefined> | null; result?: AccountActionData }) {
  const busy = useSubmitting("return_address");
  return (
    <Panel title="Return address">
      <p className="mb-3 text-sm text-stone-700">Where items you sell come back when a shopper returns them. A rental listing is approved only once it is set.</p>
      {result?.alert ? <FormAlert title={result.alert.title} message={result.alert.message} /> : null}
      <Form method="post" action="/account?tab=profile" noValidate className="mt-2 grid gap-3 sm:grid-cols-2" aria-label="Return address">
        <input type="hidden" name="intent" value="return_address" />
        <ReturnAddressFields address={address} values={result?.values} errors={result?.errors} />
        <div className="sm:col-span-2">
          <SubmitButton busy={busy} busyLabel="Saving...">Save return address</SubmitButton>
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
        <Form method="post" action="/account?tab=profile" encType="multipart/form-data" className="space-y-4" aria-label="Profile picture">
          <input type="hidden" name="intent" value="avatar" />
          <ImageUpload key={profile.avatarUrl ?? "none"} name="avatar" use="avatar" label="Profile picture" existing={profile.avatarUrl ? [profile.avatarUrl] : []} error={avatarResult?.errors?.avatar} />
          <SubmitButton busy={uploading} busyLabel="Uploading...">Save picture</SubmitButton>
        </Form>
      </Panel>

      <Panel title="Profile details">
        {profileResult?.alert ? <FormAlert title={profileResult.alert.title} message={profileResult.alert.message} /> : null}
        <Form method="post" action="/account?tab=profile" noValidate className="mt-2 space-y-4" aria-label="Profile details">
          <input type="hidden" name="intent" value="profile" />
          <Field label="Full name" name="fullName" autoComplete="name" required maxLength={300} defaultValue={values?.fullName ?? profile.fullName ?? ""} error={profileResult?.errors?.fullName} />
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
            hint={profile.pendingEmail ? `Waiting for confirmation: we sent a link to ${profile.pendingEmail}. Your email changes when you open it.` : "A new address is used once you confirm it from the link we send there."}
          />
          <SubmitButton busy={saving} busyLabel="Saving...">Save Changes</SubmitButton>
        </Form>
      </Panel>

      {data.isVendor ? <ReturnAddressForm address={profile.returnAddress} result={result?.intent === "return_address" ? result : undefined} /> : null}

      <NotificationSettings off={"emailOff" in data ? (data.emailOff ?? []) : []} result={result?.intent === "notification_preferences" ? result : undefined} />

      <DataPrivacy result={result?.intent === "delete_account" ? result : undefined} />
    </div>
  );
}

/** Downloads the export with JavaScript (with 'Exporting...' and a toast); without it the browser downloads the answer itself. */
function useExport() {
  const [exporting, setExporting] = useState(false);
  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setExporting(true);
    try {
      const response = await fetch(event.currentTarget.action, { method: "POST", body: new FormData(event.currentTarget), headers: { accept: "application/json" } });
      if (!response.ok) throw new Error(`export answered ${response.status}`);
      const name = /filename="([^"]+)"/.exec(response.headers.get("content-disposition") ?? "")?.[1] ?? "closetloop-data.json";
      const url = URL.createObjectURL(await response.blob());
      const link = document.createElement("a");
      link.href = url;
      link.download = name;
      document.body.appendChild(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
      showToast({ type: "success", title: "Data Export Complete", description: "Your personal data has been downloaded as a JSON file." });
    } catch {
      showToast({ type: "error", title: "Export Failed", description: "There was an error exporting your data. Please try again." });
    } finally {
      setExporting(false);
    }
  }
  return { exporting, onSubmit };
}

function DataPrivacy({ result }: { result?: AccountActionData }) {
  const { exporting, onSubmit } = useExport();
  const deleting = useSubmitting("delete_account");
  return (
    <Panel title="Data privacy">
      <p className="text-sm text-stone-700">Under the UK GDPR you can take a copy of your data with you, or delete your account and the data that goes with it.</p>
      <div className="mt-4 flex flex-wrap items-start gap-4">
        {/* A plain form: the answer is a file, which the browser downloads without leaving the page. */}
        <form method="post" action="/account/export" onSubmit={onSubmit}>
          <button type="submit" {...busyProps(exporting)} className="rounded-md border border-stone-300 px-4 py-2 font-medium aria-disabled:opacity-60">
            {exporting ? "Exporting..." : "Export my data"}
          </button>
        </form>
        <details className="w-full rounded-md border border-red-200 bg-red-50/40 p-0 open:p-4 sm:w-auto sm:flex-1" open={Boolean(result)}>
          <summary className="inline-block cursor-pointer rounded-md border border-red-300 bg-white px-4 py-2 font-medium text-red-800">Delete my account</summary>
          <div role="dialog" aria-labelledby="delete-account-title" className="mt-4 space-y-3">
            <h3 id="delete-account-title" className="text-lg font-semibold text-red-900">Delete your account?</h3>
            <p className="text-sm">This permanently deletes your account and all associated data. It cannot be undone. Before you go:</p>
            <ul className="list-disc space-y-1 pl-5 text-sm">
              <li><strong>Export your data first</strong> if you want a copy: once deleted, it cannot be recovered.</li>
              <li><strong>Finish your orders first</strong>: an account with an order in progress cannot be deleted. An order that has not been posted can be cancelled from its page in <a href="/account?tab=orders" className="underline">My Orders</a>; a rental ends when you return it or buy it.</li>
              <li><strong>Remove the products you want to transfer</strong> to someone else: your listings are deleted with your account.</li>
            </ul>
            {result?.alert ? <FormAlert title={result.alert.title} message={result.alert.message} /> : null}
            <Form method="post" action="/account?tab=profile" noValidate className="space-y-3" aria-label="Delete my account">
              <input type="hidden" name="intent" value="delete_account" />
              <Field label="Enter your password to confirm" name="password" id="delete-password" type="password" autoComplete="current-password" required error={result?.errors?.password} />
              <button type="submit" {...busyProps(deleting)} className="rounded-md bg-red-700 px-4 py-2 font-semibold text-white aria-disabled:opacity-60">
                {deleting ? "Deleting..." : "Delete my account permanently"}
              </button>
            </Form>
          </div>
        </details>
      </div>
    </Panel>
  );
}
