import type { ComponentProps } from "react";
import { Link } from "react-router";
import { formatShortDate } from "../../domain/dates";
import { storeHref } from "../../domain/store-dashboard";
import { EmptyState, Panel } from "../kit/panel";
import { SvgBarChart } from "../kit/svg-bar-chart";
import { InboxList } from "../messages/inbox";

// The store dashboard's overview tab (app/routes/store/index.tsx): views, what waits for an
// answer, the store's messages. Loaded with its tab (decision 0127), as are the others.

export function StoreOverviewTab({
  storeId,
  storeParam,
  pendingRequests,
  views,
  conversations,
  zone,
}: {
  storeId: string;
  storeParam: string | null;
  pendingRequests: number;
  views: { weekStart: number; views: number }[];
  conversations: ComponentProps<typeof InboxList>["rows"];
  zone: string | null;
}) {
  return (
    <>
      <SvgBarChart
        title="Views of your store page and products per week (last 12 weeks)"
        unit="views"
        points={views.map((w) => ({ label: formatShortDate(w.weekStart), value: w.views }))}
      />
      <Panel title="Overview">
        <p className="text-sm text-stone-800">
          {pendingRequests > 0 ? (
            <>
              {`${pendingRequests} concierge ${pendingRequests === 1 ? "request waits" : "requests wait"} for your answer. `}
              <Link to={storeHref("requests", storeParam)} className="font-medium text-brand underline">
                Review requests
              </Link>
            </>
          ) : (
            "No concierge requests are waiting for your answer."
          )}
        </p>
        <p className="mt-2 text-sm">
          <Link to={`/store/${storeId}`} className="font-medium text-brand underline">
            View your public store page
          </Link>
        </p>
      </Panel>
      <Panel title="Messages">
        {conversations.length === 0 ? (
          <EmptyState>No shopper has asked about your store's items yet.</EmptyState>
        ) : (
          <InboxList rows={conversations} ago={(at) => formatShortDate(at, zone)} label="Store conversations" />
        )}
        <p className="mt-2 text-sm">
          <Link to="/account/messages" className="font-medium text-brand underline">
            All your messages
          </Link>
        </p>
      </Panel>
    </>
  );
}
