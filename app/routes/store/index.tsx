import type { Route } from "./+types/index";
import { PageHeading } from "../../components/page-heading";

export const meta: Route.MetaFunction = () => [{ title: "Store Dashboard | Closetloop" }];

export default function Page() {
  return <PageHeading title="Store Dashboard" />;
}
