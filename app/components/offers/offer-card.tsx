import { Form } from "react-router";
import { formatGBP } from "../../domain/money";
import { agreedPrice, STATE_LABELS, type OfferParty, type OfferState } from "../../domain/offers";
import { momentFor } from "../../domain/dates";

// An offer as a card in the conversation about its item (issue 43 item 4): the amounts, where it
// stands, and the answers the viewer may give (plain forms to /account/offers/{id}, so they work
// without JavaScript). The shopper of an accepted offer is shown how to buy at its price. Its times
// read in the viewer's zone (`zone`), named outside the UK (decision 0095).

export interface OfferCardData {
  id: string;
  productId: string;
  productName: string;
  listPrice: number;
  amount: number;
  counterAmount: number | null;
  /** Where it stands, read on the server at the page's time (offerState). */
  state: OfferState;
  expiresAt: number;
  buyBy: number | null;
}

export interface OfferErrors {
  amount?: string;
  form?: string;
}

export function OfferCard({
  offer,
  party,
  errors,
  counterValue,
  zone = null,
}: {
  offer: OfferCardData;
  party: OfferParty | null;
  errors?: OfferErrors;
  counterValue?: string;
  zone?: string | null;
}) {
  const when = (ms: number) => momentFor(ms, zone);
  const state = offer.state;
  const action = `/account/offers/${encodeURIComponent(offer.id)}`;
  const handlerTurn = party === "handler" && state === "pending";
  const shopperTurn = party === "shopper" && state === "countered";
  const counterId = `counter-${offer.id}`;
  return (
    <article
      aria-label={`Offer of ${formatGBP(offer.amount)}`}
      className="space-y-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm"
    >
      <p className="flex flex-wrap items-baseline justify-between gap-2">
        <span className="font-semibold">{`Offer: ${formatGBP(offer.amount)}`}</span>
        <span className="text-stone-600">{`Listed at ${formatGBP(offer.listPrice)}`}</span>
      </p>
      {offer.counterAmount !== null ? <p>{`Counter offer: ${formatGBP(offer.counterAmount)}`}</p> : null}
      <p role="status" className="font-medium">
        {STATE_LABELS[state]}
      </p>
      {state === "pending" || state === "countered" ? (
        <p className="text-stone-600">{`Lapses ${when(offer.expiresAt)}`}</p>
      ) : null}
      {state === "accepted" && offer.buyBy !== null ? (
        <p>{`Agreed price ${formatGBP(agreedPrice(offer))}, for the shopper to buy by ${when(offer.buyBy)}.`}</p>
      ) : null}
      {errors?.form ? (
        <p role="alert" className="font-medium text-red-700">
          {errors.form}
        </p>
      ) : null}
      {handlerTurn || shopperTurn ? (
        <div className="flex flex-wrap items-end gap-2">
          <Form method="post" action={action}>
            <button
              type="submit"
              name="intent"
              value="accept"
              className="rounded-md bg-brand px-3 py-1.5 font-medium text-white"
            >
              Accept
            </button>
          </Form>
          <Form method="post" action={action}>
            <button
              type="submit"
              name="intent"
              value="decline"
              className="rounded-md border border-stone-300 bg-white px-3 py-1.5"
            >
              Decline
            </button>
          </Form>
          {handlerTurn ? (
            <Form method="post" action={action} className="flex flex-wrap items-end gap-2">
              <label htmlFor={counterId} className="flex flex-col text-xs">
                Counter offer (£)
                <input
                  id={counterId}
                  name="amount"
                  inputMode="decimal"
                  defaultValue={counterValue}
                  aria-invalid={errors?.amount ? true : undefined}
                  aria-describedby={errors?.amount ? `${counterId}-error` : undefined}
                  className="w-28 rounded border border-stone-300 bg-white px-2 py-1 text-sm"
                />
              </label>
              <button
                type="submit"
                name="intent"
                value="counter"
                className="rounded-md border border-stone-300 bg-white px-3 py-1.5"
              >
                Counter
              </button>
              {errors?.amount ? (
                <p id={`${counterId}-error`} className="w-full text-red-700">
                  {errors.amount}
                </p>
              ) : null}
            </Form>
          ) : null}
        </div>
      ) : null}
      {party === "shopper" && state === "accepted" ? (
        <Form method="post" action="/cart">
          <input type="hidden" name="productId" value={offer.productId} />
          <input type="hidden" name="option" value="purchase" />
          <input type="hidden" name="returnTo" value="/cart" />
          <button
            type="submit"
            name="intent"
            value="add"
            className="rounded-md bg-brand px-3 py-1.5 font-medium text-white"
          >{`Buy at ${formatGBP(agreedPrice(offer))}`}</button>
        </Form>
      ) : null}
    </article>
  );
}

export function OfferCards({
  offers,
  party,
  zone = null,
}: {
  offers: OfferCardData[];
  party: OfferParty | null;
  zone?: string | null;
}) {
  if (offers.length === 0) return null;
  return (
    <section aria-label="Offers" id="offers" className="space-y-2">
      {offers.map((o) => (
        <OfferCard key={o.id} offer={o} party={party} zone={zone} />
      ))}
    </section>
  );
}
