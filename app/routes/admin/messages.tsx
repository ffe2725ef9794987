import { Link } from "react-router";
import { openAdminLoader } from "../../services/admin-actions.server";
import type { Route } from "./+types/messages";
import { openReports } from "../../data/conversation-safety.server";
import { formatShortDate } from "../../domain/dates";
import { EmptyState, Panel } from "../../components/kit/panel";

// Admin → Reported messages (issue 26, item 5): conversations a party reported, oldest first.
// Staff (admin, customer support) open one to read it — each read goes to the audit log — and
// can suspend a sender and close the report there.

export const meta: Route.MetaFunction = () => [
  { title: "Reported messages | Admin | Closetloop" },
  { name: "robots", content: "noindex" },
];

export async function loader(args: Route.LoaderArgs) {
  const { app } = openAdminLoader(args, "messages");
  return { reports: await openReports(app.db) };
}

export default function ReportedMessages({ loaderData }: Route.ComponentProps) {
  const { reports } = loaderData;
  return (
    <Panel title="Reported conversations">
      {reports.length === 0 ? (
        <EmptyState>No reported conversations.</EmptyState>
      ) : (
        <ul className="divide-y divide-stone-200" aria-label="Reported conversations">
          {reports.map((r) => (
            <li key={r.id} className="py-3" data-testid="report">
              <Link to={`/admin/messages/${r.conversationId}`} className="font-semibold text-brand underline">
                {r.shopperName} · {r.handlerName} — {r.productName}
              </Link>
              <p className="text-sm text-stone-700">
                Reported by {r.reporterName} on {formatShortDate(r.createdAt)}: {r.reason}
              </p>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}
