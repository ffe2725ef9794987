import { data, Form, Link } from "react-router";
import type { Route } from "./+types/rate-shopper";
import { appContext } from "../../context";
import { insertShopperRating, sellerRatingTarget } from "../../data/ratings.server";
import { ReviewForm } from "../../domain/account-forms";
import { REVIEW_COMMENT_MAX } from "../../domain/account";
import { formatLongDate } from "../../domain/dates";
import { RATING_MESSAGES, ratingDeadline } from "../../domain/ratings";
import { checkForm } from "../../domain/submission";
import { requireUser } from "../../services/guards.server";
import { redirectWithToast } from "../../services/toast.server";
import { FormAlert, SubmitButton, useSubmitting } from "../../components/forms";
import { PageHeading } from "../../components/page-heading";
import { showReference } from "../../domain/order-reference";

// /account/ratings/:itemId (issue 46 item 2; decision 0091): the seller of a completed trade rates
// its shopper, once, within 30 days (the shopper's side is the review on their order page). Only
// the item's seller may open it (ownership in the query's WHERE); a refused rating says why with a
// 4xx and writes nothing.

export const meta: Route.MetaFunction = () => [
  { title: "Rate the shopper | Closetloop" },
  { name: "robots", content: "noindex" },
];

const notFound = () => data("Not found", { status: 404 });

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const user = requireUser(context, request);
  const target = await sellerRatingTarget(app.db, params.itemId.slice(0, 100), user.id, Date.now());
  if (!target) throw notFound();
  const { shopperId: _shopper, ...shown } = target;
  return { target: shown };
}

export const intents = ["rate"] as const;

type RateResult = {
  errors?: { rating?: string; comment?: string };
  alert?: string;
  values?: { rating: string; comment: string };
};

export async function action({ request, context, params }: Route.ActionArgs) {
  const app = context.get(appContext);
  const user = requireUser(context, request);
  const now = Date.now();
  const target = await sellerRatingTarget(app.db, params.itemId.slice(0, 100), user.id, now);
  if (!target) throw notFound();
  const form = await request.formData().catch(() => null);
  if (!form) return data<RateResult>({ alert: "Please choose a rating from 1 to 5" }, { status: 400 });
  form.set("itemId", target.id);
  const values = {
    rating: String(form.get("rating") ?? "").slice(0, 10),
    comment: String(form.get("comment") ?? "").slice(0, REVIEW_COMMENT_MAX + 100),
  };
  const parsed = checkForm(form, ReviewForm);
  if (!parsed.ok)
    return data<RateResult>(
      { errors: parsed.errors, alert: Object.values(parsed.errors)[0] ?? "", values },
      { status: 400 },
    );
  const saved = await insertShopperRating(
    app.db,
    target,
    user.id,
    { rating: parsed.value.rating, comment: parsed.value.comment },
    now,
  );
  if (saved !== "created") {
    const message =
      saved === "duplicate"
        ? RATING_MESSAGES.twice
        : saved === "closed"
          ? RATING_MESSAGES.closed
          : RATING_MESSAGES.notYet;
    return data<RateResult>({ alert: message, values }, { status: 409 });
  }
  return redirectWithToast(app.config, `/account/ratings/${target.id}`, {
    type: "success",
    title: "Rating saved",
    description: "Thank you. Ratings help every seller know their shoppers.",
  });
}

export default function RateShopper({ loaderData, actionData }: Route.ComponentProps) {
  const { target } = loaderData;
  const busy = useSubmitting("rate");
  const shopper = target.shopperName ?? "the shopper";
  return (
    <div className="mx-auto max-w-xl space-y-4">
      <PageHeading
        title="Rate the shopper"
        subtitle={`${target.name} · order ${showReference(target.orderReference)}`}
      />
      <Link to="/vendor" className="text-sm text-brand underline">
        Back to your dashboard
      </Link>
      {target.rating !== null ? (
        <div className="rounded-md bg-stone-100 p-4">
          <p className="font-semibold">{`Your rating of ${shopper}`}</p>
          <p>
            <span aria-label={`${target.rating} out of 5 stars`} className="text-accent">
              {"★".repeat(target.rating)}
            </span>
            <span className="text-stone-300" aria-hidden="true">
              {"★".repeat(5 - target.rating)}
            </span>
          </p>
          {target.comment ? <p>{target.comment}</p> : null}
        </div>
      ) : target.window !== "open" ? (
        <p role="status" className="rounded-md bg-stone-100 p-4">
          {target.window === "closed" ? RATING_MESSAGES.closed : RATING_MESSAGES.notYet}
        </p>
      ) : (
        <Form
          method="post"
          noValidate
          className="space-y-3 rounded-md border border-stone-200 bg-white p-4"
          aria-label={`Rate ${shopper}`}
        >
          <input type="hidden" name="intent" value="rate" />
          {actionData?.alert ? <FormAlert title="Rating not saved" message={actionData.alert} /> : null}
          <fieldset aria-describedby={actionData?.errors?.rating ? "rating-error" : undefined}>
            <legend className="text-sm font-medium">
              {`How was ${shopper} to trade with? `}
              <span aria-hidden="true" className="text-red-700">
                *
              </span>
            </legend>
            <div className="mt-1 flex flex-wrap gap-x-3 gap-y-1">
              {[1, 2, 3, 4, 5].map((n) => (
                <label key={n} className="flex items-center gap-1 text-sm whitespace-nowrap">
                  <input
                    type="radio"
                    name="rating"
                    value={n}
                    defaultChecked={actionData?.values?.rating === String(n)}
                    required
                    aria-invalid={actionData?.errors?.rating ? true : undefined}
                  />
                  {`${n} ${n === 1 ? "star" : "stars"}`}
                </label>
              ))}
            </div>
            {actionData?.errors?.rating ? (
              <p id="rating-error" className="text-sm text-red-700">
                {actionData.errors.rating}
              </p>
            ) : null}
          </fieldset>
          <div className="flex flex-col gap-1">
            <label htmlFor="rating-comment" className="text-sm font-medium">
              Comment (optional)
            </label>
            <textarea
              id="rating-comment"
              name="comment"
              rows={3}
              maxLength={REVIEW_COMMENT_MAX}
              defaultValue={actionData?.values?.comment}
              aria-invalid={actionData?.errors?.comment ? true : undefined}
              className="rounded-md border border-stone-300 px-3 py-2"
            />
            {actionData?.errors?.comment ? (
              <p className="text-sm text-red-700">{actionData.errors.comment}</p>
            ) : (
              <p className="text-xs text-stone-600">{`Up to 2,000 characters. You can rate until ${target.endedAt ? formatLongDate(ratingDeadline(target.endedAt)) : "30 days after the trade"}.`}</p>
            )}
          </div>
          <SubmitButton busy={busy} busyLabel="Saving...">
            Submit rating
          </SubmitButton>
        </Form>
      )}
    </div>
  );
}
