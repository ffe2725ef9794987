import { redirect } from "react-router";
import type { Route } from "./+types/export";
import { appContext } from "../../context";
import { exportFileName } from "../../domain/account";
import { exportAccount } from "../../services/account.server";
import { requireUser } from "../../services/guards.server";

// POST /account/export (seller-store-admin.md §3, §9): the user's data as a JSON download,
// closetloop-data-YYYY-MM-DD.json, indented by 2. A plain form post downloads it without
// JavaScript; the account page fetches it with JavaScript to show 'Exporting...' and a toast.

export function loader() {
  return redirect("/account?tab=profile");
}

export async function action({ request, context }: Route.ActionArgs) {
  const app = context.get(appContext);
  const user = requireUser(context, request);
  const now = Date.now();
  const file = await exportAccount(app, user, now);
  return new Response(JSON.stringify(file, null, 2), {
    headers: {
      "content-type": "application/json; charset=utf-8",
      "content-disposition": `attachment; filename="${exportFileName(now)}"`,
      "cache-control": "no-store",
    },
  });
}
