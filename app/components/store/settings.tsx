import { Form, Link } from "react-router";
import { Panel } from "../kit/panel";
import { FormAlert, SubmitButton, useSubmitting } from "../forms";
import { ReturnAddressFields } from "../return-address-fields";
import { ImageUpload } from "../image-upload";
import { showToast } from "../toasts";
import type { StoreActionData } from "../../routes/store/parts";

// The store dashboard's Settings tab (seller-store-admin.md §7; decision 0029): its description, logo
// and return address. Loaded with its tab (decision 0127).

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
