import { eq } from "drizzle-orm";
import { stores, users } from "../../db/schema";
import { askableItem, dropEmptyConversation, openConversation } from "../data/conversations.server";
import {
  insertOffer,
  moveOffer,
  offerableItem,
  offerById,
  offerPartyOf,
  offerRoom,
  type OfferRow,
} from "../data/offers.server";
import { formatGBP } from "../domain/money";
import { momentFor } from "../domain/dates";
import {
  agreedPrice,
  checkOfferAmount,
  OFFER_MESSAGES,
  OFFERS_PER_DAY,
  offerMoveAllowed,
  offerState,
  type OfferMove,
} from "../domain/offers";
import { postMessage } from "./conversation-room.server";
import { hello, tell, type App } from "./notices.server";
import type { Notice } from "./notify.server";

// Make an offer (issue 43 item 4; docs/decisions/0088-offers.md): the shopper's offer goes into
// the conversation about the item (a message through its Durable Object, and the offer's card on
// the conversation's page), its handler answers it there, and each side is told (bell and e-mail).

export type OfferOutcome =
  | { ok: true; offerId: string; conversationId: string | null }
  | { ok: false; status: number; field: "amount" | "form"; error: string };

const refuse = (status: number, error: string, field: "amount" | "form" = "amount") => ({
  ok: false as const,
  status,
  field,
  error,
});

/** A signed-in shopper's offer of `raw` pounds for the item's Buy Now. */
export async function makeOffer(
  app: App,
  shopperId: string,
  productId: string,
  raw: unknown,
  now: number,
): Promise<OfferOutcome> {
  const item = await offerableItem(app.db, productId);
  if (!item) return refuse(404, "This item is not available.", "form");
  if (item.ownerId === shopperId || item.handlerUserId === shopperId) return refuse(403, OFFER_MESSAGES.own, "form");
  if (item.buyingPrice === null) return refuse(409, OFFER_MESSAGES.noBuyPrice, "form");
  if (!item.forSale) return refuse(409, OFFER_MESSAGES.notForSale, "form");
  const amount = checkOfferAmount(raw, item.buyingPrice);
  if (!amount.ok) return refuse(400, amount.error);
  const room = await offerRoom(app.db, shopperId, productId, now);
  if (room.open > 0) return refuse(409, OFFER_MESSAGES.open);
  if (room.today >= OFFERS_PER_DAY) return refuse(429, OFFER_MESSAGES.tooMany);
  // The offer is said in the conversation about the item, which it opens if need be.
  const askable = await askableItem(app.db, productId);
  const conversationId = askable ? await openConversation(app.db, shopperId, askable, now) : null;
  if (conversationId) {
    const sent = await postMessage(app.env, {
      conversationId,
      senderId: shopperId,
      party: "shopper",
      text: `I'd like to offer ${formatGBP(amount.amount)} for this item (listed at ${formatGBP(item.buyingPrice)}).`,
      token: crypto.randomUUID(),
    });
    if (!sent.ok) {
      // Refused by the conversation (a block, a suspension, a limit): so is the offer.
      await dropEmptyConversation(app.db, conversationId);
      return refuse(sent.status, sent.error, "form");
    }
  }
  const offerId = await insertOffer(app.db, { shopperId, item, amount: amount.amount, conversationId, now });
  if (!offerId) return refuse(409, OFFER_MESSAGES.open);
  await tellOffer(app, offerId, "made");
  return { ok: true, offerId, conversationId };
}

/** The user answers an offer: the handler accepts, declines or counters; the shopper accepts or declines a counter. */
export async function answerOffer(
  app: App,
  userId: string,
  offerId: string,
  move: OfferMove,
  rawCounter: unknown,
  now: number,
): Promise<OfferOutcome> {
  const offer = await offerById(app.db, offerId);
  const party = offer ? offerPartyOf(offer, userId) : null;
  if (!offer || !party) return refuse(404, "Offer not found", "form");
  const allowed = offerMoveAllowed(offerState(offer, now), party, move);
  if (!allowed.ok) return refuse(allowed.status, allowed.error, "form");
  let counter: number | undefined;
  if (move === "counter") {
    const checked = checkOfferAmount(rawCounter, offer.listPrice, offer.amount);
    if (!checked.ok) return refuse(400, checked.error);
    counter = checked.amount;
  }
  if (move === "accept") {
    const item = await offerableItem(app.db, offer.productId);
    if (!item?.forSale) return refuse(409, OFFER_MESSAGES.notForSale, "form");
  }
  // Guarded by the status read and the time: a second answer, or one after it lapsed, changes nothing.
  if (!(await moveOffer(app.db, offer.id, offer.status, move, userId, now, counter))) {
    const again = await offerById(app.db, offer.id);
    return refuse(
      409,
      again && offerState(again, now) === "lapsed" ? OFFER_MESSAGES.lapsed : OFFER_MESSAGES.answered,
      "form",
    );
  }
  await tellOffer(
    app,
    offer.id,
    move === "accept"
      ? party === "handler"
        ? "accepted"
        : "counter_accepted"
      : move === "counter"
        ? "countered"
        : party === "handler"
          ? "declined"
          : "counter_declined",
  );
  return { ok: true, offerId: offer.id, conversationId: offer.conversationId };
}

type OfferStep = "made" | "accepted" | "declined" | "countered" | "counter_accepted" | "counter_declined";

/** Who is told of each step. */
const TOLD: Record<OfferStep, "shopper" | "handler"> = {
  made: "handler",
  accepted: "shopper",
  declined: "shopper",
  countered: "shopper",
  counter_accepted: "handler",
  counter_declined: "handler",
};

/** `zone`: the recipient's remembered time zone: the lapse and buy-by times read in it, named outside the UK (decision 0095). */
function words(step: OfferStep, o: OfferRow, zone: string | null): { title: string; text: string } {
  const item = o.productName;
  const by = (ms: number | null) => (ms === null ? "" : ` (by ${momentFor(ms, zone)})`);
  switch (step) {
    case "made":
      return {
        title: `New offer: ${formatGBP(o.amount)} for ${item}`,
        text: `A shopper offers ${formatGBP(o.amount)} for ${item} (listed at ${formatGBP(o.listPrice)}). Accept, decline or counter it within 48 hours${by(o.expiresAt)}; after that it lapses.`,
      };
    case "accepted":
      return {
        title: `Your offer for ${item} was accepted`,
        text: `Your offer of ${formatGBP(agreedPrice(o))} was accepted. Add the item to your basket as Buy Now and check out within 24 hours${by(o.buyBy)} to buy it at that price. Until someone checks out, it stays on sale to others.`,
      };
    case "declined":
      return {
        title: `Your offer for ${item} was declined`,
        text: `The seller declined your offer of ${formatGBP(o.amount)}. You can still buy it at ${formatGBP(o.listPrice)}, or make another offer.`,
      };
    case "countered":
      return {
        title: `A counter offer for ${item}: ${formatGBP(o.counterAmount ?? 0)}`,
        text: `The seller answered your offer of ${formatGBP(o.amount)} with ${formatGBP(o.counterAmount ?? 0)}. Accept or decline it within 48 hours${by(o.expiresAt)}.`,
      };
    case "counter_accepted":
      return {
        title: `Your counter offer for ${item} was accepted`,
        text: `The shopper accepted ${formatGBP(agreedPrice(o))}. They can buy it at that price for 24 hours.`,
      };
    case "counter_declined":
      return {
        title: `Your counter offer for ${item} was declined`,
        text: `The shopper declined your counter offer of ${formatGBP(o.counterAmount ?? 0)}.`,
      };
  }
}

/** Tells the other side of an offer's step (never throws: the step has happened whatever the notice does). */
export function tellOffer(app: App, offerId: string, step: OfferStep) {
  return tell(app, `offer ${offerId} ${step}`, async () => {
    const offer = await offerById(app.db, offerId);
    if (!offer) return [];
    const to = TOLD[step];
    const link = offer.conversationId ? `/account/messages/${offer.conversationId}` : `/account/offers/${offer.id}`;
    const base = (w: ReturnType<typeof words>) => ({
      key: `offer:${offer.id}:${step}`,
      title: w.title,
      link,
      action: "View the offer",
    });
    const notices: Notice[] = [];
    if (to === "shopper") {
      const shopper = await app.db
        .select({ email: users.email, name: users.fullName, zone: users.timeZone })
        .from(users)
        .where(eq(users.id, offer.shopperId))
        .get();
      if (shopper) {
        const w = words(step, offer, shopper.zone);
        notices.push({
          ...base(w),
          kind: "offer_update",
          userId: offer.shopperId,
          to: shopper.email,
          text: `${hello(shopper.name)}${w.text}\n`,
        });
      }
    } else {
      const handler = offer.sellerId
        ? await app.db
            .select({ id: users.id, email: users.email, name: users.fullName, zone: users.timeZone })
            .from(users)
            .where(eq(users.id, offer.sellerId))
            .get()
        : offer.storeId
          ? await app.db
              .select({
                id: users.id,
                email: stores.contactEmail,
                ownerEmail: users.email,
                name: stores.name,
                zone: users.timeZone,
              })
              .from(stores)
              .innerJoin(users, eq(users.id, stores.ownerId))
              .where(eq(stores.id, offer.storeId))
              .get()
              .then((s) => (s ? { id: s.id, email: s.email ?? s.ownerEmail, name: s.name, zone: s.zone } : undefined))
          : undefined;
      if (handler) {
        const w = words(step, offer, handler.zone);
        notices.push({
          ...base(w),
          kind: "offer_handler",
          userId: handler.id,
          to: handler.email,
          text: `${hello(handler.name)}${w.text}\n`,
        });
      }
    }
    return notices;
  });
}
