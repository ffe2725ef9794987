import { Link } from "react-router";
import type { Route } from "./+types/messages";
import { appContext } from "../../context";
import { inbox } from "../../data/inbox.server";
import { timeAgo } from "../../domain/dates";
import { requireUser } from "../../services/guards.server";
import { EmptyState } from "../../components/kit/panel";
import { PageHeading } from "../../components/page-heading";
import { InboxList } from "../../components/messages/inbox";

// /account/messages (issue 26, item 2): every conversation of the user, newest first — as a
// shopper, as a seller, for their store, and (read only) about their concierge items.

export const meta: Route.MetaFunction = () => [
  { title: "Messages | Closetloop" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const user = requireUser(context, request);
  return { rows: await inbox(app.db, user.id), now: Date.now() };
}

export default function Messages({ loaderData }: Route.ComponentProps) {
  const { rows, now } = loaderData;
  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      <PageHeading title="Messages" subtitle="Your conversations with shoppers, sellers and stores" />
      {rows.length === 0 ? (
        <EmptyState>
          No messages yet. Ask a seller about an item from its page (
          <Link to="/all-products" className="text-brand underline">
            browse items
          </Link>
          ).
        </EmptyState>
      ) : (
        <InboxList rows={rows} ago={(at) => timeAgo(at, now)} />
      )}
    </div>
  );
}
