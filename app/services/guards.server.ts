import { data, redirect, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { requestState } from "../context";
import { ACCESS_DENIED, adminTab, mayEnterAdmin, mayOpenTab, type AdminTabId } from "../domain/admin-tabs";
import { managesStores } from "../domain/roles";
import type { SessionUser } from "./session.server";

/** The signed-in user, or a redirect to /auth that brings them back here afterwards. */
export function requireUser(context: Readonly<RouterContextProvider>, request: Request): SessionUser {
  const user = context.get(requestState).user;
  if (!user) {
    const url = new URL(request.url);
    const here = url.pathname.replace(/\.data$/, "") + url.search;
    throw redirect(`/auth?redirectTo=${encodeURIComponent(here)}`);
  }
  return user;
}

export const AREA_RULES = {
  account: (_user: SessionUser) => true,
  vendor: (user: SessionUser) => user.isVendor || user.isAdmin,
  // Stores, and the staff who run stores (decision 0029): not the product reviewer or support.
  store: (user: SessionUser) => user.isStore || managesStores(user),
  admin: (user: SessionUser) => user.isAdmin,
} as const;

/** One guard per area (shopper.md §2.2): not signed in → /auth; lacking the role → home. */
export function areaGuard(area: keyof typeof AREA_RULES): MiddlewareFunction<Response> {
  return ({ request, context }) => {
    const user = requireUser(context, request);
    if (!AREA_RULES[area](user)) throw redirect("/");
  };
}

/**
 * Staff only (seller-store-admin.md §2, §6; decision 0031): the signed-in user when they have an
 * admin tab, else a 403 with the spec's 'Access Denied' message (not a redirect). Called first in
 * every admin loader and action: a thrown 403 then renders inside the site's frame, which a
 * middleware's error would not (React Router draws it above every loader that did not run).
 */
export function requireStaff(context: Readonly<RouterContextProvider>, request: Request): SessionUser {
  const user = requireUser(context, request);
  if (!mayEnterAdmin(user)) throw data(ACCESS_DENIED, { status: 403 });
  return user;
}

/** Why `user` may not open an admin tab (not staff, or not of its sub-roles), or null when they may. */
export function adminTabRefusal(user: SessionUser, id: AdminTabId): string | null {
  if (!mayEnterAdmin(user)) return ACCESS_DENIED;
  return mayOpenTab(user, id) ? null : adminTab(id).denied;
}

/** One admin tab: its page and every action it takes are refused (403) to sub-roles that do not see it. */
export function requireAdminTab(
  context: Readonly<RouterContextProvider>,
  request: Request,
  id: AdminTabId,
): SessionUser {
  const user = requireUser(context, request);
  const refusal = adminTabRefusal(user, id);
  if (refusal) throw data(refusal, { status: 403 });
  return user;
}
