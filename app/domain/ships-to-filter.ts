import { countryOf, type Country, type ShippingZone } from "./countries";
import { safeRedirect } from "./safe-redirect";

// The listings' 'Ships to <country>' filter (issue 45 item 4; decision 0094). The country is in
// the URL (`?ships_to=FR`), so a filtered listing is the same page for everyone who opens that
// URL and stays in the page cache under its own key. The shared page cannot know the visitor's
// country, so its unticked box says 'Ships to my country' (`?ships_to=mine`): the listing sends
// that to /ships-to, which reads the visitor's country (their last delivery address, else the
// edge's country where it is trusted, else the UK) and comes back with its code in the URL.

export const SHIPS_TO_PARAM = "ships_to";
export const MY_COUNTRY = "mine";

export type ShipsToChoice =
  | { kind: "none" }
  | { kind: "mine" }
  | { kind: "country"; country: Pick<Country, "code" | "name">; zone: ShippingZone }
  | { kind: "unknown"; note: string };

/** What a listing URL asks of the filter; a code we do not know is left out with a note (never an error). */
export function readShipsTo(params: URLSearchParams): ShipsToChoice {
  const raw = params.get(SHIPS_TO_PARAM)?.trim() ?? "";
  if (!raw) return { kind: "none" };
  if (raw.toLowerCase() === MY_COUNTRY) return { kind: "mine" };
  const country = /^[A-Za-z]{2}$/.test(raw) ? countryOf(raw) : null;
  if (!country)
    return {
      kind: "unknown",
      note: `Ships to: "${raw.slice(0, 20)}" is not a country we deliver to, so it was left out.`,
    };
  return { kind: "country", country: { code: country.code, name: country.name }, zone: country.zone };
}

/** The zone a listing is narrowed to: none for the UK, where every handler ships (decision 0086). */
export const narrowedZone = (choice: ShipsToChoice): Exclude<ShippingZone, "uk"> | null =>
  choice.kind === "country" && choice.zone !== "uk" ? choice.zone : null;

/** The listing to go back to (our own path only), without a page cursor or an earlier choice. */
function listingOf(target: string | null) {
  const url = new URL(safeRedirect(target, "/all-products"), "https://closetloop.invalid");
  for (const key of [SHIPS_TO_PARAM, "after", "before"]) url.searchParams.delete(key);
  return url;
}

/** Where a listing asking for 'my country' is sent: /ships-to, with the listing to come back to. */
export function myCountryLink(pathname: string, params: URLSearchParams) {
  const back = listingOf(`${pathname}?${params}`);
  return `/ships-to?return=${encodeURIComponent(`${back.pathname}${back.search}`)}`;
}

/** The listing at `target` filtered to what ships to `code`, from its first page. */
export function listingShippingTo(target: string | null, code: string) {
  const url = listingOf(target);
  url.searchParams.set(SHIPS_TO_PARAM, code);
  return `${url.pathname}${url.search}`;
}

/**
 * The visitor's country: their last delivery address, else the country the edge saw the request
 * come from (only where it is trusted: locally the runtime makes one up), else the United Kingdom.
 */
export function shopperCountry(saved: unknown, edge: unknown, trustEdge: boolean): string {
  return (
    countryOf(saved)?.code ??
    (trustEdge && typeof edge === "string" && /^[A-Z]{2}$/i.test(edge) ? countryOf(edge)?.code : undefined) ??
    "GB"
  );
}
