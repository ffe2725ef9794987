import { isRouteErrorResponse, Outlet } from "react-router";
import type { Route } from "./+types/admin";
import { requireStaff, requireUser } from "../../services/guards.server";
import { AccessDenied } from "../../components/admin";

// Staff only (decision 0031). Signed out → sign in and come back (the middleware). Signed in
// without an admin tab → the spec's 403 page, drawn here; each tab's loader and action refuse the
// sub-roles that may not see it (requireAdminTab) before they read or write anything.
export const middleware: Route.MiddlewareFunction[] = [({ request, context }) => void requireUser(context, request)];

export function loader({ request, context }: Route.LoaderArgs) {
  requireStaff(context, request);
  return null;
}

export default function AdminArea() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 403) return <AccessDenied message={String(error.data)} />;
  // Anything else is the root's business (404 page, "Something went wrong").
  throw error;
}
