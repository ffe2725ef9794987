import { data, Form, Link } from "react-router";
import type { Route } from "./+types/start-selling";
import { appContext } from "../../context";
import { sellerSignupMode, sellingCandidate } from "../../data/seller-requests.server";
import { formatLongDate } from "../../domain/dates";
import { readIntent } from "../../domain/intents";
import { maySellCheck, SELLER_TERMS_PAGE, SELLING_MESSAGES } from "../../domain/selling";
import { requireUser } from "../../services/guards.server";
import { startSelling } from "../../services/selling.server";
import { redirectWithToast } from "../../services/toast.server";
import { Field, FormAlert, SubmitButton, useSubmitting } from "../../components/forms";
import { PageHeading } from "../../components/page-heading";
import { ReturnAddressFields } from "../../components/return-address-fields";

// /account/start-selling (issue 27 item 7; decision 0057): a verified person becomes a seller —
// the seller terms accepted, a display name and a return address — at once when the site's
// sign-up is open, or by a request staff decide when it is 'by approval'. A plain form.

export const meta: Route.MetaFunction = () => [
  { title: "Start selling | Closetloop" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const user = requireUser(context, request);
  const [person, mode] = await Promise.all([sellingCandidate(app.db, user.id), sellerSignupMode(app.db)]);
  if (!person) throw data(null, { status: 404 });
  const check = maySellCheck(person, mode);
  return {
    // Sellers already: their dashboard is where they list.
    isVendor: user.isVendor,
    mode,
    refused: check.ok ? null : check.message,
    request: person.request,
    displayName: person.displayName ?? "",
    returnAddress: person.returnAddress,
  };
}

export const intents = ["start_selling"] as const;

export async function action({ request, context }: Route.ActionArgs) {
  const app = context.get(appContext);
  const user = requireUser(context, request);
  const form = await request.formData().catch(() => null);
  if (!form || !readIntent(form, intents))
    return data(
      { message: "Unknown action.", errors: {} as Record<string, string>, values: {} as Record<string, string> },
      { status: 400 },
    );
  const result = await startSelling(app, user.id, form, Date.now());
  if (!result.ok)
    return data(
      { message: result.message, errors: result.errors ?? {}, values: result.values ?? {} },
      { status: result.status },
    );
  if (result.mode === "open")
    return redirectWithToast(app.config, "/vendor", {
      type: "success",
      title: SELLING_MESSAGES.started,
      description: SELLING_MESSAGES.startedDescription,
    });
  return redirectWithToast(app.config, "/account?tab=products", {
    type: "success",
    title: SELLING_MESSAGES.requested,
    description: SELLING_MESSAGES.requestedDescription,
  });
}

export default function StartSelling({ loaderData, actionData }: Route.ComponentProps) {
  const { isVendor, mode, refused, request, displayName, returnAddress } = loaderData;
  const busy = useSubmitting("start_selling");
  const errors = actionData?.errors ?? {};
  const values = actionData?.values ?? {};
  return (
    <div className="mx-auto max-w-2xl px-4 py-8">
      <PageHeading
        title="Start selling"
        subtitle="Sell the clothes you no longer wear: shoppers rent them or buy them, and you are paid each week."
      />
      {refused ? (
        <div role="status" className="rounded-md border border-stone-300 bg-stone-50 p-4">
          <p>{refused}</p>
          {request?.status === "pending" ? (
            <p className="mt-1 text-sm text-stone-700">Sent on {formatLongDate(request.createdAt)}.</p>
          ) : null}
          {isVendor ? (
            <Link to="/vendor" className="mt-3 inline-block text-brand underline">
              Open your Seller Dashboard
            </Link>
          ) : (
            <Link to="/account?tab=products" className="mt-3 inline-block text-brand underline">
              Back to your account
            </Link>
          )}
        </div>
      ) : (
        <>
          <ol className="mb-6 list-decimal space-y-1 pl-5 text-sm text-stone-700">
            <li>
              Read and accept the{" "}
              <a href={`/pages/${SELLER_TERMS_PAGE}`} className="text-brand underline" target="_blank" rel="noreferrer">
                seller terms
              </a>
              .
            </li>
            <li>Choose the name shoppers see on your items and your profile page.</li>
            <li>Give the address rented and returned items come back to.</li>
            <li>
              {mode === "open"
                ? "List your first item: our team reviews every listing before it goes on sale."
                : "Our team reviews your request, usually within two working days, and e-mails you the answer."}
            </li>
          </ol>
          {request?.status === "declined" ? (
            <p role="status" className="mb-4 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm">
              Your last request was declined{request.rejectionReason ? `: ${request.rejectionReason}` : "."} You can ask
              again.
            </p>
          ) : null}
          {actionData?.message ? (
            <div className="mb-4">
              <FormAlert title={SELLING_MESSAGES.failed} message={actionData.message} />
            </div>
          ) : null}
          <Form method="post" noValidate className="space-y-6" aria-label="Start selling">
            <input type="hidden" name="intent" value="start_selling" />
            <Field
              label="Display name"
              name="displayName"
              required
              maxLength={40}
              autoComplete="nickname"
              hint="Shown on your items and at your profile's address."
              defaultValue={values.displayName ?? displayName}
              error={errors.displayName}
            />
            <fieldset className="grid gap-3 sm:grid-cols-2">
              <legend className="mb-2 font-semibold">Return address</legend>
              <ReturnAddressFields address={returnAddress} values={values} errors={errors} />
            </fieldset>
            <div>
              <label className="flex items-start gap-2">
                <input
                  type="checkbox"
                  name="acceptTerms"
                  defaultChecked={values.acceptTerms === "on"}
                  className="mt-1 size-4"
                  aria-describedby={errors.acceptTerms ? "accept-terms-error" : undefined}
                  aria-invalid={errors.acceptTerms ? true : undefined}
                />
                <span>
                  I have read and accept the{" "}
                  <a
                    href={`/pages/${SELLER_TERMS_PAGE}`}
                    className="text-brand underline"
                    target="_blank"
                    rel="noreferrer"
                  >
                    seller terms
                  </a>
                  .
                </span>
              </label>
              {errors.acceptTerms ? (
                <p id="accept-terms-error" className="mt-1 text-sm text-red-700">
                  {errors.acceptTerms}
                </p>
              ) : null}
            </div>
            <p className="text-sm text-stone-700">
              To be paid you will also set up payouts from your Seller Dashboard.
            </p>
            <SubmitButton busy={busy} busyLabel="Sending...">
              {mode === "open" ? "Start selling" : "Send request"}
            </SubmitButton>
          </Form>
        </>
      )}
    </div>
  );
}
