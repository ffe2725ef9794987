import { data, Form, Link } from "react-router";
import type { Route } from "./+types/shipping";
import { appContext } from "../../context";
import { ownedStore, saveSellerShipping, saveStoreShipping, shippingOf } from "../../data/shipping.server";
import { readIntent } from "../../domain/intents";
import {
  MAX_ZONE_FEE,
  readShippingSettings,
  REACH_LABELS,
  SHIPPING_REACHES,
  UK_ONLY,
  type ShippingSettings,
  type ShippingSettingsErrors,
} from "../../domain/shipping-zones";
import { DELIVERY_FEE_PER_GROUP } from "../../domain/delivery";
import { formatGBP } from "../../domain/money";
import { requireUser } from "../../services/guards.server";
import { redirectWithToast } from "../../services/toast.server";
import { Field, FieldFrame, FormAlert, INPUT_CLASS, SubmitButton, useSubmitting } from "../../components/forms";
import { PageHeading } from "../../components/page-heading";

// /account/shipping (issue 45 item 4; decision 0086): where a handler ships and the fee of each
// zone. A seller sets their own; a store's owner sets the store's. Plain forms, no JavaScript needed.

export const meta: Route.MetaFunction = () => [
  { title: "Where you ship | Closetloop" },
  { name: "robots", content: "noindex" },
];

async function handlersOf(db: Parameters<typeof shippingOf>[0], user: { id: string; isVendor: boolean }) {
  const store = await ownedStore(db, user.id);
  const [seller, shop] = await Promise.all([
    user.isVendor ? shippingOf(db, "vendor", user.id) : null,
    store ? shippingOf(db, "store", store.id) : null,
  ]);
  return { seller, store: store ? { ...store, settings: shop ?? UK_ONLY } : null };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const user = requireUser(context, request);
  const handlers = await handlersOf(app.db, user);
  // Only sellers and stores post parcels.
  if (!handlers.seller && !handlers.store) throw data(null, { status: 404 });
  return handlers;
}

export const intents = ["save_shipping"] as const;

export interface ShippingActionData {
  scope: "seller" | "store";
  errors: ShippingSettingsErrors;
  values: Record<string, string>;
}

export async function action({ request, context }: Route.ActionArgs) {
  const app = context.get(appContext);
  const user = requireUser(context, request);
  const form = await request.formData().catch(() => null);
  const scope = form?.get("scope") === "store" ? "store" : "seller";
  const values = {
    reach: String(form?.get("reach") ?? "").slice(0, 20),
    europeFee: String(form?.get("europeFee") ?? "").slice(0, 20),
    worldFee: String(form?.get("worldFee") ?? "").slice(0, 20),
  };
  if (!form || !readIntent(form, intents))
    return data<ShippingActionData>({ scope, errors: { reach: "Unknown action." }, values }, { status: 400 });
  const handlers = await handlersOf(app.db, user);
  if (scope === "seller" ? !handlers.seller : !handlers.store) throw data(null, { status: 404 });
  const parsed = readShippingSettings(values);
  if (!parsed.ok) return data<ShippingActionData>({ scope, errors: parsed.errors, values }, { status: 400 });
  const now = Date.now();
  if (scope === "store") await saveStoreShipping(app.db, user.id, handlers.store!.id, parsed.value);
  else await saveSellerShipping(app.db, user.id, parsed.value, now);
  return redirectWithToast(app.config, "/account/shipping", {
    type: "success",
    title: "Shipping saved",
    description: `${REACH_LABELS[parsed.value.reach]}.`,
  });
}

const pounds = (pence: number | null) => (pence === null ? "" : (pence / 100).toFixed(2));

function ShippingForm({
  scope,
  title,
  settings,
  result,
}: {
  scope: "seller" | "store";
  title: string;
  settings: ShippingSettings;
  result?: ShippingActionData;
}) {
  const busy = useSubmitting("save_shipping");
  const errors = result?.errors ?? {};
  const value = (field: "europeFee" | "worldFee") => result?.values[field] ?? pounds(settings[field]);
  return (
    <section aria-labelledby={`ship-${scope}`} className="rounded-lg border border-stone-200 bg-white p-4">
      <h2 id={`ship-${scope}`} className="text-xl font-semibold">
        {title}
      </h2>
      {result ? (
        <div className="mt-2">
          <FormAlert title="Shipping not saved" message="Please correct the fields marked below." />
        </div>
      ) : null}
      <Form method="post" noValidate className="mt-3 space-y-3" aria-label={title}>
        <input type="hidden" name="intent" value="save_shipping" />
        <input type="hidden" name="scope" value={scope} />
        <FieldFrame id={`${scope}-reach`} label="Where you ship" required error={errors.reach}>
          <select
            id={`${scope}-reach`}
            name="reach"
            defaultValue={result?.values.reach ?? settings.reach}
            className={INPUT_CLASS}
          >
            {SHIPPING_REACHES.map((r) => (
              <option key={r} value={r}>
                {REACH_LABELS[r]}
              </option>
            ))}
          </select>
        </FieldFrame>
        <p className="text-sm text-stone-700">{`United Kingdom: ${formatGBP(DELIVERY_FEE_PER_GROUP)} per parcel, as everywhere on Closetloop.`}</p>
        <Field
          id={`${scope}-europe`}
          label="Delivery fee to Europe (£)"
          name="europeFee"
          inputMode="decimal"
          defaultValue={value("europeFee")}
          error={errors.europeFee}
          hint={`Needed when you ship to Europe; up to ${formatGBP(MAX_ZONE_FEE)}.`}
        />
        <Field
          id={`${scope}-world`}
          label="Delivery fee to the rest of the world (£)"
          name="worldFee"
          inputMode="decimal"
          defaultValue={value("worldFee")}
          error={errors.worldFee}
          hint="Needed when you ship worldwide."
        />
        <SubmitButton busy={busy} busyLabel="Saving...">
          Save shipping
        </SubmitButton>
      </Form>
    </section>
  );
}

export default function Shipping({ loaderData, actionData }: Route.ComponentProps) {
  const { seller, store } = loaderData;
  return (
    <div className="mx-auto max-w-2xl space-y-6 px-4 py-8">
      <PageHeading
        title="Where you ship"
        subtitle="Shoppers abroad see your items' delivery to their country, and pay the fee of their zone for each parcel."
      />
      {seller ? (
        <ShippingForm
          scope="seller"
          title="Your items"
          settings={seller}
          result={actionData?.scope === "seller" ? actionData : undefined}
        />
      ) : null}
      {store ? (
        <ShippingForm
          scope="store"
          title={`${store.name}`}
          settings={store.settings}
          result={actionData?.scope === "store" ? actionData : undefined}
        />
      ) : null}
      <Link to="/account" className="inline-block text-brand underline">
        Back to your account
      </Link>
    </div>
  );
}
