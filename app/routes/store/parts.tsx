import { Form } from "react-router";
import { EmptyState } from "../../components/kit/panel";
import { PageHeading } from "../../components/page-heading";
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

// The store dashboard's payouts and store chooser (seller-store-admin.md §7; decisions 0029, 0056).
// Split from index.tsx (issue 28: files of one purpose); its settings are components/store/settings.tsx.

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
