import { redirect } from "react-router";
import type { Route } from "./+types/logout";
import { appContext } from "../../context";
import { endSession } from "../../services/session.server";

export async function action({ request, context }: Route.ActionArgs) {
  const cookie = await endSession(request, context.get(appContext));
  return redirect("/", { headers: { "set-cookie": cookie } });
}

export function loader() {
  return redirect("/");
}
