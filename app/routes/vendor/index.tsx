import type { Route } from "./+types/index";
import { PageHeading } from "../../components/page-heading";

export const meta: Route.MetaFunction = () => [{ title: "Seller Dashboard | Closetloop" }];

export default function Page() {
  return <PageHeading title="Seller Dashboard" />;
}
