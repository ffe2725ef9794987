import { useState } from "react";
import { Link } from "react-router";
import { formatLongDate } from "../../../domain/dates";
import { priceStatus } from "../../../domain/fairness";
import { EmptyState, Panel, ProductBadges, StatusBadge } from "../../../components/dashboard";
import { StartSellingPanel } from "../../../components/start-selling-panel";
import type { LoaderData } from "./types";

function ProductImage({ src, name }: { src: string | undefined; name: string }) {
  const [broken, setBroken] = useState(false);
  if (!src || broken) return <div className="flex size-12 items-center justify-center rounded bg-stone-200 text-[10px] text-stone-600">No image</div>;
  return <img src={src} alt={name} width={48} height={48} loading="lazy" onError={() => setBroken(true)} className="size-12 rounded object-cover" />;
}

export function Products({ data }: { data: LoaderData }) {
  if (!data.isVendor) return <StartSellingPanel status={"selling" in data ? data.selling : null} />;
  const products = "products" in data ? (data.products ?? []) : [];
  return (
    <Panel title="My Products" actions={<Link to="/vendor?tab=products" className="rounded-md bg-brand px-4 py-2 text-sm font-semibold text-white">Manage Products</Link>}>
      {products.length === 0 ? (
        <EmptyState>You haven&apos;t created any products yet</EmptyState>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <thead className="border-b border-stone-200 text-stone-600">
              <tr>
                <th scope="col" className="py-2 pr-4 font-medium">Image</th>
                <th scope="col" className="py-2 pr-4 font-medium">Name</th>
                <th scope="col" className="py-2 pr-4 font-medium">Price Status</th>
                <th scope="col" className="py-2 pr-4 font-medium">Status</th>
                <th scope="col" className="py-2 font-medium">Created</th>
              </tr>
            </thead>
            <tbody>
              {products.map((p) => {
                const price = priceStatus(p);
                return (
                  <tr key={p.id} className="border-b border-stone-100">
                    <td className="py-2 pr-4"><ProductImage src={p.images[0]} name={p.name} /></td>
                    <td className="py-2 pr-4">{p.name}</td>
                    <td className="py-2 pr-4"><StatusBadge status={price} label={price} tone={price === "Review Price" ? "yellow" : "green"} /></td>
                    <td className="py-2 pr-4"><ProductBadges status={p.status} productStatus={p.productStatus} rejectionReason={p.rejectionReason} /></td>
                    <td className="py-2">{formatLongDate(p.createdAt)}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </Panel>
  );
}
