import { formatGBP } from "../../../domain/money";
import { StatCard, StatGrid } from "../../../components/kit/stat-card";
import type { LoaderData } from "./types";

export function Summary({ data }: { data: LoaderData }) {
  if (!("summary" in data) || !data.summary) return null;
  const s = data.summary;
  return (
    <StatGrid>
      <StatCard label="Active Orders" value={s.activeOrders} note="Currently processing" />
      <StatCard label="Total Orders" value={s.totalOrders} note="All time orders" />
      {data.isVendor ? (
        <>
          <StatCard
            label="Total Sales"
            value={formatGBP(s.totalSales)}
            note="Revenue generated: what shoppers paid for your items"
          />
          <StatCard label="Products" value={s.products} note="Listed products" />
        </>
      ) : null}
    </StatGrid>
  );
}
