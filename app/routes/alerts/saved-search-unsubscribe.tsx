import { data, Form } from "react-router";
import type { Route } from "./+types/saved-search-unsubscribe";
import { appContext } from "../../context";
import { deleteSavedSearchById, savedSearchName } from "../../data/alerts.server";
import type { Database } from "../../data/db.server";
import { verifyUnsubscribe } from "../../domain/unsubscribe";
import { savedSearchSecret } from "../../services/alerts.server";

// /saved-searches/unsubscribe?token=… (issue 25, item 7; decision 0052): the one-click link in a
// saved search's e-mail. The same signed claim as /unsubscribe (app/domain/unsubscribe.ts), for
// one saved search (`s:{id}`), signed with its own key so neither link works at the other. Works
// signed out; GET asks (a link scanner deletes nothing), POST deletes the search — the button, or
// the mail provider's one-click request.

export const meta: Route.MetaFunction = () => [
  { title: "Stop a saved search | Closetloop" },
  { name: "robots", content: "noindex" },
];

const INVALID =
  "This link is not valid. Please use the link in your most recent e-mail, or delete the search in your account.";
const EXPIRED =
  "This link has expired. Please use the link in your most recent e-mail, or delete the search in your account.";

async function savedSearchOf(request: Request, secret: string, now: number) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const checked = await verifyUnsubscribe(token, savedSearchSecret(secret), now, ["alerts"]);
  if (!checked.ok) return { ok: false as const, message: checked.reason === "expired" ? EXPIRED : INVALID };
  const id = checked.claim.who.startsWith("s:") ? checked.claim.who.slice(2) : null;
  return id ? { ok: true as const, id } : { ok: false as const, message: INVALID };
}

/**
 * What the link's saved search says: refused (400) when the link is bad, else `found` applied to
 * the search — its name read (GET) or the search deleted (POST) — and gone when it no longer exists.
 */
async function answer<S extends "ask" | "done">(
  { request, context }: Route.LoaderArgs | Route.ActionArgs,
  state: S,
  found: (db: Database, id: string) => Promise<string | null>,
) {
  const app = context.get(appContext);
  const link = await savedSearchOf(request, app.config.SESSION_SECRET, Date.now());
  if (!link.ok) return data({ state: "refused" as const, message: link.message }, { status: 400 });
  const name = await found(app.db, link.id);
  return name === null ? { state: "gone" as const } : { state, name };
}

export const loader = (args: Route.LoaderArgs) => answer(args, "ask", savedSearchName);

export const action = (args: Route.ActionArgs) => answer(args, "done", deleteSavedSearchById);

export default function SavedSearchUnsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const shown = actionData ?? loaderData;
  return (
    <section className="mx-auto max-w-lg px-4 py-12">
      <h1 className="mb-4 text-2xl font-semibold">Stop a saved search</h1>
      {shown.state === "refused" ? (
        <p role="alert" className="rounded-md border border-red-300 bg-red-50 p-3 text-red-900">
          {shown.message}
        </p>
      ) : shown.state === "gone" ? (
        <p role="status" className="rounded-md border border-emerald-300 bg-emerald-50 p-3 text-emerald-900">
          This saved search is already deleted: you will get no more e-mails for it.
        </p>
      ) : shown.state === "done" ? (
        <p
          role="status"
          className="rounded-md border border-emerald-300 bg-emerald-50 p-3 text-emerald-900"
        >{`Your saved search “${shown.name}” is deleted: you will get no more e-mails for it.`}</p>
      ) : (
        <Form method="post" className="space-y-4">
          <p>{`Delete your saved search “${shown.name}” and stop its e-mails?`}</p>
          <button type="submit" className="rounded-md bg-brand px-4 py-2 font-semibold text-white">
            Delete saved search
          </button>
        </Form>
      )}
    </section>
  );
}
