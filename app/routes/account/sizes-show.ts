import { redirect } from "react-router";
import type { Route } from "./+types/sizes-show";
import { appContext } from "../../context";
import { savedSizes } from "../../data/my-sizes.server";
import { encodeSizesCookie, listingToReturnTo, MY_SIZES_COOKIE, withSizes } from "../../domain/my-sizes";
import { requireUser } from "../../services/guards.server";

// 'Show my sizes' and 'Show all sizes' (issue 25, item 3; docs/decisions/0049-my-sizes.md): a plain
// link from any listing. The listing page is the same for everyone (and stays in the page cache);
// what is personal happens here: the shopper's saved sizes go into the listing's URL, and a cookie
// of the visit keeps them on the next listings (workers/app.ts sends those through their sizes).

/** A cookie of the visit (no expiry), Secure where the session cookie is. */
const cookie = (value: string, clear: boolean, secure: boolean) =>
  `${MY_SIZES_COOKIE}=${clear ? "" : value}; Path=/; SameSite=Lax; HttpOnly${secure ? "; Secure" : ""}${clear ? "; Max-Age=0" : ""}`;

export async function loader({ request, context }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const user = requireUser(context, request);
  const url = new URL(request.url);
  const listing = listingToReturnTo(url.searchParams.get("return"));
  const secure = !app.config.isDev;
  if (url.searchParams.get("off") === "1")
    return redirect(withSizes(listing, []), {
      headers: { "set-cookie": cookie("", true, secure), "cache-control": "private, no-store" },
    });
  const sizes = Object.values(await savedSizes(app.db, user.id)).flat();
  // None saved yet: the sizes page first, which comes back here once they are.
  if (!sizes.length)
    return redirect(`/account/sizes?return=${encodeURIComponent(listing)}`, {
      headers: { "cache-control": "private, no-store" },
    });
  return redirect(withSizes(listing, sizes), {
    headers: { "set-cookie": cookie(encodeSizesCookie(sizes), false, secure), "cache-control": "private, no-store" },
  });
}
