import { Form, Link } from "react-router";
import type { Route } from "./+types/following";
import { appContext } from "../../context";
import { addFollow, followable, followingList, removeFollow } from "../../data/follows.server";
import { formatLongDate } from "../../domain/dates";
import { FOLLOW_MESSAGES, followTarget } from "../../domain/follows";
import { readIntent } from "../../domain/intents";
import { safeRedirect } from "../../domain/safe-redirect";
import { requireUser } from "../../services/guards.server";
import { publicPagesChanged } from "../../services/freshness.server";
import { dataWithToast, redirectWithToast } from "../../services/toast.server";
import { EmptyState, Panel } from "../../components/kit/panel";
import { PageHeading } from "../../components/page-heading";

// /account/following (issue 46 item 1; decision 0090): the sellers and partner stores a shopper
// follows, each with Unfollow; every Follow button (profiles, the product page's seller card)
// posts here. A refused follow (oneself, twice, a deactivated seller) says why with a 4xx and
// writes nothing.

export const meta: Route.MetaFunction = () => [
  { title: "Following | Closetloop" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const user = requireUser(context, request);
  return { following: await followingList(app.db, user.id) };
}

export const intents = ["follow", "unfollow"] as const;

export async function action({ request, context }: Route.ActionArgs) {
  const app = context.get(appContext);
  const user = requireUser(context, request);
  const form = await request.formData().catch(() => null);
  const intent = form ? readIntent(form, intents) : null;
  const target = form ? followTarget(form.get("kind"), form.get("id")) : null;
  const returnTo = safeRedirect(form?.get("returnTo"), "/account/following");
  const enhanced = form?.get("enhanced") === "1";
  const refuse = (status: number, message: string) =>
    dataWithToast(
      app.config,
      { following: undefined, error: message },
      { type: "error", title: "Not changed", description: message },
      { status },
    );
  if (!intent || !target) return refuse(400, FOLLOW_MESSAGES.target);
  const now = Date.now();
  if (intent === "unfollow") {
    if (!(await removeFollow(app.db, user.id, target))) return refuse(404, FOLLOW_MESSAGES.notFollowing);
  } else {
    const allowed = await followable(app.db, user.id, target);
    if (allowed === "self") return refuse(400, FOLLOW_MESSAGES.self);
    if (allowed === "gone") return refuse(404, FOLLOW_MESSAGES.gone);
    if ((await addFollow(app.db, user.id, target, now)) === "duplicate") return refuse(409, FOLLOW_MESSAGES.twice);
  }
  // The profile's follower count is on its shared page.
  await publicPagesChanged(app.env.CACHE, now);
  const following = intent === "follow";
  const toast = {
    type: "success" as const,
    title: following ? "Following" : "Unfollowed",
    description: following ? "Their new listings will show in your notifications." : undefined,
  };
  if (enhanced) return dataWithToast(app.config, { following, error: undefined }, toast);
  return redirectWithToast(app.config, returnTo, toast);
}

export default function Following({ loaderData, actionData }: Route.ComponentProps) {
  const { following } = loaderData;
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <PageHeading title="Following" subtitle="The sellers and partner stores whose new listings you see first." />
      <Link to="/account" className="text-sm text-brand underline">
        Back to My Account
      </Link>
      {actionData?.error ? (
        <p role="alert" className="rounded-md bg-red-50 p-3 text-red-800">
          {actionData.error}
        </p>
      ) : null}
      <Panel title={`Sellers and stores you follow (${following.length})`}>
        {following.length === 0 ? (
          <EmptyState>
            You don't follow anyone yet. Press Follow on a seller's or a store's page to see their new listings first.
          </EmptyState>
        ) : (
          <ul className="divide-y divide-stone-200">
            {following.map((f) => (
              <li
                key={`${f.target.kind}:${f.target.id}`}
                className="flex flex-wrap items-center justify-between gap-3 py-3"
              >
                <div>
                  {f.href ? (
                    <Link to={f.href} className="font-semibold text-brand underline">
                      {f.name}
                    </Link>
                  ) : (
                    <span className="font-semibold">{f.name}</span>
                  )}
                  <p className="text-sm text-stone-700">{`${f.target.kind === "store" ? "Partner store" : "Seller"} · following since ${formatLongDate(f.since)}`}</p>
                </div>
                <Form method="post">
                  <input type="hidden" name="intent" value="unfollow" />
                  <input type="hidden" name="kind" value={f.target.kind} />
                  <input type="hidden" name="id" value={f.target.id} />
                  <button
                    type="submit"
                    className="rounded-md border border-stone-300 px-3 py-1.5 text-sm"
                    aria-label={`Unfollow ${f.name}`}
                  >
                    Unfollow
                  </button>
                </Form>
              </li>
            ))}
          </ul>
        )}
      </Panel>
      <p className="text-sm text-stone-700">
        New listings of the sellers you follow arrive in your{" "}
        <Link to="/account/notifications" className="text-brand underline">
          notifications
        </Link>
        . A daily e-mail of them is a choice on your profile's notification settings.
      </p>
    </div>
  );
}
