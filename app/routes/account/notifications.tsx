import { data, Form, Link } from "react-router";
import type { Route } from "./+types/notifications";
import { appContext } from "../../context";
import { markAllRead, markRead, notificationPage } from "../../data/notifications.server";
import { timeAgo } from "../../domain/dates";
import { readIntent } from "../../domain/intents";
import { readPage } from "../../domain/tabs";
import { requireUser } from "../../services/guards.server";
import { redirectWithToast } from "../../services/toast.server";
import { EmptyState } from "../../components/kit/panel";
import { Pagination, PastTheEnd } from "../../components/kit/pagination";
import { PageHeading } from "../../components/page-heading";

// /account/notifications (issue 23, item 3): everything that concerned the person while they were
// away, newest first, 20 a page. Opening one marks it read and goes to its subject; 'Mark all as
// read' clears the header's bell. Every action is a form: it works without JavaScript, and with it
// the header's count follows at once (the root loader revalidates after an action).

export const meta: Route.MetaFunction = () => [
  { title: "Notifications | Closetloop" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const user = requireUser(context, request);
  const page = readPage(new URL(request.url));
  const list = await notificationPage(app.db, user.id, page);
  return { page, ...list, now: Date.now() };
}

export const intents = ["open", "mark_read", "mark_all_read"] as const;

export async function action({ request, context }: Route.ActionArgs) {
  const app = context.get(appContext);
  const user = requireUser(context, request);
  const form = await request.formData().catch(() => null);
  const intent = form ? readIntent(form, intents) : null;
  const now = Date.now();
  if (!form || !intent) return data({ error: "Unknown action." }, { status: 400 });
  if (intent === "mark_all_read") {
    const n = await markAllRead(app.db, user.id, now);
    return redirectWithToast(app.config, "/account/notifications", {
      type: "success",
      title: n === 0 ? "Nothing new" : `${n} notification${n === 1 ? "" : "s"} marked as read`,
    });
  }
  const id = String(form.get("id") ?? "").slice(0, 100);
  const marked = id ? await markRead(app.db, user.id, id, now) : null;
  // Someone else's notification, or none: nothing changes.
  if (!marked) return data({ error: "Notification not found." }, { status: 404 });
  if (intent === "open" && marked.link?.startsWith("/"))
    return new Response(null, { status: 303, headers: { location: marked.link } });
  return redirectWithToast(app.config, "/account/notifications", { type: "success", title: "Marked as read" });
}

export default function Notifications({ loaderData, actionData }: Route.ComponentProps) {
  const { rows, page, hasNext, now } = loaderData;
  const unread = rows.some((r) => r.readAt === null);
  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      <PageHeading title="Notifications" subtitle="What happened to your orders, listings, store and payouts" />
      {actionData && "error" in actionData ? (
        <p role="alert" className="mb-4 rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-900">
          {actionData.error}
        </p>
      ) : null}
      <div className="mb-4 flex flex-wrap items-center justify-between gap-2 text-sm">
        <Link to="/account?tab=profile#notification-settings" className="text-brand underline">
          E-mail settings
        </Link>
        {unread ? (
          <Form method="post">
            <button
              type="submit"
              name="intent"
              value="mark_all_read"
              className="rounded-md border border-stone-300 bg-white px-3 py-1.5 font-medium hover:bg-stone-100"
            >
              Mark all as read
            </button>
          </Form>
        ) : null}
      </div>
      {rows.length === 0 && page > 1 ? (
        <PastTheEnd page={page} firstPage="/account/notifications" />
      ) : rows.length === 0 ? (
        <EmptyState>
          No notifications yet. We will tell you here when something happens to your orders, listings or payouts.
        </EmptyState>
      ) : (
        <ul
          className="divide-y divide-stone-200 rounded-lg border border-stone-200 bg-white"
          aria-label="Notifications"
        >
          {rows.map((n) => (
            <li
              key={n.id}
              className={`flex items-start gap-3 p-4 ${n.readAt === null ? "bg-amber-50/60" : ""}`}
              data-testid="notification"
            >
              <span
                className={`mt-1.5 size-2 shrink-0 rounded-full ${n.readAt === null ? "bg-brand" : "bg-transparent"}`}
                aria-hidden="true"
              />
              <div className="min-w-0 flex-1 wrap-anywhere">
                <Form method="post">
                  <input type="hidden" name="id" value={n.id} />
                  <button
                    type="submit"
                    name="intent"
                    value="open"
                    className="text-left font-semibold wrap-anywhere text-stone-900 underline-offset-2 hover:underline"
                  >
                    {n.title}
                    {n.readAt === null ? <span className="sr-only"> (unread)</span> : null}
                  </button>
                </Form>
                <p className="mt-1 text-sm whitespace-pre-line text-stone-700">{n.body}</p>
                <p className="mt-1 text-xs text-stone-600">{timeAgo(n.createdAt, now)}</p>
              </div>
              {n.readAt === null ? (
                <Form method="post" className="shrink-0">
                  <input type="hidden" name="id" value={n.id} />
                  <button
                    type="submit"
                    name="intent"
                    value="mark_read"
                    className="text-xs text-stone-700 underline"
                    aria-label={`Mark as read: ${n.title}`}
                  >
                    Mark as read
                  </button>
                </Form>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {rows.length > 0 ? (
        <Pagination page={page} hasNext={hasNext} href={(p) => `/account/notifications?page=${p}`} />
      ) : null}
    </div>
  );
}
