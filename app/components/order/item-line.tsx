import { Form, Link } from "react-router";
import { RentalPlanLines } from "./rental-plan";
import type { Route } from "../../routes/account/+types/order";
import type { FieldErrors } from "../../domain/submission";
import { accountStatusVariant, REVIEW_COMMENT_MAX, reviewable } from "../../domain/account";
import { formatGBP } from "../../domain/money";
import { usePrice } from "../money/price";
import { label, type ItemStatus } from "../../domain/order-lifecycle";
import { StatusBadge } from "../kit/badge";
import { ConfirmItems, TrackingLine } from "./trade";
import { InspectionNote, PurchaseReturnForm, ReturnInstructions, type ReturnFormResult } from "./returns";
import { FormAlert, SubmitButton, useSubmitting, busyProps } from "../forms";
import { agreedFrom } from "../../domain/price-notes";
import { AgreedPriceNote } from "./price-notes";

export interface OrderActionData {
  intent: string;
  itemId?: string;
  errors?: FieldErrors;
  alert?: { title: string; message: string };
  values?: { rating?: string; comment?: string; reason?: string; carrier?: string; trackingNumber?: string };
}

export type Item = Route.ComponentProps["loaderData"]["order"]["items"][number];

// One item of an order's page (seller-store-admin.md §5 My Orders; decisions 0021, 0041, 0042):
// what its shopper may do with it, and its review. Split from app/routes/account/order-parts.tsx (issue 48).

export const NOT_POSTED = new Set(["pending", "processing"]);

export function ItemLine({
  item,
  reference,
  isShopper,
  result,
  canCancelAlone,
}: {
  item: Item;
  reference: string;
  isShopper: boolean;
  result?: OrderActionData;
  canCancelAlone: boolean;
}) {
  const returning = useSubmitting("request_return");
  const price = usePrice();
  return (
    <div className="flex flex-col gap-3 sm:flex-row">
      {item.image ? (
        <img src={item.image} alt="" width={80} height={100} className="h-25 w-20 shrink-0 rounded object-cover" />
      ) : (
        <div className="flex h-25 w-20 shrink-0 items-center justify-center rounded bg-stone-200 text-xs text-stone-600">
          No image
        </div>
      )}
      <div className="flex-1 space-y-2">
        <div className="flex flex-wrap items-center gap-2">
          <h3 className="font-semibold">
            <Link to={`/product/${item.productId}`} className="hover:underline">
              {item.name}
            </Link>
          </h3>
          <StatusBadge
            status={item.status}
            label={label(item.status as ItemStatus)}
            variant={accountStatusVariant(item.status)}
          />
        </div>
        <p className="text-sm text-stone-700">
          {item.type === "rental" ? "Rental (7 days)" : "Purchase"} · {price(item.price)}
          {item.type === "rental" && item.buyingPrice !== null ? ` · Buy Now price ${price(item.buyingPrice)}` : ""}
        </p>
        <AgreedPriceNote listed={agreedFrom(item)} />
        {result?.alert && result.intent !== "review" && result.intent !== "cancel_order" ? (
          <FormAlert title={result.alert.title} message={result.alert.message} />
        ) : null}
        <TrackingLine carrier={item.carrier} trackingNumber={item.trackingNumber} />
        <RentalPlanLines item={item} />
        {isShopper && item.productId ? (
          <a
            href={`/account/messages/new?product=${encodeURIComponent(item.productId)}`}
            className="inline-block text-sm text-brand underline"
          >
            Message the seller
          </a>
        ) : null}
        {isShopper && canCancelAlone && NOT_POSTED.has(item.status) ? (
          <ConfirmItems
            label="Cancel this item"
            intent="cancel_item"
            itemIds={[item.id]}
            question={`Cancel ${item.name}? It has not been posted yet: it goes back on sale, and its price held on your card is given back.`}
          />
        ) : null}

        {item.inWindow ? (
          <div className="rounded-md border border-sky-200 bg-sky-50 p-3 text-sm">
            <p className="font-semibold">{`${item.daysLeft} ${item.daysLeft === 1 ? "day" : "days"} left`}</p>
            <p>{item.returnOrBuyBy}</p>
            {item.windowEndsAt ? <p className="text-sm text-stone-600">{item.windowEndsAt}</p> : null}
            {isShopper ? (
              <div className="mt-2 flex flex-wrap gap-2">
                {/* It charges the card saved for the order: asked once more, as cancelling is. */}
                <ConfirmItems
                  label={`Buy it now${item.buyingPrice !== null ? ` for ${formatGBP(item.buyingPrice)}` : ""}`}
                  question={`Buy ${item.name}${item.buyingPrice !== null ? ` for ${formatGBP(item.buyingPrice)}` : ""}? It is charged to the card saved for this order, and the item is yours to keep.`}
                  confirm="Confirm purchase"
                  intent="buy_now"
                  itemIds={[item.id]}
                  charge
                />
                <Form method="post" aria-label={`Return ${item.name}`}>
                  <input type="hidden" name="itemId" value={item.id} />
                  <input type="hidden" name="intent" value="request_return" />
                  <button
                    type="submit"
                    {...busyProps(returning)}
                    className="rounded-md border border-stone-300 bg-white px-4 py-2 font-semibold aria-disabled:opacity-60"
                  >
                    {returning ? "Requesting..." : "Return it"}
                  </button>
                </Form>
              </div>
            ) : null}
          </div>
        ) : null}

        {item.status === "return_requested" ? (
          <ReturnInstructions
            item={item}
            reference={reference}
            isShopper={isShopper}
            result={result?.itemId === item.id ? (result as ReturnFormResult) : undefined}
          />
        ) : null}
        {isShopper && item.purchaseReturnBy ? (
          <PurchaseReturnForm
            item={item}
            returnBy={item.purchaseReturnBy}
            result={result?.intent === "request_return" ? (result as ReturnFormResult) : undefined}
          />
        ) : null}
        <InspectionNote inspection={item.inspection} reason={item.inspectionReason} charge={item.damageCharge} />
        {!isShopper && item.canOverturn ? (
          <Form method="post" aria-label={`Overturn the charge for ${item.name}`}>
            <input type="hidden" name="intent" value="overturn" />
            <input type="hidden" name="itemId" value={item.id} />
            <button
              type="submit"
              className="rounded-md border border-stone-300 bg-white px-3 py-1.5 text-sm font-medium"
            >
              Overturn the charge (refund it)
            </button>
          </Form>
        ) : null}

        {reviewable(item.status as ItemStatus) ? (
          <Review item={item} isShopper={isShopper} result={result?.intent === "review" ? result : undefined} />
        ) : null}
      </div>
    </div>
  );
}

export function Review({ item, isShopper, result }: { item: Item; isShopper: boolean; result?: OrderActionData }) {
  const busy = useSubmitting("review");
  if (item.reviewRating !== null) {
    return (
      <div className="rounded-md bg-stone-100 p-3 text-sm">
        <p className="font-semibold">{isShopper ? "Your review" : "The shopper's review"}</p>
        <p>
          <span aria-label={`${item.reviewRating} out of 5 stars`} className="text-accent">
            {"★".repeat(item.reviewRating)}
          </span>
          <span className="text-stone-300" aria-hidden="true">
            {"★".repeat(5 - item.reviewRating)}
          </span>
        </p>
        {item.reviewComment ? <p>{item.reviewComment}</p> : null}
      </div>
    );
  }
  if (!isShopper) return null;
  return (
    <Form
      method="post"
      noValidate
      className="space-y-3 rounded-md border border-stone-200 p-3"
      aria-label={`Review ${item.name}`}
    >
      <input type="hidden" name="intent" value="review" />
      <input type="hidden" name="itemId" value={item.id} />
      {result?.alert ? <FormAlert title={result.alert.title} message={result.alert.message} /> : null}
      <fieldset aria-describedby={result?.errors?.rating ? `rating-${item.id}-error` : undefined}>
        <legend className="text-sm font-medium">
          Your rating{" "}
          <span aria-hidden="true" className="text-red-700">
            *
          </span>
        </legend>
        {/* On a phone the five choices go onto two lines whole, never '2' above 'stars' (issue 46 item 5). */}
        <div className="mt-1 flex flex-wrap gap-x-3 gap-y-1">
          {[1, 2, 3, 4, 5].map((n) => (
            <label key={n} className="flex items-center gap-1 text-sm whitespace-nowrap">
              <input
                type="radio"
                name="rating"
                value={n}
                defaultChecked={result?.values?.rating === String(n)}
                required
                aria-invalid={result?.errors?.rating ? true : undefined}
              />
              {n} {n === 1 ? "star" : "stars"}
            </label>
          ))}
        </div>
        {result?.errors?.rating ? (
          <p id={`rating-${item.id}-error`} className="text-sm text-red-700">
            {result.errors.rating}
          </p>
        ) : null}
      </fieldset>
      <div className="flex flex-col gap-1">
        <label htmlFor={`comment-${item.id}`} className="text-sm font-medium">
          Comment (optional)
        </label>
        <textarea
          id={`comment-${item.id}`}
          name="comment"
          rows={3}
          maxLength={REVIEW_COMMENT_MAX}
          defaultValue={result?.values?.comment}
          aria-invalid={result?.errors?.comment ? true : undefined}
          aria-describedby={result?.errors?.comment ? `comment-${item.id}-error` : undefined}
          className="rounded-md border border-stone-300 px-3 py-2"
        />
        {result?.errors?.comment ? (
          <p id={`comment-${item.id}-error`} className="text-sm text-red-700">
            {result.errors.comment}
          </p>
        ) : (
          <p className="text-xs text-stone-600">Up to 2,000 characters. Reviews show without your name.</p>
        )}
      </div>
      <SubmitButton busy={busy} busyLabel="Submitting...">
        Submit review
      </SubmitButton>
    </Form>
  );
}
