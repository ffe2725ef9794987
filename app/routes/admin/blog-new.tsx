import type { Route } from "./+types/blog-new";
import { PageHeading } from "../../components/page-heading";

export const meta: Route.MetaFunction = () => [{ title: "New Blog Post | Closetloop" }];

export default function Page() {
  return <PageHeading title="New Blog Post" />;
}
