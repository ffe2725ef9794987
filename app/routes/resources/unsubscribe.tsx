import { data, Form } from "react-router";
import type { Route } from "./+types/unsubscribe";
import { appContext } from "../../context";
import { CATEGORY_LABELS, NOTIFICATION_CATEGORIES, UNSUBSCRIBABLE } from "../../domain/notifications";
import { verifyUnsubscribe, type UnsubscribeCheck, type UnsubscribeClaim } from "../../domain/unsubscribe";
import { emailOff, unsubscribe } from "../../services/preferences.server";

// /unsubscribe?token=… (issue 23, item 5): the link in a marketing or alert e-mail. Works signed
// out: the signed token says who and which category. GET shows what it will do and a button
// (nothing changes on a GET, so a link scanner cannot unsubscribe anyone); POST unsubscribes —
// the button, or the mail provider's one-click request (List-Unsubscribe-Post, RFC 8058).

export const meta: Route.MetaFunction = () => [
  { title: "Unsubscribe | Closetloop" },
  { name: "robots", content: "noindex" },
];

const INVALID =
  "This unsubscribe link is not valid. Please use the link in your most recent e-mail, or change your e-mail choices in your account.";
const EXPIRED =
  "This unsubscribe link has expired. Please use the link in your most recent e-mail, or change your e-mail choices in your account.";

async function check(request: Request, secret: string, now: number): Promise<UnsubscribeCheck> {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const result = await verifyUnsubscribe(token, secret, now, NOTIFICATION_CATEGORIES);
  if (result.ok && !UNSUBSCRIBABLE.has(result.claim.category)) return { ok: false, reason: "invalid" };
  return result;
}

/** What a person can do later: an account has its e-mail choices; a newsletter subscriber (no account) the footer's form. */
const LATER = {
  account: "You can change this at any time in your account.",
  subscriber: "You can subscribe again at any time from the foot of any page.",
};
const laterFor = (claim: UnsubscribeClaim) => (claim.who.startsWith("u:") ? LATER.account : LATER.subscriber);

export async function loader({ request, context }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const result = await check(request, app.config.SESSION_SECRET, Date.now());
  if (!result.ok)
    return data(
      { state: "refused" as const, message: result.reason === "expired" ? EXPIRED : INVALID },
      { status: 400 },
    );
  const label = CATEGORY_LABELS[result.claim.category].toLowerCase();
  // An account that already switched the category off is told so, not asked again.
  const { who, category } = result.claim;
  if (who.startsWith("u:") && (await emailOff(app.db, who.slice(2))).has(category))
    return { state: "already" as const, label, later: LATER.account };
  return { state: "ask" as const, label, later: laterFor(result.claim) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const app = context.get(appContext);
  const result = await check(request, app.config.SESSION_SECRET, Date.now());
  if (!result.ok)
    return data(
      { state: "refused" as const, message: result.reason === "expired" ? EXPIRED : INVALID },
      { status: 400 },
    );
  await unsubscribe(app, result.claim, Date.now());
  return {
    state: "done" as const,
    label: CATEGORY_LABELS[result.claim.category].toLowerCase(),
    later: laterFor(result.claim),
  };
}

export default function Unsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const shown = actionData ?? loaderData;
  return (
    <section className="mx-auto max-w-lg px-4 py-12">
      <h1 className="mb-4 text-2xl font-semibold">Unsubscribe</h1>
      {shown.state === "refused" ? (
        <p role="alert" className="rounded-md border border-red-300 bg-red-50 p-3 text-red-900">
          {shown.message}
        </p>
      ) : shown.state === "done" || shown.state === "already" ? (
        <p
          role="status"
          className="rounded-md border border-emerald-300 bg-emerald-50 p-3 text-emerald-900"
        >{`You are ${shown.state === "already" ? "already " : ""}unsubscribed from ${shown.label} e-mails. ${shown.later}`}</p>
      ) : (
        <Form method="post" className="space-y-4">
          <p>{`Stop receiving ${shown.label} e-mails from Closetloop?`}</p>
          <button type="submit" className="rounded-md bg-brand px-4 py-2 font-semibold text-white">
            Unsubscribe
          </button>
        </Form>
      )}
    </section>
  );
}
