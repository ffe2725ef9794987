import { redirect } from "react-router";
import type { Route } from "./+types/index";
import { adminLanding } from "../../domain/admin-tabs";
import { requireStaff } from "../../services/guards.server";

// /admin and the spec's /admin?tab=X: to the named tab when this user may see it, else to their
// first tab (decision 0031); users without one are refused (403).
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireStaff(context, request);
  const landing = adminLanding(user, new URL(request.url).searchParams.get("tab"));
  if (!landing) throw new Response("Not found", { status: 404 });
  throw redirect(landing);
}

// A page route (not a resource route), so a refusal renders as the admin area's 403 page.
export default function AdminIndex() {
  return null;
}
