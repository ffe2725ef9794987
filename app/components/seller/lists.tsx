import { Link } from "react-router";
import { formatLongDate } from "../../domain/dates";
import { buyFairness, rentalFairness, type Fairness } from "../../domain/fairness";
import { SUGGESTION_LABELS } from "../../domain/product-fields";
import { type BadgeVariant, ProductBadges, StatusBadge } from "../kit/badge";
import { FairnessBar } from "./fairness";
import { CellText, DataTable, type Paging } from "../kit/data-table";
import { priceText, Thumbnail } from "../kit/product-cells";

// The seller dashboard's lists (seller-store-admin.md §2 Seller dashboard). Pure rendering: the
// route's loader brings only the signed-in seller's own records.

export interface SellerProductRow {
  id: string;
  name: string;
  images: string[];
  rentalPrice: number | null;
  buyingPrice: number | null;
  originalPrice: number | null;
  condition: string;
  status: string;
  productStatus: string;
  conciergeStatus: string;
  rejectionReason: string | null;
  declinedBy: string | null;
  availability: string;
  orderStage?: "reserved" | "to_post" | "shipped" | null;
  createdAt: number;
  storeName: string | null;
}

/** Your Products: each with its fairness bars, badges, View (when public) and Edit. */
export function SellerProducts({
  products,
  paging,
  zone = null,
}: {
  products: SellerProductRow[];
  paging: Paging;
  zone?: string | null;
}) {
  return (
    <DataTable
      caption="Your products, newest first"
      rows={products}
      empty="No products yet. Create your first listing!"
      paging={paging}
      wide
      rowTestId="seller-product"
      columns={[
        { header: "Image", cell: (p) => <Thumbnail src={p.images[0]} large sayNoImage /> },
        {
          header: "Name",
          rowHeader: true,
          className: "font-normal",
          cell: (p) => (
            <CellText strong note={p.storeName ? `Managed by ${p.storeName}` : null}>
              {p.name}
            </CellText>
          ),
        },
        {
          header: "Rental (7 days)",
          cell: (p) => (
            <PriceWithFairness
              pence={p.rentalPrice}
              fairness={rentalFairness(p.rentalPrice, p.buyingPrice)}
              label="Rental price"
            />
          ),
        },
        {
          header: "Buy",
          cell: (p) => (
            <PriceWithFairness
              pence={p.buyingPrice}
              fairness={buyFairness(p.buyingPrice, p.originalPrice, p.condition)}
              label="Buying price"
            />
          ),
        },
        { header: "Created", className: "whitespace-nowrap", cell: (p) => formatLongDate(p.createdAt, zone) },
        {
          header: "Status",
          cell: (p) => (
            <ProductBadges
              status={p.status}
              productStatus={p.productStatus}
              conciergeStatus={p.conciergeStatus}
              rejectionReason={p.rejectionReason}
              declinedBy={p.declinedBy}
              availability={p.availability}
              orderStage={p.orderStage}
              forSeller
            />
          ),
        },
        {
          header: "Actions",
          hiddenHeader: true,
          cell: (p) => (
            <div className="flex gap-3">
              {p.productStatus === "live" && p.availability !== "sold" ? (
                <Link
                  to={`/product/${p.id}`}
                  className="font-medium text-brand underline"
                  aria-label={`View ${p.name}`}
                >
                  View
                </Link>
              ) : null}
              <Link
                to={`/vendor/product/${p.id}/edit`}
                className="font-medium text-brand underline"
                aria-label={`Edit ${p.name}`}
              >
                Edit
              </Link>
            </div>
          ),
        },
      ]}
    />
  );
}

function PriceWithFairness({
  pence,
  fairness,
  label,
}: {
  pence: number | null;
  fairness: Fairness | null;
  label: string;
}) {
  return (
    <>
      <p>{priceText(pence)}</p>
      {pence === null ? null : <FairnessBar fairness={fairness} label={label} />}
    </>
  );
}

export function BrandSuggestions({
  suggestions,
}: {
  suggestions: { id: string; name: string; status: keyof typeof SUGGESTION_LABELS }[];
}) {
  if (suggestions.length === 0) return null;
  const variant: Record<string, BadgeVariant> = {
    pending: "pending",
    approved: "done",
    merged: "done",
    rejected: "refused",
  };
  return (
    <section aria-labelledby="brand-suggestions" className="mt-6 border-t border-stone-200 pt-4">
      <h3 id="brand-suggestions" className="font-semibold">
        Your brand suggestions
      </h3>
      <ul className="mt-2 flex flex-wrap gap-3 text-sm">
        {suggestions.map((s) => (
          <li key={s.id} className="flex items-center gap-2">
            {s.name} <StatusBadge status={s.status} label={SUGGESTION_LABELS[s.status]} variant={variant[s.status]} />
          </li>
        ))}
      </ul>
    </section>
  );
}
