import { data, Form } from "react-router";
import type { Route } from "./+types/offer-new";
import { appContext } from "../../context";
import { offerableItem } from "../../data/offers.server";
import { formatGBP } from "../../domain/money";
import { OFFER_FLOOR_PERCENT, OFFER_MESSAGES, offerFloor } from "../../domain/offers";
import { requireUser } from "../../services/guards.server";
import { makeOffer } from "../../services/offers.server";
import { redirectWithToast } from "../../services/toast.server";
import { PageHeading } from "../../components/page-heading";
import { MESSAGES_BACK, notFoundBoundary } from "../../components/not-found";

// 'Make an offer' (issue 43 item 4; decision 0088): the product page links here, as it does to
// 'Ask about this item'. The offer goes to the conversation about the item, where its handler
// answers it. A refused offer comes back here with the reason at the field.

export const meta: Route.MetaFunction = () => [
  { title: "Make an offer | Closetloop" },
  { name: "robots", content: "noindex" },
];

const notFound = () => data("Product not found", { status: 404 });

export async function loader({ request, context }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const user = requireUser(context, request);
  const productId = (new URL(request.url).searchParams.get("product") ?? "").slice(0, 100);
  const item = productId ? await offerableItem(app.db, productId) : null;
  if (!item) throw notFound();
  const own = item.ownerId === user.id || item.handlerUserId === user.id;
  const refused = own
    ? OFFER_MESSAGES.own
    : item.buyingPrice === null
      ? OFFER_MESSAGES.noBuyPrice
      : item.forSale
        ? null
        : OFFER_MESSAGES.notForSale;
  return { item: { id: item.id, name: item.name, price: item.buyingPrice }, refused };
}

export interface OfferFormData {
  errors: { amount?: string; form?: string };
  amount: string;
}

export async function action({ request, context }: Route.ActionArgs) {
  const app = context.get(appContext);
  const user = requireUser(context, request);
  const form = await request.formData();
  const productId = String(form.get("productId") ?? new URL(request.url).searchParams.get("product") ?? "").slice(
    0,
    100,
  );
  const amount = String(form.get("amount") ?? "").slice(0, 20);
  const result = await makeOffer(app, user.id, productId, amount, Date.now());
  if (!result.ok) {
    if (result.status === 404) throw notFound();
    return data<OfferFormData>({ errors: { [result.field]: result.error }, amount }, { status: result.status });
  }
  const to = result.conversationId
    ? `/account/messages/${encodeURIComponent(result.conversationId)}#offers`
    : `/account/offers/${encodeURIComponent(result.offerId)}`;
  return redirectWithToast(app.config, to, {
    type: "success",
    title: "Offer sent",
    description: "The seller has 48 hours to answer. You will be told of their answer.",
  });
}

export default function MakeOffer({ loaderData, actionData }: Route.ComponentProps) {
  const { item, refused } = loaderData;
  const result = actionData as OfferFormData | undefined;
  const error = result?.errors.amount;
  return (
    <div className="mx-auto max-w-2xl space-y-4 px-4 py-8">
      <PageHeading
        title="Make an offer"
        subtitle={item.price !== null ? `${item.name}: Buy Now ${formatGBP(item.price)}` : item.name}
      />
      {refused ? (
        <p role="alert" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm">
          {refused}
        </p>
      ) : (
        <Form method="post" className="space-y-3">
          <input type="hidden" name="productId" value={item.id} />
          {result?.errors.form ? (
            <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800">
              {result.errors.form}
            </p>
          ) : null}
          <label htmlFor="offer-amount" className="block text-sm font-medium">
            Your offer (£)
          </label>
          <input
            id="offer-amount"
            name="amount"
            inputMode="decimal"
            required
            defaultValue={result?.amount}
            aria-invalid={error ? true : undefined}
            aria-describedby="offer-amount-hint"
            className="w-40 rounded-md border border-stone-300 px-3 py-2"
          />
          <p id="offer-amount-hint" className="text-sm text-stone-600">
            {error ? <span className="block font-medium text-red-700">{error}</span> : null}
            {item.price !== null
              ? `From ${formatGBP(offerFloor(item.price))} (${OFFER_FLOOR_PERCENT}% of the price). The seller has 48 hours to answer; an accepted offer lets you buy at that price for 24 hours.`
              : null}
          </p>
          <button type="submit" className="rounded-md bg-brand px-4 py-2 font-medium text-white">
            Send offer
          </button>
        </Form>
      )}
    </div>
  );
}

export const ErrorBoundary = notFoundBoundary({ title: "Product not found", back: MESSAGES_BACK });
