import { Link } from "react-router";
import { PageHeading } from "./page-heading";

/**
 * The product an editor opened (seller or store side): what it is and where it stands, with the
 * way to its public page and back. Editing itself arrives with the dashboards.
 */
export function EditableProductSummary({
  product,
  back,
}: {
  product: { id: string; name: string; status: string; productStatus: string };
  back: string;
}) {
  return (
    <div>
      <Link to={back} className="text-sm font-medium text-brand underline">
        Back
      </Link>
      <PageHeading title="Edit Product" subtitle={product.name} />
      <dl className="grid max-w-md grid-cols-2 gap-2 rounded-lg border border-stone-200 bg-white p-4 text-sm">
        <dt className="text-stone-700">Review status</dt>
        <dd className="capitalize">{product.status}</dd>
        <dt className="text-stone-700">Listing status</dt>
        <dd className="capitalize">{product.productStatus}</dd>
      </dl>
      {product.productStatus === "live" ? (
        <Link
          to={`/product/${product.id}`}
          className="mt-4 inline-block rounded-md bg-brand px-4 py-2 font-medium text-white"
        >
          View
        </Link>
      ) : null}
    </div>
  );
}
