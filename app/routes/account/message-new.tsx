import { createContext, data, Form, redirect } from "react-router";
import type { Route } from "./+types/message-new";
import { appContext } from "../../context";
import {
  askableItem,
  dropEmptyConversation,
  existingConversation,
  handlesItem,
  openConversation,
} from "../../data/conversations.server";
import {
  draftOf,
  MESSAGE_FORM_LIMIT,
  MESSAGE_MAX_LENGTH,
  TOKEN_EXPIRED,
  validMessage,
  validToken,
} from "../../domain/messages";
import { requireUser } from "../../services/guards.server";
import { postMessage } from "../../services/conversation-room.server";
import { PageHeading } from "../../components/page-heading";
import { ItemCard } from "../../components/messages/parts";
import { MESSAGES_BACK, notFoundBoundary } from "../../components/not-found";

// 'Ask about this item' (issue 26, item 1): the product page links here (a plain link, so the
// shared product page stays the same for everyone). Signed out, the account area sends the
// visitor to sign in and back. A shopper who already has a conversation about the item goes
// straight to it; otherwise their first message opens it, with the item's handler. A refused
// message from a form left open in an older tab (the conversation opened since) is shown here
// again with its text, not lost to that redirect (decision 0067).

export const meta: Route.MetaFunction = () => [
  { title: "Ask about this item | Closetloop" },
  { name: "robots", content: "noindex" },
];

const notFound = () => data("Product not found", { status: 404 });

/** Set by a refused send: without JavaScript the page's loader runs after the action, in the same request, and must show the form again. */
const refusedHere = createContext(false);

export async function loader({ request, context }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const user = requireUser(context, request);
  const productId = new URL(request.url).searchParams.get("product") ?? "";
  const item = productId ? await askableItem(app.db, productId) : null;
  if (!item) throw notFound();
  const existing = await existingConversation(app.db, user.id, item.id);
  if (existing && !context.get(refusedHere)) throw redirect(`/account/messages/${existing.id}`);
  const own = await handlesItem(app.db, item, user.id);
  return { item, own, token: crypto.randomUUID() };
}

export const bodyLimit = MESSAGE_FORM_LIMIT;

export async function action({ request, context }: Route.ActionArgs) {
  const app = context.get(appContext);
  const user = requireUser(context, request);
  const form = await request.formData().catch(() => null);
  const productId = String(form?.get("productId") ?? new URL(request.url).searchParams.get("product") ?? "");
  const item = productId ? await askableItem(app.db, productId) : null;
  if (!item) throw notFound();
  if (await handlesItem(app.db, item, user.id))
    return data({ error: "This is your own item: shoppers ask you about it.", draft: "" }, { status: 403 });
  const refuse = (error: string, status: number) => {
    context.set(refusedHere, true);
    return data({ error, draft: draftOf(form?.get("body")) }, { status });
  };
  const valid = validMessage(form?.get("body"));
  if (!valid.ok) return refuse(valid.error, 400);
  // Checked before the conversation is opened, so a refused first message leaves no empty one.
  const token = validToken(form?.get("token"));
  if (!token) return refuse(TOKEN_EXPIRED, 400);
  const conversationId = await openConversation(app.db, user.id, item, Date.now());
  const sent = await postMessage(app.env, {
    conversationId,
    senderId: user.id,
    party: "shopper",
    text: valid.text,
    token,
  });
  if (!sent.ok) {
    // Refused by the conversation itself (a block, a suspension, a limit): nor does it stay behind empty.
    await dropEmptyConversation(app.db, conversationId);
    return refuse(sent.error, sent.status);
  }
  return redirect(`/account/messages/${conversationId}#m${sent.message.seq}`, 303);
}

export default function AskAboutItem({ loaderData, actionData }: Route.ComponentProps) {
  const { item, own, token } = loaderData;
  const error = actionData?.error ?? null;
  return (
    <div className="mx-auto max-w-2xl space-y-4 px-4 py-8">
      {/* A store handles a concierge item for its owner, who may read the conversation (decision 0053): the shopper is told (decision 0068). */}
      <PageHeading
        title="Ask about this item"
        subtitle={
          item.storeId && item.conciergeStatus === "yes"
            ? `Your question goes to ${item.handlerName}, which sells this item for its owner; the owner can read the conversation too.`
            : `Your question goes to ${item.handlerName}.`
        }
      />
      <ItemCard productId={item.id} name={item.name} image={item.image} live />
      {own ? (
        <p role="alert" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm">
          This is your own item: shoppers ask you about it.
        </p>
      ) : (
        <Form method="post" className="space-y-3">
          <input type="hidden" name="productId" value={item.id} />
          <input type="hidden" name="token" value={token} />
          <label htmlFor="body" className="block font-medium">
            Your question
          </label>
          <textarea
            id="body"
            name="body"
            rows={5}
            maxLength={MESSAGE_MAX_LENGTH}
            required
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? "body-error" : undefined}
            defaultValue={actionData?.draft}
            placeholder="Ask about the fit, the fabric or when it can arrive"
            className="w-full rounded-md border border-stone-300 p-2"
          />
          {error ? (
            <p id="body-error" role="alert" className="text-sm text-red-700">
              {error}
            </p>
          ) : null}
          <button type="submit" className="rounded-md bg-brand px-4 py-2 font-medium text-white">
            Send
          </button>
        </Form>
      )}
    </div>
  );
}

export const ErrorBoundary = notFoundBoundary({ title: "Product not found", back: MESSAGES_BACK });
