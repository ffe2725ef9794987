import { rememberedSizesRedirect } from "../domain/my-sizes";

// 'Show my sizes' remembered for the visit (issue 25, item 3; docs/decisions/0049-my-sizes.md).
// A listing route says it offers them (`export const offersMySizes = true`). While the visit's
// cookie holds the shopper's sizes, a listing opened without a Size filter is sent to the same
// URL with them: a document by a redirect (the address bar shows the filter), a client
// navigation's data request by reading the sizes into its URL. Either way the page answered is
// the shared one for that URL, from the page cache; nothing personal is rendered into it.

/** Does the route at `pathname` offer 'Show my sizes' (`true`, or a function of the path)? */
export function offersMySizes(module: object | null, pathname: string) {
  const offers = (module as { offersMySizes?: unknown } | null)?.offersMySizes;
  return offers === true || (typeof offers === "function" && offers(pathname) === true);
}

/** A redirect to the listing with the visit's sizes, a request with them, or null (nothing to do). */
export function applyRememberedSizes(request: Request): Response | Request | null {
  if (request.method !== "GET") return null;
  const url = new URL(request.url);
  const target = rememberedSizesRedirect(url, request.headers.get("cookie"));
  if (!target) return null;
  const next = new URL(target, url);
  if (url.pathname.endsWith(".data")) return new Request(next, request);
  return new Response(null, {
    status: 302,
    headers: { location: `${next.pathname}${next.search}`, "cache-control": "private, no-store" },
  });
}
