import { useEffect, useRef, useState } from "react";
import { createContext, data, Link, redirect, useRevalidator, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/conversation";
import { appContext, requestState } from "../../context";
import { conversationFor, partyUserId } from "../../data/conversations.server";
import { block, report, unblock } from "../../data/conversation-safety.server";
import { readIntent } from "../../domain/intents";
import {
  draftOf,
  MESSAGE_FORM_LIMIT,
  otherParty,
  validMessage,
  validReportReason,
  type Party,
} from "../../domain/messages";
import { requireUser } from "../../services/guards.server";
import { postMessage } from "../../services/conversation-room.server";
import { type Opened, readOnOpening } from "../../services/conversation-reading.server";
import { redirectWithToast } from "../../services/toast.server";
import { ReplyForm, SafetyControls, WritingClosed } from "../../components/messages/conversation-controls";
import { useLiveConversation } from "../../components/messages/live-conversation";
import { ItemWithOffers, MessageItem } from "../../components/messages/parts";
import { MESSAGES_BACK, notFoundBoundary } from "../../components/not-found";

// A conversation (issue 26, items 2, 3 and 5): its messages, a reply form and the item card.
// Without JavaScript the reply is a form post (a token makes a replayed post one message) and
// the page shows the new message after the redirect. With JavaScript the page opens a socket to
// the conversation's Durable Object (workers/live.ts): messages arrive and go out over it, with
// sent, delivered and read; the form stays the fallback. Only its two parties (and, read only,
// the owner of a concierge item) can open it: anyone else reads it as missing.

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.conversation.productName ?? "Conversation"} | Messages | Closetloop` },
  { name: "robots", content: "noindex" },
];

const notFound = () => data("Conversation not found", { status: 404 });

/** The signed-in person's conversation (a party's, or staff's reading one): 404 for anyone else. */
async function open({ request, context, params }: Route.LoaderArgs | Route.ActionArgs) {
  const app = context.get(appContext);
  const user = requireUser(context, request);
  const found = await conversationFor(app.db, params.conversationId, user.id);
  if (!found) throw notFound();
  return { app, user, ...found };
}

// Its GET authorizes with the user the session kept while their visit rides with its batch of
// reads; a notice it marks read is written after the visit came back (decisions 0116, 0124).
export const visitRides = true;

/** What opening read (`read` null: nothing to read, the loader answers why); null when it did not run. */
const opened = createContext<{ read: Opened } | null>(null);

// Opened before any loader runs, so the header the page is drawn with counts it read (decision 0069).
export const middleware: Route.MiddlewareFunction[] = [
  async ({ request, context, params }, next) => {
    if (request.method === "GET")
      context.set(opened, {
        read: await readOnOpening(
          context.get(appContext),
          context.get(requestState),
          params.conversationId,
          new URL(request.url).searchParams.get("before"),
        ),
      });
    return next();
  },
];

export async function loader(args: Route.LoaderArgs) {
  const { request, context } = args;
  // After a form (a refused reply's page), read here: the action may have changed what there is to read.
  const pre = context.get(opened);
  const read = pre
    ? pre.read
    : await readOnOpening(
        context.get(appContext),
        context.get(requestState),
        args.params.conversationId,
        new URL(request.url).searchParams.get("before"),
      );
  if (!read) {
    // Nothing read: signed out (asked to sign in) or not theirs (a 404).
    requireUser(context, request);
    throw notFound();
  }
  const { conversation, party, messages, pages, states, seenNow, offers, blocked, reported, suspended } = read;
  const other = party ? otherParty(party) : null;
  return {
    conversation: {
      id: conversation.id,
      productId: conversation.productId,
      productName: conversation.productName,
      productImage: conversation.productImage,
      productLive: conversation.productLive,
      shopperName: conversation.shopperName,
      handlerName: conversation.handlerName,
      otherGone: party ? partyUserId(conversation, other!) === null : false,
    },
    party,
    messages,
    pages,
    offers,
    states: {
      shopper: { readSeq: states.shopper.readSeq, deliveredSeq: states.shopper.deliveredSeq },
      handler: { readSeq: states.handler.readSeq, deliveredSeq: states.handler.deliveredSeq },
    },
    blocked,
    reported,
    suspended,
    seenNow,
    token: crypto.randomUUID(),
    ...{ ownHost: new URL(request.url).hostname, timeZone: context.get(requestState).timeZone },
  };
}

export const intents = ["send", "block", "unblock", "report"] as const;

export const bodyLimit = MESSAGE_FORM_LIMIT;

export async function action(args: Route.ActionArgs) {
  const { request } = args;
  const { app, user, conversation, membership } = await open(args);
  if (membership.role !== "party")
    return data({ intent: null, error: "You can read this conversation but not write in it." }, { status: 403 });
  const form = await request.formData().catch(() => null);
  const intent = form ? readIntent(form, intents) : null;
  if (!form || !intent) return data({ intent: null, error: "Unknown action." }, { status: 400 });
  const here = `/account/messages/${conversation.id}`;
  const otherUserId = partyUserId(conversation, otherParty(membership.party));
  const now = Date.now();
  if (intent === "send") {
    const valid = validMessage(form.get("body"));
    // A refused message comes back with its text, so a reply written without JavaScript is not lost.
    const draft = draftOf(form.get("body"));
    if (!valid.ok) return data({ intent, error: valid.error, draft }, { status: 400 });
    const sent = await postMessage(app.env, {
      conversationId: conversation.id,
      senderId: user.id,
      party: membership.party,
      text: valid.text,
      token: String(form.get("token") ?? ""),
    });
    if (!sent.ok) return data({ intent, error: sent.error, draft }, { status: sent.status });
    return redirect(`${here}#m${sent.message.seq}`, 303);
  }
  if (intent === "report") {
    const reason = validReportReason(form.get("reason"));
    if (!reason.ok) return data({ intent, error: reason.error, draft: draftOf(form.get("reason")) }, { status: 400 });
    const added = await report(app.db, conversation.id, user.id, reason.reason, now);
    return redirectWithToast(
      app.config,
      here,
      added
        ? { type: "success", title: "Reported", description: "Thank you. Our team will read this conversation." }
        : {
            type: "success",
            title: "Already reported",
            description: "You reported this conversation already: our team will read it.",
          },
    );
  }
  if (!otherUserId) return data({ intent, error: "The other person's account was deleted." }, { status: 409 });
  if (intent === "block") {
    await block(app.db, user.id, otherUserId, now);
    return redirectWithToast(app.config, here, {
      type: "success",
      title: "Blocked",
      description: "Neither of you can send new messages.",
    });
  }
  await unblock(app.db, user.id, otherUserId);
  return redirectWithToast(app.config, here, { type: "success", title: "Unblocked" });
}

export default function Conversation({ loaderData, actionData }: Route.ComponentProps) {
  const { conversation, party, pages, blocked, reported, suspended, seenNow, token, ownHost } = loaderData;
  const contactEmail = (useRouteLoaderData("root") as { settings?: { contactEmail?: string | null } } | undefined)
    ?.settings?.contactEmail;
  // An earlier page (decision 0112) stays as it was read: new messages (and reading them) and the
  // reply are on the latest page.
  const latest = pages.newer === null;
  const live = useLiveConversation(conversation.id, latest ? party : null, loaderData);
  // Opening it read its messages and their notices: the header's counts are read again (decision 0068).
  const { revalidate } = useRevalidator();
  useEffect(() => {
    if (seenNow) void revalidate();
  }, [seenNow, revalidate]);
  const other = party ? otherParty(party) : null;
  const nameOf = (p: Party) => (p === "shopper" ? conversation.shopperName : conversation.handlerName);
  const otherName = party ? nameOf(other!) : `${conversation.shopperName} and ${conversation.handlerName}`;
  const shown = latest ? live.messages : loaderData.messages;
  const here = `/account/messages/${conversation.id}`;
  const canWrite =
    latest &&
    party !== null &&
    !suspended &&
    !blocked.byMe &&
    !blocked.byThem &&
    conversation.productId !== null &&
    !conversation.otherGone;
  const formError = actionData?.intent === "send" ? actionData.error : (live.error?.text ?? null);
  // Without JavaScript a refused reply comes back in the page: its text is in the box again.
  const [text, setText] = useState(actionData?.intent === "send" && "draft" in actionData ? actionData.draft : "");
  // A reply sent over the socket and refused (a block, a limit) comes back into the box.
  const lastSent = useRef<{ token: string; text: string } | null>(null);
  useEffect(() => {
    const sent = lastSent.current;
    if (live.error && sent && live.error.token === sent.token) setText((now) => now || sent.text);
  }, [live.error]);
  const list = useRef<HTMLOListElement>(null);
  useEffect(() => {
    list.current?.lastElementChild?.scrollIntoView({ block: "nearest" });
  }, [shown.length]);
  return (
    <div className="mx-auto max-w-3xl space-y-4 px-4 py-8">
      <p>
        <Link to="/account/messages" className="text-sm text-brand underline">
          All messages
        </Link>
      </p>
      <h1 className="text-2xl font-bold">
        {party ? otherName : `${conversation.shopperName} · ${conversation.handlerName}`}
      </h1>
      <ItemWithOffers
        productId={conversation.productId}
        name={conversation.productName}
        image={conversation.productImage}
        live={conversation.productLive}
        offers={loaderData.offers}
        party={party}
        zone={loaderData.timeZone}
      />
      {party === null ? (
        <p className="rounded-md border border-sky-200 bg-sky-50 p-3 text-sm">
          Your item is handled by {conversation.handlerName}: you can read this conversation.
        </p>
      ) : null}
      {pages.earlier !== null ? (
        <p>
          <Link to={`${here}?before=${pages.earlier}`} className="text-sm text-brand underline">
            Earlier messages
          </Link>
        </p>
      ) : null}
      <ol
        ref={list}
        className="max-h-[60vh] space-y-2 overflow-y-auto rounded-lg border border-stone-200 bg-white p-3"
        aria-label="Messages"
        aria-live="polite"
      >
        {shown.length === 0 ? <li className="text-sm text-stone-600">No messages yet.</li> : null}
        {shown.map((m) => (
          <MessageItem
            key={m.seq}
            message={m}
            mine={m.party === party}
            authorName={nameOf(m.party)}
            other={other ? live.states[other] : null}
            ownHost={ownHost}
            zone={loaderData.timeZone}
          />
        ))}
      </ol>
      {latest ? null : (
        <p className="flex gap-4 text-sm">
          {pages.newer ? (
            <Link to={`${here}?before=${pages.newer}`} className="text-brand underline">
              Newer messages
            </Link>
          ) : null}
          <Link to={here} className="text-brand underline">
            Latest messages
          </Link>
        </p>
      )}
      <WritingClosed
        suspended={suspended}
        blocked={blocked}
        productGone={conversation.productId === null}
        otherGone={conversation.otherGone}
        otherName={otherName}
        contactEmail={contactEmail}
      />
      {!canWrite && party && text ? (
        // Refused because writing ended meanwhile (a block, a suspension): what was typed is still there to copy (decision 0068).
        <label className="block text-sm">
          <span className="font-medium">Your message was not sent:</span>
          <textarea
            readOnly
            value={text}
            rows={3}
            className="mt-1 w-full rounded-md border border-stone-300 bg-stone-50 p-2"
          />
        </label>
      ) : null}
      {canWrite ? (
        <ReplyForm token={token} text={text} setText={setText} formError={formError} live={live} lastSent={lastSent} />
      ) : null}
      {party ? (
        <SafetyControls
          blockable={!blocked.byMe && !conversation.otherGone}
          otherName={otherName}
          reported={reported}
          refusedReport={actionData?.intent === "report" ? actionData : null}
        />
      ) : null}
      {actionData && actionData.intent !== "send" && actionData.intent !== "report" ? (
        <p role="alert" className="text-sm text-red-700">
          {actionData.error}
        </p>
      ) : null}
    </div>
  );
}

export const ErrorBoundary = notFoundBoundary({ title: "Conversation not found", back: MESSAGES_BACK });
