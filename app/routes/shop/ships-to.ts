import { redirect } from "react-router";
import type { Route } from "./+types/ships-to";
import { appContext, requestState } from "../../context";
import { latestOrderAddresses } from "../../data/orders.server";
import { listingShippingTo, shopperCountry } from "../../domain/ships-to-filter";

// 'Ships to my country' on a listing (issue 45 item 4; decision 0094). The listing is shared by
// every visitor and stays in the page cache; what is personal happens here: the visitor's country
// (their last delivery address, else the edge's country where it is trusted, else the UK) goes
// into the listing's URL, and that URL's page is again the same for everyone who opens it.

export async function loader({ request, context }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const user = context.get(requestState).user;
  const last = user ? await latestOrderAddresses(app.db, user.id) : undefined;
  const saved = (last?.shipping as { country?: unknown } | null | undefined)?.country;
  const edge = (request as Request & { cf?: { country?: unknown } }).cf?.country;
  const code = shopperCountry(saved, edge, !app.config.isDev);
  return redirect(listingShippingTo(new URL(request.url).searchParams.get("return"), code), {
    headers: { "cache-control": "private, no-store" },
  });
}
