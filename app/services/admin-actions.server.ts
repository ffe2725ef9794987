import { data, type RouterContextProvider } from "react-router";
import { appContext, requestState } from "../context";
import { partIf, type Part } from "../data/parts.server";
import type { AdminTabId } from "../domain/admin-tabs";
import { readIntent } from "../domain/intents";
import type { AppConfig } from "../env.server";
import { requireAdminTab } from "./guards.server";
import { dataWithToast } from "./toast.server";

/**
 * A refused admin action: the page comes back with the reason (status 4xx, nothing written), and
 * the same words in an error toast.
 */
export function refuse(config: AppConfig, status: number, title: string, message: string) {
  return dataWithToast(
    config,
    { error: { title, message } },
    { type: "error", title, description: message },
    { status },
  );
}

/** An admin tab's loader, begun as every tab begins it: the staff member (403 when the tab is not theirs), the app, the URL. */
export function openAdminLoader(
  { request, context }: { request: Request; context: Readonly<RouterContextProvider> },
  tab: AdminTabId,
) {
  // zone: the reader's time zone (the root middleware's), for the tab's dates (decision 0095).
  return {
    user: requireAdminTab(context, request, tab),
    app: context.get(appContext),
    url: new URL(request.url),
    zone: context.get(requestState).timeZone,
  };
}

/**
 * An admin tab's action, begun as every tab begins it: the staff member (refused with 403 before
 * the form is read when the tab is not theirs), the app, the form, and its intent (null when it
 * is not one of the route's `intents`).
 */
export async function openAdminAction<const T extends readonly string[]>(
  { request, context }: { request: Request; context: Readonly<RouterContextProvider> },
  tab: AdminTabId,
  intents: T,
) {
  const user = requireAdminTab(context, request, tab);
  const app = context.get(appContext);
  const form = await request.formData();
  return { user, app, form, intent: readIntent(form, intents) };
}

/** An admin list as a part of its tab's batch, read only when its search is one staff may run (issue 41 item 4): past the limit, none is read. */
export function searchedPart<R>(search: { error: string | null }, list: Part<{ rows: R[]; hasNext: boolean }>) {
  return partIf(!search.error, list, { rows: [] as R[], hasNext: false });
}

/** An admin list's answer: the page, with status 400 when its search was refused (the reason is at the field). */
export function listAnswer<T extends { searchError: string | null }>(payload: T) {
  return payload.searchError ? data(payload, { status: 400 }) : payload;
}
