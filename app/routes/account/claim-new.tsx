import { data, Form, Link, redirect } from "react-router";
import type { Route } from "./+types/claim-new";
import { appContext } from "../../context";
import {
  BUYER_PROTECTION_PAGE,
  CLAIM_MESSAGES,
  CLAIM_PHOTOS_MAX,
  CLAIM_TEXT_MAX,
  isReason,
  readClaimText,
  REASON_LABELS,
  reasonsOffered,
  type ClaimReason,
} from "../../domain/claims";
import { readIntent } from "../../domain/intents";
import { UPLOAD_RULES } from "../../domain/uploads";
import { uploadBodyLimit } from "../../domain/upload-sizes";
import { FieldError, FormAlert, INPUT_CLASS, invalidProps, SubmitButton, useSubmitting } from "../../components/forms";
import { requireUser } from "../../services/guards.server";
import { everythingOk, feeDisputable, openClaim, refusal, shopperItem } from "../../services/claims.server";
import { redirectWithToast } from "../../services/toast.server";
import { commitImages, deleteImages, readImageField } from "../../services/uploads.server";

// Report a problem (issue 43 item 1; decision 0078): /account/orders/{orderId}/problem?item={itemId}.
// The order's own shopper only (anyone else: 'Order not found'); a reason the item offers now, a
// description and up to 4 photos through the upload pipeline. 'Everything is OK' posts here too.
// A plain multipart form: it works without JavaScript.

export const meta: Route.MetaFunction = () => [
  { title: "Report a problem | Closetloop" },
  { name: "robots", content: "noindex" },
];

/** Photos ride in the form's body (the request gate enforces it before the action runs). */
export const bodyLimit = uploadBodyLimit("claim");

export const intents = ["report", "everything_ok"] as const;

const notFound = () => data("Order not found", { status: 404 });

type Errors = Partial<Record<"reason" | "description" | "photos", string>>;
export interface ClaimFormData {
  errors?: Errors;
  values?: { reason?: string; description?: string };
  alert?: { title: string; message: string };
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const user = requireUser(context, request);
  const url = new URL(request.url);
  const item = await shopperItem(app, params.orderId, (url.searchParams.get("item") ?? "").slice(0, 100), user.id);
  if (!item) throw notFound();
  const now = Date.now();
  const fee = url.searchParams.get("fee") === "1";
  const offered: ClaimReason[] = fee
    ? feeDisputable(item, now)
      ? ["repair_fee"]
      : []
    : reasonsOffered({ ...item, claimed: Boolean(item.claimed) }, now);
  return { item: { id: item.id, name: item.name }, offered, fee };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const app = context.get(appContext);
  const user = requireUser(context, request);
  const form = await request.formData();
  const intent = readIntent(form, intents);
  const itemId = String(form.get("itemId") ?? "").slice(0, 100);
  const item = await shopperItem(app, params.orderId, itemId, user.id);
  if (!item) throw notFound();
  const now = Date.now();
  const orderPage = `/account/orders/${encodeURIComponent(params.orderId)}`;
  if (intent === "everything_ok") {
    if (!(await everythingOk(app, params.orderId, item.id, user.id, now))) {
      return data<ClaimFormData>(
        { alert: { title: "Nothing changed", message: "This item is not delivered yet, or you said so already." } },
        { status: 409 },
      );
    }
    return redirectWithToast(app.config, orderPage, {
      type: "success",
      title: "Thank you",
      description: `Glad ${item.name} is as it should be. The seller is paid with the next payout.`,
    });
  }
  if (intent !== "report")
    return data<ClaimFormData>({ alert: { title: "Error", message: "Unknown action." } }, { status: 400 });

  const values = {
    reason: String(form.get("reason") ?? "").slice(0, 40),
    description: String(form.get("description") ?? "").slice(0, CLAIM_TEXT_MAX + 100),
  };
  const fail = (status: number, errors: Errors) =>
    data<ClaimFormData>(
      { errors, values, alert: { title: "Problem not reported", message: Object.values(errors)[0]! } },
      { status },
    );
  const reason = values.reason;
  if (!isReason(reason)) return fail(400, { reason: CLAIM_MESSAGES.reason });
  const refused = refusal(item, reason, now);
  if (refused) return fail(refused.status, { reason: refused.message });
  const description = readClaimText(values.description);
  if (!description) return fail(400, { description: CLAIM_MESSAGES.description });
  const photos = await readImageField(form, app.env.IMAGES, {
    use: "claim",
    name: "photos",
    userId: user.id,
    existing: [],
  });
  if (!photos.ok) return fail(400, { photos: photos.error });

  const id = `claim_${crypto.randomUUID()}`;
  const stored = await commitImages(app.env.IMAGES, photos.images, (index, ext) => `claims/${id}/${index}.${ext}`);
  const result = await openClaim(
    app,
    { id, orderId: params.orderId, item, shopperId: user.id, reason, description, photos: stored.urls },
    now,
  );
  if (!result.ok) {
    await deleteImages(app.env.IMAGES, stored.urls);
    return fail(result.status, { reason: result.message });
  }
  throw redirect(`/account/claims/${id}?reported=1`);
}

export default function ReportProblem({ loaderData, actionData }: Route.ComponentProps) {
  const { item, offered, fee } = loaderData;
  const result = actionData as ClaimFormData | undefined;
  const busy = useSubmitting("report");
  const rule = UPLOAD_RULES.claim;
  return (
    <div className="mx-auto max-w-2xl space-y-4">
      <Link to=".." relative="path" className="text-sm text-brand underline">
        Back to the order
      </Link>
      <h1 className="text-2xl font-bold">
        {fee ? "Dispute the repair fee" : "Report a problem"}: {item.name}
      </h1>
      <p className="text-sm text-stone-700">
        Covered by{" "}
        <Link to={`/pages/${BUYER_PROTECTION_PAGE}`} className="text-brand underline">
          Buyer Protection
        </Link>
        . The seller answers within 3 days; if not, or if they disagree, our team decides.
      </p>
      {result?.alert ? <FormAlert title={result.alert.title} message={result.alert.message} /> : null}
      {offered.length === 0 ? (
        <p role="status" className="rounded-md border border-stone-200 bg-stone-50 p-3">
          {fee
            ? "This repair fee cannot be disputed now."
            : "A problem cannot be reported for this item now: it was reported already, or its time has passed."}
        </p>
      ) : (
        <Form method="post" encType="multipart/form-data" className="space-y-4" aria-label="Report a problem">
          <input type="hidden" name="itemId" value={item.id} />
          <fieldset {...invalidProps("reason", result?.errors?.reason)}>
            <legend className="font-medium">What went wrong?</legend>
            {offered.map((r) => (
              <label key={r} className="mt-1 flex items-center gap-2">
                <input
                  type="radio"
                  name="reason"
                  value={r}
                  defaultChecked={offered.length === 1 || result?.values?.reason === r}
                  required
                />
                {REASON_LABELS[r]}
              </label>
            ))}
            <FieldError id="reason" error={result?.errors?.reason} />
          </fieldset>
          <div>
            <label htmlFor="description" className="block font-medium">
              Describe the problem
            </label>
            <textarea
              id="description"
              name="description"
              rows={5}
              maxLength={CLAIM_TEXT_MAX}
              required
              defaultValue={result?.values?.description}
              className={`${INPUT_CLASS} w-full`}
              {...invalidProps("description", result?.errors?.description)}
            />
            <FieldError id="description" error={result?.errors?.description} />
          </div>
          <div>
            <label htmlFor="photos" className="block font-medium">
              Photos (up to {CLAIM_PHOTOS_MAX}, JPEG, PNG or WebP, 5 MB each)
            </label>
            <input
              id="photos"
              name="photos"
              type="file"
              multiple
              accept={rule.accept}
              className="mt-1 block"
              {...invalidProps("photos", result?.errors?.photos)}
            />
            <FieldError id="photos" error={result?.errors?.photos} />
          </div>
          <SubmitButton name="intent" value="report" busy={busy} busyLabel="Sending…">
            Report the problem
          </SubmitButton>
        </Form>
      )}
    </div>
  );
}
