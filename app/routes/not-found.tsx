import { data } from "react-router";
import type { Route } from "./+types/not-found";
import { PageNotFound } from "../components/not-found";

export const meta: Route.MetaFunction = () => [{ title: "Page not found | Closetloop" }];

export function loader({ request }: Route.LoaderArgs) {
  const { pathname } = new URL(request.url);
  console.warn(`404: no page at ${pathname.replace(/\.data$/, "")}`);
  return data(null, { status: 404 });
}

export function action() {
  return data(null, { status: 404 });
}

export default function NotFoundRoute() {
  return <PageNotFound />;
}
