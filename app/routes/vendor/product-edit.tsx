import { data, isRouteErrorResponse } from "react-router";
import type { Route } from "./+types/product-edit";
import { EditableProductSummary } from "../../components/editable-product";
import { NotFoundSection } from "../../components/catalog/listing";
import { appContext } from "../../context";
import { editableProduct } from "../../data/product.server";
import { requireUser } from "../../services/guards.server";

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData ? "Edit Product | Closetloop" : "Product not found | Closetloop" }];

// Only the product's owner (or staff who manage products) gets past this loader: anyone else,
// and a missing product, see 'Product not found'. The edit form itself arrives with the dashboards.
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  const product = await editableProduct(context.get(appContext).db, params.id, user, "seller");
  if (!product) throw data(null, { status: 404 });
  return { product };
}

export default function Page({ loaderData }: Route.ComponentProps) {
  return <EditableProductSummary product={loaderData.product} back="/vendor" />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (!isRouteErrorResponse(error) || error.status !== 404) throw error;
  return <NotFoundSection title="Product not found" back={{ to: "/vendor", label: "Back to Dashboard" }} />;
}
