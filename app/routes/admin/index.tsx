import { redirect } from "react-router";
import type { Route } from "./+types/index";
import { adminLanding } from "../../domain/admin-tabs";
import { requireUser } from "../../services/guards.server";

// /admin and the spec's /admin?tab=X: to the named tab when this user may see it, else to their
// first tab (decision 0031). The area guard has already refused users without one.
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  const landing = adminLanding(user, new URL(request.url).searchParams.get("tab"));
  if (!landing) throw new Response("Not found", { status: 404 });
  throw redirect(landing);
}
