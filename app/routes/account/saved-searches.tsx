import { data, Form, Link } from "react-router";
import type { Route } from "./+types/saved-searches";
import { appContext } from "../../context";
import {
  cancelBackInStock,
  deleteSavedSearch,
  insertSavedSearch,
  savedSearchesOf,
  waitingRequestsOf,
} from "../../data/alerts.server";
import { readSavedSearch, SAVED_SEARCH_LIMIT, SAVED_SEARCH_MESSAGES, SAVED_SEARCH_NAME_MAX } from "../../domain/alerts";
import { formatLongDate } from "../../domain/dates";
import { readIntent } from "../../domain/intents";
import { listingFilters } from "../../services/alerts.server";
import { requireUser } from "../../services/guards.server";
import { redirectWithToast } from "../../services/toast.server";
import { EmptyState, Panel } from "../../components/kit/panel";
import { Field } from "../../components/forms";
import { PageHeading } from "../../components/page-heading";

// /account/saved-searches (issue 25, item 7; decision 0052): the listings a shopper saved (search
// and filters, with a name), each a link back to it and a Delete button, and the items they asked
// to be told about ('Notify me'). A listing page's 'Save this search' form posts here. Every
// action is a plain form; a refused save says why at its field (4xx) and writes nothing.

export const meta: Route.MetaFunction = () => [
  { title: "Saved searches | Closetloop" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const user = requireUser(context, request);
  const [searches, waiting] = await Promise.all([savedSearchesOf(app.db, user.id), waitingRequestsOf(app.db, user.id)]);
  return { searches, waiting };
}

export const intents = ["save", "delete", "stop_waiting"] as const;

type SaveResult = { intent: "save"; errors: { name?: string; url?: string }; values: { name: string; url: string } };

export async function action({ request, context }: Route.ActionArgs) {
  const app = context.get(appContext);
  const user = requireUser(context, request);
  const form = await request.formData().catch(() => null);
  const intent = form ? readIntent(form, intents) : null;
  if (!form || !intent) return data({ error: "Unknown action." }, { status: 400 });
  if (intent === "delete" || intent === "stop_waiting") {
    const id = String(form.get("id") ?? "").slice(0, 100);
    const done =
      intent === "delete" ? await deleteSavedSearch(app.db, user.id, id) : await cancelBackInStock(app.db, user.id, id);
    if (!done)
      return data({ error: intent === "delete" ? "Saved search not found." : "Request not found." }, { status: 404 });
    return redirectWithToast(app.config, "/account/saved-searches", {
      type: "success",
      title: intent === "delete" ? "Saved search deleted" : "We won't tell you about it",
    });
  }
  const values = {
    name: String(form.get("name") ?? "").slice(0, 200),
    url: String(form.get("url") ?? "").slice(0, 1000),
  };
  const refuse = (status: number, errors: SaveResult["errors"]) =>
    data<SaveResult>({ intent: "save", errors, values }, { status });
  const read = readSavedSearch(values);
  if (!read.ok) return refuse(400, read.errors);
  // A category or brand that is not (or no longer) on the shop is not a listing.
  if (!(await listingFilters(app.db, read.value.listing)))
    return refuse(400, { url: SAVED_SEARCH_MESSAGES.notListing });
  const saved = await insertSavedSearch(app.db, user.id, read.value, Date.now());
  if (saved.outcome === "full") return refuse(409, { name: SAVED_SEARCH_MESSAGES.tooMany });
  if (saved.outcome === "already")
    return redirectWithToast(app.config, "/account/saved-searches", {
      type: "success",
      title: "Already saved",
      description: `You already saved this search as “${saved.name}”.`,
    });
  return redirectWithToast(app.config, "/account/saved-searches", {
    type: "success",
    title: "Search saved",
    description: `We'll tell you once a day at most when new items match “${read.value.name}”.`,
  });
}

export default function SavedSearches({ loaderData, actionData }: Route.ComponentProps) {
  const { searches, waiting } = loaderData;
  const save = actionData && "intent" in actionData ? (actionData as SaveResult) : null;
  const error = actionData && "error" in actionData ? actionData.error : null;
  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      <PageHeading title="Saved searches" subtitle="Listings you saved, and items you asked us to watch" />
      <p className="mb-4 text-sm">
        <Link to="/account" className="text-brand underline">
          Back to your account
        </Link>
      </p>
      {error ? (
        <p role="alert" className="mb-4 rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-900">
          {error}
        </p>
      ) : null}
      {save ? (
        <Panel title="Save a search">
          <Form method="post" noValidate className="space-y-3" aria-label="Save a search">
            <input type="hidden" name="intent" value="save" />
            <Field
              label="Name"
              name="name"
              defaultValue={save.values.name}
              maxLength={SAVED_SEARCH_NAME_MAX}
              error={save.errors.name}
              required
            />
            <Field label="Listing address" name="url" defaultValue={save.values.url} error={save.errors.url} required />
            <button type="submit" className="rounded-md bg-brand px-4 py-2 font-semibold text-white">
              Save search
            </button>
          </Form>
        </Panel>
      ) : null}
      <Panel title={`Your searches (${searches.length} of ${SAVED_SEARCH_LIMIT})`}>
        {searches.length === 0 ? (
          <EmptyState>
            No saved searches yet. On any listing, choose ‘Save this search’: we tell you once a day at most when new
            items match.
          </EmptyState>
        ) : (
          <ul className="divide-y divide-stone-200">
            {searches.map((s) => (
              <li key={s.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
                <div>
                  <Link to={s.url} className="font-semibold text-brand underline">
                    {s.name}
                  </Link>
                  <p className="text-xs text-stone-600">{`Saved ${formatLongDate(s.createdAt)}${s.lastNotifiedAt ? ` · last told ${formatLongDate(s.lastNotifiedAt)}` : ""}`}</p>
                </div>
                <Form method="post">
                  <input type="hidden" name="id" value={s.id} />
                  <button
                    type="submit"
                    name="intent"
                    value="delete"
                    className="rounded-md border border-stone-300 px-3 py-1 text-sm"
                    aria-label={`Delete ${s.name}`}
                  >
                    Delete
                  </button>
                </Form>
              </li>
            ))}
          </ul>
        )}
      </Panel>
      <Panel title="Notify me">
        {waiting.length === 0 ? (
          <EmptyState>
            You are not waiting for any item. On a rented item, choose ‘Notify me’ to be told when it is back.
          </EmptyState>
        ) : (
          <ul className="divide-y divide-stone-200">
            {waiting.map((w) => (
              <li key={w.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
                <div>
                  <Link to={`/product/${w.productId}`} className="font-semibold text-brand underline">
                    {w.name}
                  </Link>
                  <p className="text-xs text-stone-600">{`${w.brand} · asked ${formatLongDate(w.createdAt)}`}</p>
                </div>
                <Form method="post">
                  <input type="hidden" name="id" value={w.id} />
                  <button
                    type="submit"
                    name="intent"
                    value="stop_waiting"
                    className="rounded-md border border-stone-300 px-3 py-1 text-sm"
                    aria-label={`Stop waiting for ${w.name}`}
                  >
                    Stop
                  </button>
                </Form>
              </li>
            ))}
          </ul>
        )}
      </Panel>
    </div>
  );
}
