import { redirect, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { requestState } from "../context";
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
  store: (user: SessionUser) => user.isStore || user.isAdmin,
  admin: (user: SessionUser) => user.isAdmin,
} as const;

/** One guard per area (shopper.md §2.2): not signed in → /auth; lacking the role → home. */
export function areaGuard(area: keyof typeof AREA_RULES): MiddlewareFunction<Response> {
  return ({ request, context }) => {
    const user = requireUser(context, request);
    if (!AREA_RULES[area](user)) throw redirect("/");
  };
}
