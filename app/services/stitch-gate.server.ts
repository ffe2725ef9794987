import { hasSessionCookie } from "./d1-session.server";

// Which requests get a stitched shared page (personal-page.server.tsx, decision 0039): asked on
// every request, so it lives apart from the stitching, which loads at the first signed-in visit
// to a shared page (decision 0096).

/** Does a route module let signed-in visitors have its shared page (`export const sharedWhenSignedIn = true`)? */
export function sharesWithSignedIn(module: { sharedWhenSignedIn?: unknown } | null) {
  return module?.sharedWhenSignedIn === true;
}

/**
 * How a page's GET reads its visitor's visit (decisions 0115, 0116): every page shared with
 * signed-in visitors lets it ride with its first batch ("shared": its loaders read the session's
 * user as `viewerId`); a page that says `export const visitRides = true` lets it ride when the
 * session keeps its user ("kept": it authorizes with them, and is rendered again if the visit finds
 * another, so its GET may only read, or write what may be written twice); any other reads it first.
 */
export function visitRidesOn(
  module: { sharedWhenSignedIn?: unknown; visitRides?: unknown } | null,
): "shared" | "kept" | false {
  if (sharesWithSignedIn(module)) return "shared";
  return module?.visitRides === true ? "kept" : false;
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
