import { Form, Link } from "react-router";
import { formatShortDate } from "../../domain/dates";
import { REQUEST_CARD_IMAGES } from "../../domain/store-dashboard";
import { ProductBadges } from "../kit/badge";
import { buttonClass } from "../kit/buttons";
import { DataTable, type Paging } from "../kit/data-table";
import { Details } from "../kit/details";
import { PriceLines, priceText, productColumn } from "../kit/product-cells";
import { RejectForm } from "../reject-form";
import { useSubmitting, busyProps } from "../forms";

// The store dashboard's lists (seller-store-admin.md §2 Store dashboard). Pure rendering: the
// route's loader brings only the chosen store's records.

export interface StoreProductRow {
  id: string;
  name: string;
  brand: string;
  images: string[];
  rentalPrice: number | null;
  buyingPrice: number | null;
  originalPrice: number | null;
  status: string;
  productStatus: string;
  conciergeStatus: string;
  createdAt: number;
  ownerName: string | null;
}

/** Concierge Requests: a card per product waiting for the store, with up to 3 images (§9), Approve and Reject. */
export function ConciergeRequests({
  requests,
  action,
  errors,
  zone = null,
}: {
  requests: (StoreProductRow & { submittedAt: number })[];
  action: string;
  errors?: unknown;
  zone?: string | null;
}) {
  const approving = useSubmitting("approve_request");
  return (
    <ul className="grid gap-4 md:grid-cols-2">
      {requests.map((p) => (
        <li key={p.id} className="rounded-lg border border-stone-200 bg-white p-4" aria-labelledby={`request-${p.id}`}>
          <h3 id={`request-${p.id}`} className="font-semibold">
            {p.name}
          </h3>
          <p className="text-sm text-stone-700">{p.brand}</p>
          <div className="mt-3 flex gap-2">
            {p.images.length === 0 ? (
              <span className="flex h-24 w-20 items-center justify-center rounded bg-stone-100 text-xs text-stone-600">
                No image
              </span>
            ) : (
              p.images
                .slice(0, REQUEST_CARD_IMAGES)
                .map((url, i) => (
                  <img
                    key={url}
                    src={url}
                    alt={i === 0 ? p.name : ""}
                    width={80}
                    height={96}
                    loading="lazy"
                    className="h-24 w-20 rounded object-cover"
                  />
                ))
            )}
          </div>
          <Details
            className="mt-3"
            items={[
              ["Owner", p.ownerName ?? "—"],
              ["Rental (7 days)", priceText(p.rentalPrice)],
              ["Buying price", priceText(p.buyingPrice)],
              ["Original price", priceText(p.originalPrice)],
              ["Submitted", formatShortDate(p.submittedAt, zone)],
            ]}
          />
          {/* The whole listing (condition, size, description, every photo) before answering (decision 0068). */}
          <Link
            to={`/store/product/${p.id}/edit`}
            className="mt-2 inline-block text-sm text-brand underline"
          >{`See all the details of ${p.name}`}</Link>
          <div className="mt-3 flex flex-wrap items-start gap-2">
            <Form method="post" action={action}>
              <input type="hidden" name="productId" value={p.id} />
              <button
                type="submit"
                name="intent"
                value="approve_request"
                {...busyProps(approving)}
                aria-label={`Approve ${p.name}`}
                className="rounded-md bg-brand px-3 py-1.5 text-sm font-medium text-white aria-disabled:opacity-60"
              >
                Approve
              </button>
            </Form>
            <RejectForm
              id={p.id}
              name={p.name}
              intent="reject_request"
              action={action}
              shownTo="the seller"
              answer={errors}
            >
              <input type="hidden" name="productId" value={p.id} />
            </RejectForm>
          </div>
        </li>
      ))}
    </ul>
  );
}

/** Store Products: status badges and View → the store-side edit page. */
export function StoreProducts({ products, paging }: { products: StoreProductRow[]; paging: Paging }) {
  return (
    <DataTable
      caption="The store's products, newest first"
      rows={products}
      empty="No products at your store yet."
      paging={paging}
      wide
      rowTestId="store-product"
      columns={[
        productColumn(),
        { header: "Owner", cell: (p) => p.ownerName ?? "—" },
        {
          header: "Prices",
          className: "text-xs",
          cell: (p) => <PriceLines rent={p.rentalPrice} buy={p.buyingPrice} />,
        },
        { header: "Status", cell: (p) => <ProductBadges status={p.status} productStatus={p.productStatus} /> },
        {
          header: "Actions",
          hiddenHeader: true,
          cell: (p) => (
            <Link to={`/store/product/${p.id}/edit`} aria-label={`View ${p.name}`} className={buttonClass}>
              View
            </Link>
          ),
        },
      ]}
    />
  );
}
