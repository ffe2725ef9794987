import { data, Link } from "react-router";
import type { Route } from "./+types/offer";
import { appContext, requestState } from "../../context";
import { offerById, offerPartyOf } from "../../data/offers.server";
import { readIntent } from "../../domain/intents";
import { offerState } from "../../domain/offers";
import { requireUser } from "../../services/guards.server";
import { answerOffer } from "../../services/offers.server";
import { redirectWithToast } from "../../services/toast.server";
import { OfferCard, type OfferErrors } from "../../components/offers/offer-card";
import { MESSAGES_BACK, notFoundBoundary } from "../../components/not-found";

// One offer (issue 43 item 4; decision 0088): /account/offers/{offerId}, for its shopper and its
// handler (the seller, or the owner of the store that handles the item); anyone else gets 'Offer
// not found'. The offer cards in a conversation post their answers here; a refused answer is
// shown here with its reason, at the field.

export const meta: Route.MetaFunction = () => [{ title: "Offer | Closetloop" }, { name: "robots", content: "noindex" }];

export const intents = ["accept", "decline", "counter"] as const;

const notFound = () => data("Offer not found", { status: 404 });

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const user = requireUser(context, request);
  const offer = await offerById(app.db, params.offerId.slice(0, 100));
  const party = offer ? offerPartyOf(offer, user.id) : null;
  if (!offer || !party) throw notFound();
  return { offer: { ...offer, state: offerState(offer, Date.now()) }, party, zone: context.get(requestState).timeZone };
}

export interface OfferAnswerData {
  errors: OfferErrors;
  amount: string;
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const app = context.get(appContext);
  const user = requireUser(context, request);
  const form = await request.formData();
  const intent = readIntent(form, intents);
  const amount = String(form.get("amount") ?? "").slice(0, 20);
  if (!intent) return data<OfferAnswerData>({ errors: { form: "Unknown action." }, amount }, { status: 400 });
  const result = await answerOffer(app, user.id, params.offerId.slice(0, 100), intent, amount, Date.now());
  if (!result.ok) {
    if (result.status === 404) throw notFound();
    return data<OfferAnswerData>({ errors: { [result.field]: result.error }, amount }, { status: result.status });
  }
  const to = result.conversationId
    ? `/account/messages/${encodeURIComponent(result.conversationId)}#offers`
    : `/account/offers/${encodeURIComponent(result.offerId)}`;
  const title = intent === "accept" ? "Offer accepted" : intent === "counter" ? "Counter offer sent" : "Offer declined";
  return redirectWithToast(app.config, to, { type: "success", title, description: "The other side is told." });
}

export default function OfferPage({ loaderData, actionData }: Route.ComponentProps) {
  const { offer, party, zone } = loaderData;
  const result = actionData as OfferAnswerData | undefined;
  return (
    <div className="mx-auto max-w-2xl space-y-4 px-4 py-8">
      <p>
        <Link
          to={
            offer.conversationId ? `/account/messages/${encodeURIComponent(offer.conversationId)}` : "/account/messages"
          }
          className="text-sm text-brand underline"
        >
          Back to the conversation
        </Link>
      </p>
      <h1 className="text-2xl font-bold">{`Offer for ${offer.productName}`}</h1>
      <OfferCard offer={offer} party={party} errors={result?.errors} counterValue={result?.amount} zone={zone} />
    </div>
  );
}

export const ErrorBoundary = notFoundBoundary({ title: "Offer not found", back: MESSAGES_BACK });
