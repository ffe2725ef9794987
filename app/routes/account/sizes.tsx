import { data, Form, Link } from "react-router";
import type { Route } from "./+types/sizes";
import { appContext } from "../../context";
import { savedSizes, saveSizes } from "../../data/my-sizes.server";
import { readIntent } from "../../domain/intents";
import { listingToReturnTo, MY_SIZE_SYSTEMS, mySizeField, mySizesLink, readMySizes } from "../../domain/my-sizes";
import { SIZE_SYSTEMS } from "../../domain/sizes";
import { requireUser } from "../../services/guards.server";
import { redirectWithToast } from "../../services/toast.server";
import { FormAlert, SubmitButton, useSubmitting } from "../../components/forms";
import { PageHeading } from "../../components/page-heading";

// /account/sizes (issue 25, item 3; docs/decisions/0049-my-sizes.md): the shopper's sizes, one per
// size system, for 'Show my sizes' on every listing. A plain form; `return` brings them back to
// the listing they came from once saved.

export const meta: Route.MetaFunction = () => [
  { title: "My sizes | Closetloop" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const user = requireUser(context, request);
  const back = new URL(request.url).searchParams.get("return");
  return { saved: await savedSizes(app.db, user.id), back: back ? listingToReturnTo(back) : null };
}

export const intents = ["save_sizes"] as const;

export async function action({ request, context }: Route.ActionArgs) {
  const app = context.get(appContext);
  const user = requireUser(context, request);
  const form = await request.formData().catch(() => null);
  if (!form || !readIntent(form, intents))
    return data({ errors: { form: "Unknown action." } as Partial<Record<string, string>> }, { status: 400 });
  const read = readMySizes(form);
  if (!read.ok) return data({ errors: read.errors }, { status: 400 });
  await saveSizes(app.db, user.id, read.sizes, Date.now());
  const back = form.get("return");
  // Back to the listing, already showing the sizes just saved.
  const to = typeof back === "string" && back ? mySizesLink(listingToReturnTo(back)) : "/account/sizes";
  return redirectWithToast(app.config, to, { type: "success", title: "Your sizes are saved" });
}

export default function MySizes({ loaderData, actionData }: Route.ComponentProps) {
  const { saved, back } = loaderData;
  const errors = actionData?.errors ?? {};
  const busy = useSubmitting("save_sizes");
  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      <PageHeading
        title="My sizes"
        subtitle="Save your sizes once; every listing then shows only what fits with 'Show my sizes'."
      />
      {errors.form ? <FormAlert title="Error" message={errors.form} /> : null}
      <Form method="post" className="space-y-4" aria-label="My sizes">
        {back ? <input type="hidden" name="return" value={back} /> : null}
        {back && Object.keys(saved).length === 0 ? (
          <p className="rounded-md border border-stone-200 bg-stone-50 p-3 text-sm">
            Save your sizes first: then we take you back to the listing, showing your sizes.
          </p>
        ) : null}
        <div className="grid gap-4 md:grid-cols-2">
          {MY_SIZE_SYSTEMS.map((system) => {
            const name = mySizeField(system);
            const error = errors[name];
            return (
              // Any number of sizes per system: between UK 10 and 12, both (issue 46 item 4).
              <fieldset
                key={system}
                className="flex flex-col gap-1"
                aria-describedby={error ? `field-${name}-error` : undefined}
              >
                <legend className="text-sm font-medium">{SIZE_SYSTEMS[system].label}</legend>
                <div className="flex flex-wrap gap-x-3 gap-y-1">
                  {SIZE_SYSTEMS[system].sizes.map((size) => (
                    <label key={size} className="flex items-center gap-1 text-sm whitespace-nowrap">
                      <input
                        type="checkbox"
                        name={name}
                        value={size}
                        defaultChecked={saved[system]?.includes(size) ?? false}
                      />
                      {size}
                    </label>
                  ))}
                </div>
                {error ? (
                  <p id={`field-${name}-error`} className="text-sm text-red-700">
                    {error}
                  </p>
                ) : null}
              </fieldset>
            );
          })}
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <SubmitButton busy={busy} busyLabel="Saving..." name="intent" value="save_sizes">
            Save my sizes
          </SubmitButton>
          <Link to={back ?? "/account"} className="rounded-md border border-stone-300 px-4 py-2 font-medium">
            {back ? "Back to the listing" : "Back to my account"}
          </Link>
        </div>
      </Form>
    </div>
  );
}
