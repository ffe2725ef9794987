import { Form, Link } from "react-router";
import { EmptyState, Panel } from "../../components/kit/panel";
import { FormAlert, SubmitButton, useSubmitting } from "../../components/forms";
import { ReturnAddressFields } from "../../components/return-address-fields";
import { ImageUpload } from "../../components/image-upload";
import { PageHeading } from "../../components/page-heading";
import { showToast } from "../../components/toaster";
import { PayoutSetup, PayReadinessPanel } from "../../components/seller/pay-readiness";

export interface StoreActionData {
  /** One of the route's intents (index.tsx), or null. */
  intent: string | null;
  alert?: { title: string; message: string };
  /** By field: `description`, `logo`, `reason`, the address's `address.postalCode` and the like. */
  errors?: Partial<Record<string, string>>;
  values?: Partial<Record<string, string>>;
  /** The form the errors belong to (a concierge request's reject form: `reject-{productId}`). */
  form?: string;
}

// The store dashboard's settings, payouts and store chooser (seller-store-admin.md §7; decisions
// 0029, 0056). Split from index.tsx (issue 28: files of one purpose).

export function StoreSettings({
  store,
  action,
  result,
}: {
  store: {
    id: string;
    name: string;
    contactEmail: string | null;
    logoUrl: string | null;
    about: string;
    address: Record<string, string | undefined>;
    oldAddress: string | null;
  };
  action: string;
  result?: StoreActionData;
}) {
  const saving = useSubmitting("save_settings");
  const values = result?.values;
  return (
    <Panel title="Store Settings">
      {result?.alert ? (
        <div className="mb-4">
          <FormAlert title={result.alert.title} message={result.alert.message} />
        </div>
      ) : null}
      <Form
        method="post"
        action={action}
        encType="multipart/form-data"
        noValidate
        className="max-w-2xl space-y-4"
        aria-label="Store settings"
      >
        <input type="hidden" name="intent" value="save_settings" />
        {/* Fixed by staff: shown as text, not as fields that look editable (issue 24). */}
        <dl className="grid gap-3 sm:grid-cols-[10rem_1fr]" aria-describedby="store-fixed-note">
          <dt className="text-sm font-medium">Store name</dt>
          <dd className="font-semibold">{store.name}</dd>
          <dt className="text-sm font-medium">Contact email</dt>
          <dd>{store.contactEmail ?? "—"}</dd>
        </dl>
        <p id="store-fixed-note" className="text-sm text-stone-600">
          Contact support to change your store name
        </p>
        <p className="text-sm">
          <Link to="/account/shipping" className="text-brand underline">
            Where the store ships, and its delivery fees
          </Link>
        </p>
        <div className="flex flex-col gap-1">
          <label htmlFor="field-description" className="text-sm font-medium">
            Description
          </label>
          <textarea
            id="field-description"
            name="description"
            rows={4}
            maxLength={2000}
            defaultValue={values?.description ?? store.about}
            aria-invalid={result?.errors?.description ? true : undefined}
            aria-describedby={result?.errors?.description ? "field-description-error" : undefined}
            className="rounded-md border border-stone-300 bg-white px-3 py-2"
          />
          {result?.errors?.description ? (
            <p id="field-description-error" className="text-sm text-red-700">
              {result.errors.description}
            </p>
          ) : null}
        </div>
        <fieldset className="space-y-3">
          <legend className="text-sm font-medium">Store address</legend>
          {store.oldAddress ? (
            <p className="text-sm text-stone-700">{`As written before: ${store.oldAddress}. Enter it in the fields below to use it on labels; left empty, it stays as it is.`}</p>
          ) : null}
          {/* Each country's fields and checks, as at checkout (decision 0094); the sender's address on labels. */}
          <ReturnAddressFields prefix="address" address={store.address} values={values} errors={result?.errors} />
        </fieldset>
        <ImageUpload
          key={store.logoUrl ?? "none"}
          name="logo"
          use="storeLogo"
          label="Store logo"
          existing={store.logoUrl ? [store.logoUrl] : []}
          error={result?.errors?.logo}
          onStaged={() =>
            showToast({ type: "success", title: "Logo uploaded", description: "Click Save Changes to apply" })
          }
        />
        <SubmitButton busy={saving} busyLabel="Saving...">
          Save Changes
        </SubmitButton>
      </Form>
    </Panel>
  );
}

/** The store's payouts (decision 0056): what is missing before it can be paid, and 'Set up payouts' for its owner. */
export function StorePayouts({
  status,
  action,
  mayOnboard,
  owed,
}: {
  status: "not_started" | "pending_verification" | "active";
  action: string;
  mayOnboard: boolean;
  owed: number;
}) {
  if (mayOnboard)
    return (
      <PayReadinessPanel
        readiness={{ returnAddress: true, payouts: status === "active" }}
        payoutStatus={status}
        action={action}
        owed={owed}
      />
    );
  return (
    <section aria-label="Payouts" className="mb-6 rounded-lg border border-stone-200 bg-white p-4">
      <PayoutSetup status={status} action={action} canSetUp={false} owed={owed} />
    </section>
  );
}

export function StoreChooser({ choices }: { choices: { id: string; name: string }[] }) {
  return (
    <div>
      <PageHeading title="Store Dashboard" subtitle="Choose which store to open." />
      {choices.length === 0 ? (
        <EmptyState>No stores yet.</EmptyState>
      ) : (
        <Form method="get" action="/store" className="flex max-w-md items-end gap-2">
          <div className="flex flex-1 flex-col gap-1">
            <label htmlFor="store-choice" className="text-sm font-medium">
              Store
            </label>
            <select id="store-choice" name="store" className="rounded-md border border-stone-300 bg-white px-3 py-2">
              {choices.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.name}
                </option>
              ))}
            </select>
          </div>
          <button type="submit" className="rounded-md bg-brand px-4 py-2 font-medium text-white">
            Open store
          </button>
        </Form>
      )}
    </div>
  );
}
