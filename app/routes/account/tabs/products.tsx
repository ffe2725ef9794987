import { useState } from "react";
import { Link } from "react-router";
import { formatLongDate } from "../../../domain/dates";
import { priceStatus } from "../../../domain/fairness";
import { Panel } from "../../../components/kit/panel";
import { DataTable } from "../../../components/kit/data-table";
import { ProductBadges, StatusBadge } from "../../../components/kit/badge";
import { StartSellingPanel } from "../../../components/start-selling-panel";
import type { LoaderData } from "./types";

function ProductImage({ src, name }: { src: string | undefined; name: string }) {
  const [broken, setBroken] = useState(false);
  if (!src || broken)
    return (
      <div className="flex size-12 items-center justify-center rounded bg-stone-200 text-[10px] text-stone-600">
        No image
      </div>
    );
  return (
    <img
      src={src}
      alt={name}
      width={48}
      height={48}
      loading="lazy"
      onError={() => setBroken(true)}
      className="size-12 rounded object-cover"
    />
  );
}

function PriceStatus({ product }: { product: Parameters<typeof priceStatus>[0] }) {
  const price = priceStatus(product);
  return <StatusBadge status={price} label={price} variant={price === "Review Price" ? "pending" : "done"} />;
}

export function Products({ data }: { data: LoaderData }) {
  if (!data.isVendor) return <StartSellingPanel status={"selling" in data ? data.selling : null} />;
  const products = "products" in data ? (data.products ?? []) : [];
  return (
    <Panel
      title="My Products"
      actions={
        <Link to="/vendor?tab=products" className="rounded-md bg-brand px-4 py-2 text-sm font-semibold text-white">
          Manage Products
        </Link>
      }
    >
      <DataTable
        caption="Your products, newest first, with their price check and status"
        rows={products}
        empty="You haven't created any products yet"
        columns={[
          { header: "Image", cell: (p) => <ProductImage src={p.images[0]} name={p.name} /> },
          { header: "Name", cell: (p) => p.name },
          { header: "Price Status", cell: (p) => <PriceStatus product={p} /> },
          {
            header: "Status",
            cell: (p) => (
              <ProductBadges
                status={p.status}
                productStatus={p.productStatus}
                rejectionReason={p.rejectionReason}
                declinedBy={p.declinedBy}
                forSeller
              />
            ),
          },
          { header: "Created", cell: (p) => formatLongDate(p.createdAt, data.zone) },
        ]}
      />
    </Panel>
  );
}
