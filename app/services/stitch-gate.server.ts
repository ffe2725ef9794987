import { hasSessionCookie } from "./d1-session.server";

// Which requests get a stitched shared page (personal-page.server.tsx, decision 0039): asked on
// every request, so it lives apart from the stitching, which loads at the first signed-in visit
// to a shared page (decision 0096).

/** Does a route module let signed-in visitors have its shared page (`export const sharedWhenSignedIn = true`)? */
export function sharesWithSignedIn(module: { sharedWhenSignedIn?: unknown } | null) {
  return module?.sharedWhenSignedIn === true;
}

/**
 * Does a page read its visitor's visit with its first batch (decision 0115)? Every page shared
 * with signed-in visitors does, and a page that says so (`export const visitRides = true`): its
 * loaders read the session's user as `viewerId`, never `user`.
 */
export function visitRidesOn(module: { sharedWhenSignedIn?: unknown; visitRides?: unknown } | null) {
  return sharesWithSignedIn(module) || module?.visitRides === true;
}

/**
 * Can this request be answered with a stitched shared page? A document GET (not a client
 * navigation's data request) from a visitor with a session cookie and no toast to show.
 */
export function wantsStitchedPage(request: Request) {
  if (request.method !== "GET") return false;
  const url = new URL(request.url);
  if (url.pathname.endsWith(".data")) return false;
  return hasSessionCookie(request) && !/(?:^|;\s*)(?:__Host-)?cl_toast=/.test(request.headers.get("cookie") ?? "");
}
