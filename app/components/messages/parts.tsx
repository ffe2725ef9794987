import { Link } from "react-router";
import { OfferCards, type OfferCardData } from "../offers/offer-card";
import type { OfferParty } from "../../domain/offers";
import { messageParts, messageState, type MessageView } from "../../domain/messages";
import { formatWhen } from "../../domain/dates";

// The pieces of a conversation's pages (issue 26): the item card, one message, the inbox row.
// A message is plain text rendered through React (escaped); only links to allowed hosts are
// links (app/domain/messages.ts), the rest of the text stays text.

// Times in the reader's zone through the one date helper (issue 45 item 6), which keeps one
// formatter per zone: toLocaleString made one per call, ~20 ms a page of 200 messages (2026-11-25).

/** The item a conversation is about, with the offers made in it (issue 43 item 4). */
export function ItemWithOffers({
  offers,
  party,
  zone,
  ...item
}: Parameters<typeof ItemCard>[0] & { offers: OfferCardData[]; party: OfferParty | null; zone?: string | null }) {
  return (
    <>
      <ItemCard {...item} />
      <OfferCards offers={offers} party={party} zone={zone} />
    </>
  );
}

export function ItemCard({
  productId,
  name,
  image,
  live,
}: {
  productId: string | null;
  name: string;
  image: string | null;
  live: boolean;
}) {
  const picture = image ? (
    <img src={image} alt="" width={64} height={80} className="h-20 w-16 shrink-0 rounded object-cover" />
  ) : (
    <div className="flex h-20 w-16 shrink-0 items-center justify-center rounded bg-stone-200 text-xs text-stone-600">
      No image
    </div>
  );
  return (
    <div className="flex items-center gap-3 rounded-lg border border-stone-200 bg-white p-3" data-testid="item-card">
      {picture}
      <div>
        <p className="text-xs tracking-wide text-stone-600 uppercase">About</p>
        {productId && live ? (
          <Link to={`/product/${productId}`} className="font-semibold hover:underline">
            {name}
          </Link>
        ) : (
          <p className="font-semibold">
            {name}
            {productId ? "" : " (deleted)"}
          </p>
        )}
      </div>
    </div>
  );
}

export function MessageText({ body, ownHost }: { body: string; ownHost: string | null }) {
  return (
    <p className="[overflow-wrap:anywhere] whitespace-pre-wrap">
      {messageParts(body, ownHost).map((part, i) =>
        "href" in part ? (
          <a key={i} href={part.href} rel="noopener noreferrer nofollow" className="underline">
            {part.text}
          </a>
        ) : (
          <span key={i}>{part.text}</span>
        ),
      )}
    </p>
  );
}

const STATE_LABEL = { sent: "Sent", delivered: "Delivered", read: "Read" } as const;

export function MessageItem({
  message,
  mine,
  authorName,
  other,
  ownHost,
  zone,
}: {
  message: MessageView;
  mine: boolean;
  authorName: string;
  other: { readSeq: number; deliveredSeq: number } | null;
  ownHost: string | null;
  zone?: string | null;
}) {
  return (
    <li
      id={`m${message.seq}`}
      data-seq={message.seq}
      data-testid="message"
      className={`flex ${mine ? "justify-end" : "justify-start"}`}
    >
      <div
        className={`max-w-[80%] rounded-lg px-3 py-2 ${mine ? "bg-brand text-white" : "bg-stone-100 text-stone-900"} ${message.deleted ? "italic opacity-80" : ""}`}
      >
        <p className={`text-xs ${mine ? "text-white/80" : "text-stone-600"}`}>{mine ? "You" : authorName}</p>
        <MessageText body={message.body} ownHost={ownHost} />
        <p className={`mt-1 text-right text-xs ${mine ? "text-white/80" : "text-stone-600"}`}>
          <time dateTime={new Date(message.createdAt).toISOString()}>
            {formatWhen(message.createdAt, zone ?? "UTC", "dateTime")}
          </time>
          {mine && other ? (
            <span data-testid="message-state"> · {STATE_LABEL[messageState(message.seq, other)]}</span>
          ) : null}
        </p>
      </div>
    </li>
  );
}
