import type { Route } from "./+types/product-edit";
import { PageHeading } from "../../components/page-heading";

export const meta: Route.MetaFunction = () => [{ title: "Edit Product | Closetloop" }];

export default function Page() {
  return <PageHeading title="Edit Product" />;
}
