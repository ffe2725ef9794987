import { Form, Link } from "react-router";
import { buttonClass } from "../kit/buttons";
import { fieldErrors, sentValues } from "../admin-content";
import { ConfirmForm, RowAction } from "../kit/row-actions";
import { Panel } from "../kit/panel";
import { StatusBadge } from "../kit/badge";
import { CellText, DataTable } from "../kit/data-table";

// The admin Brands tab's list (issue 14 item 5; decision 0033): each brand with its logo, products
// and popularity, edited, deleted behind a confirmation when no product uses it, or else merged.

/** A brand as the Brands tab lists it: its row and how many products carry its name. */
export interface AdminBrand {
  id: string;
  name: string;
  logoUrl: string | null;
  websiteUrl: string | null;
  description: string | null;
  isPopular: boolean;
  products: number;
}

/** A brand products use: merged into another (its products move, its page redirects), not deleted. */
function MergeForm({ brand, brands, error }: { brand: AdminBrand; brands: readonly AdminBrand[]; error?: string }) {
  const id = `merge-${brand.id}`;
  // Folded, one open at a time (an exclusive <details> group, no JavaScript): every row used to
  // show the 40-brand list at once (issue 46 item 5). A refused merge opens with its message.
  return (
    <details name="brand-merge" open={error ? true : undefined} className="text-sm">
      <summary className="cursor-pointer text-brand underline">{`Merge ${brand.name} into another brand`}</summary>
      <Form method="post" className="mt-2 flex flex-wrap items-center gap-2" aria-label={`Merge ${brand.name}`}>
        <input type="hidden" name="brandId" value={brand.id} />
        <label htmlFor={id} className="text-sm">
          Merge into…<span className="sr-only">{` (${brand.name} is used by ${brand.products} product(s))`}</span>
        </label>
        <select
          id={id}
          name="intoBrandId"
          required
          defaultValue=""
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className="rounded-md border border-stone-300 px-2 py-1 text-sm"
        >
          <option value="" disabled>
            Choose a brand
          </option>
          {brands
            .filter((b) => b.id !== brand.id)
            .map((b) => (
              <option key={b.id} value={b.id}>
                {b.name}
              </option>
            ))}
        </select>
        <button type="submit" name="intent" value="merge" className={buttonClass}>
          Merge
        </button>
        {error ? (
          <p id={`${id}-error`} className="w-full text-sm text-red-700">
            {error}
          </p>
        ) : null}
      </Form>
    </details>
  );
}

export function BrandList({
  tab: TAB,
  brands,
  actionData,
}: {
  tab: string;
  brands: readonly AdminBrand[];
  actionData: unknown;
}) {
  const mergeErrors = fieldErrors(actionData, "merge");
  const actionBrandId = sentValues(actionData, "merge")?.brandId;
  return (
    <Panel title={`Brands (${brands.length})`}>
      <DataTable
        caption="Brands by name, with their logo, products and popularity"
        rows={brands}
        empty="No brands yet."
        columns={[
          {
            header: "Logo",
            cell: (b) =>
              b.logoUrl ? (
                <img
                  src={b.logoUrl}
                  alt=""
                  width={40}
                  height={40}
                  className="size-10 rounded border border-stone-200 bg-white object-contain"
                />
              ) : (
                <span className="text-stone-500">—</span>
              ),
          },
          {
            header: "Brand",
            rowHeader: true,
            cell: (b) => (
              <CellText note={b.websiteUrl}>
                <Link to={`/brand/${encodeURIComponent(b.name)}`} className="text-brand underline">
                  {b.name}
                </Link>
              </CellText>
            ),
          },
          { header: "Products", cell: (b) => b.products },
          {
            header: "Popular",
            cell: (b) => (
              <RowAction
                intent="popular"
                text={b.isPopular ? "Unmark popular" : "Mark popular"}
                label={`${b.isPopular ? "Unmark popular" : "Mark popular"}: ${b.name}`}
                fields={{ brandId: b.id, popular: b.isPopular ? "false" : "true" }}
                className="flex items-center gap-2"
              >
                {b.isPopular ? <StatusBadge status="popular" variant="done" label="Popular" /> : null}
              </RowAction>
            ),
          },
          {
            header: "Actions",
            cell: (b) => (
              <div className="flex items-center gap-3">
                <Link to={`${TAB}?edit=${b.id}`} className="text-sm underline" aria-label={`Edit ${b.name}`}>
                  Edit
                </Link>
                {b.products === 0 ? (
                  <ConfirmForm
                    label={`Delete ${b.name}`}
                    question={`Delete the brand ${b.name}? This cannot be undone.`}
                    confirmLabel="Delete brand"
                    fields={{ brandId: b.id }}
                    intent="delete"
                  />
                ) : (
                  <MergeForm
                    brand={b}
                    brands={brands}
                    error={mergeErrors.intoBrandId && actionBrandId === b.id ? mergeErrors.intoBrandId : undefined}
                  />
                )}
              </div>
            ),
          },
        ]}
      />
    </Panel>
  );
}
