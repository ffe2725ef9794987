import { Form, Link } from "react-router";
import { formatLongDate } from "../../domain/dates";
import { buyFairness, rentalFairness, type Fairness } from "../../domain/fairness";
import { formatGBP } from "../../domain/money";
import { StatusBadge } from "../kit/badge";
import { FairnessBar } from "./fairness";
import { priceText } from "../kit/product-cells";
import { useSubmitting, busyProps } from "../forms";

// The seller dashboard's price change requests (seller-store-admin.md §2): a store's suggested prices
// beside the item's prices now, with their fairness, and the owner's Accept and Reject.

/** A suggested price beside the item's price now ('unchanged' when a pending suggestion keeps it), with the suggestion's fairness. */
function SuggestedPrice({
  suggested,
  current,
  pending,
  fairness,
  label,
}: {
  suggested: number;
  current: number | null;
  pending: boolean;
  fairness: Fairness | null;
  label: string;
}) {
  return (
    <>
      <p>
        {formatGBP(suggested)}{" "}
        <span className="text-xs text-stone-600">
          {pending && suggested === current ? "(unchanged)" : `(now ${priceText(current)})`}
        </span>
      </p>
      <FairnessBar fairness={fairness} label={label} range />
    </>
  );
}

export interface PriceRequestRow {
  id: string;
  productId: string;
  productName: string;
  productImages: string[];
  currentRentalPrice: number | null;
  currentBuyingPrice: number | null;
  originalPrice: number | null;
  condition: string | null;
  storeName: string | null;
  suggestedRentalPrice: number;
  suggestedBuyingPrice: number;
  reason: string;
  status: string;
  createdAt: number;
}

function AnswerButtons({ request }: { request: PriceRequestRow }) {
  const accepting = useSubmitting("accept_price");
  const rejecting = useSubmitting("reject_price");
  return (
    <Form method="post" action="/vendor?tab=notifications" className="flex gap-2">
      <input type="hidden" name="requestId" value={request.id} />
      <button
        type="submit"
        name="intent"
        value="accept_price"
        {...busyProps(accepting || rejecting)}
        className="rounded-md bg-brand px-3 py-1.5 text-sm font-medium text-white aria-disabled:opacity-60"
        aria-label={`Accept the price change for ${request.productName}`}
      >
        Accept
      </button>
      <button
        type="submit"
        name="intent"
        value="reject_price"
        {...busyProps(accepting || rejecting)}
        className="rounded-md border border-stone-300 px-3 py-1.5 text-sm font-medium aria-disabled:opacity-60"
        aria-label={`Reject the price change for ${request.productName}`}
      >
        Reject
      </button>
    </Form>
  );
}

export function PriceRequests({ requests, zone = null }: { requests: PriceRequestRow[]; zone?: string | null }) {
  return (
    <ul className="space-y-3">
      {requests.map((r) => (
        <li key={r.id} className="rounded-md border border-stone-200 p-3" data-testid="price-request">
          <div className="flex flex-wrap items-start justify-between gap-2">
            {/* Which item: its photo and a link to it, as two items may share a name. */}
            {r.productImages[0] ? (
              <img
                src={r.productImages[0]}
                alt=""
                width={48}
                height={60}
                className="h-15 w-12 shrink-0 rounded object-cover"
              />
            ) : null}
            <div className="min-w-0 flex-1">
              <Link to={`/vendor/product/${r.productId}/edit`} className="font-medium text-brand underline">
                {r.productName}
              </Link>
              <p className="text-xs text-stone-700">
                {`From ${r.storeName ?? "a partner store"} · ${formatLongDate(r.createdAt, zone)}`}
              </p>
            </div>
            <StatusBadge status={r.status} />
          </div>
          {/* Each suggested price with its fairness, as the seller's own list shows prices (decision 0069). */}
          <dl className="mt-2 grid grid-cols-2 gap-x-4 gap-y-1 text-sm">
            <div>
              <dt className="text-stone-700">Suggested rental</dt>
              <dd>
                <SuggestedPrice
                  suggested={r.suggestedRentalPrice}
                  current={r.currentRentalPrice}
                  pending={r.status === "pending"}
                  fairness={rentalFairness(r.suggestedRentalPrice, r.suggestedBuyingPrice)}
                  label="Suggested rental price"
                />
              </dd>
            </div>
            <div>
              <dt className="text-stone-700">Suggested buying</dt>
              <dd>
                <SuggestedPrice
                  suggested={r.suggestedBuyingPrice}
                  current={r.currentBuyingPrice}
                  pending={r.status === "pending"}
                  fairness={buyFairness(r.suggestedBuyingPrice, r.originalPrice, r.condition)}
                  label="Suggested buying price"
                />
              </dd>
            </div>
          </dl>
          <p className="mt-2 text-sm">
            <span className="text-stone-700">Reason: </span>
            {r.reason}
          </p>
          {r.status === "pending" ? (
            <div className="mt-3">
              <AnswerButtons request={r} />
            </div>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
