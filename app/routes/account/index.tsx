import type { Route } from "./+types/index";
import { PageHeading } from "../../components/page-heading";

export const meta: Route.MetaFunction = () => [{ title: "Account Management | Closetloop" }];

export default function Page() {
  return <PageHeading title="Account Management" subtitle="Manage your account settings and view your activity" />;
}
