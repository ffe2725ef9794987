import { isRouteErrorResponse, Outlet } from "react-router";
import type { Route } from "./+types/admin";
import { adminGuard } from "../../services/guards.server";

// Staff only (decision 0031): a signed-in user without an admin tab gets the spec's 403 page,
// rendered here; each tab's own middleware refuses the sub-roles that may not see it.
export const middleware: Route.MiddlewareFunction[] = [adminGuard];

export default function AdminArea() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 403) return <AccessDenied message={String(error.data)} />;
  // Anything else is the root's business (404 page, "Something went wrong").
  throw error;
}

/** The spec's 'Access Denied - …' message as a page: its title, then the reason. */
export function AccessDenied({ message }: { message: string }) {
  const [title, ...rest] = message.split(" - ");
  return (
    <section role="alert" className="mx-auto max-w-xl py-16 text-center">
      <h1 className="text-3xl font-bold">{title}</h1>
      <p className="mt-3 text-stone-700">{rest.join(" - ")}</p>
    </section>
  );
}
