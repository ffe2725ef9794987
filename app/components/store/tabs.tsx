import { lastWeek, thisWeek } from "../kit/chart";
import { StatCard, StatGrid } from "../kit/stat-card";
import { formatGBP } from "../../domain/money";

// The store dashboard's figures, above every tab (app/routes/store/index.tsx). Its tabs load with
// them: overview-tab.tsx, orders-tab.tsx, lists.tsx, settings.tsx (decision 0127).

/** The dashboard's four figures, above its tabs. */
export function StoreStats({
  productCount,
  pendingRequests,
  views,
  revenue,
}: {
  productCount: number;
  pendingRequests: number;
  views: { weekStart: number; views: number }[];
  revenue: number;
}) {
  return (
    <StatGrid>
      {/* §7 counts the store's products pending or approved: the requests waiting for an answer are among them. */}
      <StatCard
        label="Store Products"
        value={productCount}
        note={
          pendingRequests > 0
            ? `At your store · ${pendingRequests} of them waiting for your answer`
            : "Managed by your store"
        }
      />
      <StatCard label="Pending Requests" value={pendingRequests} note="Waiting for your answer" />
      <StatCard
        label="Store Views"
        value={thisWeek(views)}
        note={`This week (your page and products) · last week ${lastWeek(views)}`}
      />
      <StatCard label="Revenue" value={formatGBP(revenue)} note="Your commission on concierge sales" />
    </StatGrid>
  );
}
