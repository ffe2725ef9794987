import { categoryBySlug, brandByName } from "../data/brands.server";
import { listingQueries } from "../data/catalog.server";
import type { Database } from "../data/db.server";
import { allSavedSearches, favouritedBy, recordTold, takeBackOnSale, toldOf } from "../data/alerts.server";
import {
  mayNotifyToday,
  newMatches,
  priceDrop,
  priceDropKey,
  readListingUrl,
  SAVED_SEARCH_LISTED,
  SAVED_SEARCH_SCAN,
  ukDayOf,
  type ListingPath,
  type Prices,
} from "../domain/alerts";
import { EMPTY_FILTERS, FIRST_PAGE, parseCatalogQuery, type CatalogFilters } from "../domain/catalog";
import { formatGBP } from "../domain/money";
import { narrowedZone, readShipsTo } from "../domain/ships-to-filter";
import { signUnsubscribe, UNSUBSCRIBE_TTL_MS } from "../domain/unsubscribe";
import type { AppConfig } from "../env.server";
import { siteLink } from "./links.server";
import { notify, type Notice } from "./notify.server";

// Alerts as the app sends them (issue 25, items 6 and 7; decisions 0051 and 0052), all through the
// one notification service: an item back on sale to those who asked, a favourite's lower price to
// those who saved it, and a saved search's new items once a day. Each never throws: the action
// that caused it has happened whatever the notice does.

type App = { env: Env; db: Database; config: Pick<AppConfig, "siteUrl" | "SESSION_SECRET"> };

const hello = (name: string | null) => `Hello ${name ?? "there"},\n\n`;

/**
 * Items that may be back on sale (a rental inspected in good condition, a cancelled order, a
 * relisted item): each shopper waiting for one that is public and available now is told, once
 * per request (the request is stamped in the same statement that finds it).
 */
export async function tellBackOnSale(app: App, productIds: readonly string[], now: number) {
  try {
    const due = await takeBackOnSale(app.db, productIds, now);
    if (due.length === 0) return 0;
    await notify(
      app,
      due.map(({ requestId, person, item }): Notice => ({
        key: `back_in_stock:${requestId}`,
        kind: "back_in_stock",
        userId: person.id,
        to: person.email,
        title: `${item.name} is back`,
        text: `${hello(person.fullName)}${item.name}, which you asked us to watch, is back on sale. It is one of a kind: the first to order it gets it.`,
        link: `/product/${item.id}`,
        action: "See it now",
      })),
    );
    return due.length;
  } catch (error) {
    console.error(`alerts: back-on-sale notices for ${productIds.join(",")} failed`, error);
    return 0;
  }
}

/**
 * A price change of a public item (the seller's or staff's edit, an accepted price request): when
 * its rental or buying price dropped, each shopper who saved it is told, once per new price.
 */
export async function tellPriceDrop(app: App, productId: string, before: Prices) {
  try {
    const found = await favouritedBy(app.db, productId);
    if (!found || found.people.length === 0) return 0;
    const drop = priceDrop(before, found.item);
    if (!drop) return 0;
    const { item } = found;
    const lines = [
      drop.rental ? `Rent it for 7 days: ${formatGBP(drop.rental.to)} (was ${formatGBP(drop.rental.from)})` : null,
      drop.buying ? `Buy it: ${formatGBP(drop.buying.to)} (was ${formatGBP(drop.buying.from)})` : null,
    ].filter(Boolean);
    await notify(
      app,
      found.people.map((person): Notice => ({
        key: priceDropKey(item.id, item),
        kind: "price_drop",
        userId: person.id,
        to: person.email,
        title: `${item.name} is now cheaper`,
        text: `${hello(person.fullName)}${item.name}, one of your favourites, costs less now.\n\n${lines.join("\n")}`,
        link: `/product/${item.id}`,
        action: "See it now",
      })),
    );
    return found.people.length;
  } catch (error) {
    console.error(`alerts: price-drop notices for ${productId} failed`, error);
    return 0;
  }
}

// ---------------------------------------------------------------------------------------------
// Saved searches

/** The secret of saved-search unsubscribe tokens: the same signed claim as /unsubscribe, never valid there. */
const savedSearchSecret = (secret: string) => `${secret}:saved-search`;

export const signSavedSearchUnsubscribe = (
  config: Pick<AppConfig, "SESSION_SECRET">,
  savedSearchId: string,
  now: number,
) =>
  signUnsubscribe(
    { who: `s:${savedSearchId}`, category: "alerts", expires: now + UNSUBSCRIBE_TTL_MS },
    savedSearchSecret(config.SESSION_SECRET),
  );

export { savedSearchSecret };

/** The filters a listing fixes, or null when its category or brand is gone. */
export async function listingFilters(db: Database, listing: ListingPath): Promise<Partial<CatalogFilters> | null> {
  switch (listing.page) {
    case "all":
      return {};
    case "type":
      return { productTypes: [listing.type] };
    case "category": {
      const category = await categoryBySlug(db, listing.slug);
      return category ? { categories: [category.name] } : null;
    }
    case "brand": {
      const brand = await brandByName(db, listing.name);
      return brand ? { brands: [brand.name] } : null;
    }
  }
}

/** The newest items of a saved listing URL, with their listing time, by the catalog's own query. */
export async function newestOfListing(db: Database, url: string, limit = SAVED_SEARCH_SCAN) {
  const read = readListingUrl(url);
  const fixed = read ? await listingFilters(db, read.listing) : null;
  if (!read || !fixed) return null;
  const params = new URLSearchParams(read.query);
  const { filters } = parseCatalogQuery(params);
  // 'Ships to <country>' narrows the matches as it narrows the listing (decision 0098).
  const zone = narrowedZone(readShipsTo(params));
  const queries = listingQueries(
    db,
    { ...EMPTY_FILTERS, ...filters, ...fixed },
    { ...FIRST_PAGE, sort: "newest" },
    zone ? { shipsTo: zone } : {},
    limit,
  );
  if (queries.searchUnusable) return [];
  const rows = (await queries.pageQuery) as Array<{ id: string; name: string; brand: string; sortValue: number }>;
  return rows.slice(0, limit).map((r) => ({ id: r.id, name: r.name, brand: r.brand, createdAt: Number(r.sortValue) }));
}

export interface SavedSearchRun {
  searches: number;
  notified: number;
  items: number;
  failures: number;
}

/**
 * The daily run (app/services/jobs.server.ts): each saved search not told today reads its
 * listing's newest items; those listed since it was saved and not told of before are told in one
 * notice (e-mailed per the person's alerts preference, with a one-click link that deletes the
 * search). The day's stamp and the items are recorded before the notice is queued, guarded, so a
 * second run (or two at once) tells nothing twice.
 */
export async function runSavedSearches(app: App, now: number): Promise<SavedSearchRun> {
  const run: SavedSearchRun = { searches: 0, notified: 0, items: 0, failures: 0 };
  for (const search of await allSavedSearches(app.db)) {
    run.searches++;
    if (!mayNotifyToday(search.lastNotifiedAt, now)) continue;
    try {
      const newest = await newestOfListing(app.db, search.url);
      if (!newest || newest.length === 0) continue;
      const told = await toldOf(
        app.db,
        search.id,
        newest.map((i) => i.id),
      );
      const fresh = newMatches(newest, search.createdAt, told);
      if (fresh.length === 0) continue;
      if (
        !(await recordTold(
          app.db,
          search.id,
          search.lastNotifiedAt,
          fresh.map((i) => i.id),
          now,
        ))
      )
        continue;
      const token = await signSavedSearchUnsubscribe(app.config, search.id, now);
      const listed = fresh
        .slice(0, SAVED_SEARCH_LISTED)
        .map((i) => `- ${i.name} by ${i.brand}: ${siteLink(app.config, `/product/${i.id}`)}`);
      const more = fresh.length > SAVED_SEARCH_LISTED ? `\n…and ${fresh.length - SAVED_SEARCH_LISTED} more.` : "";
      const count = fresh.length === 1 ? "1 new item matches" : `${fresh.length} new items match`;
      await notify(app, [
        {
          key: `saved_search:${search.id}:${ukDayOf(now)}`,
          kind: "saved_search_matches",
          userId: search.userId,
          to: search.email,
          title: `${count} “${search.name}”`,
          text: `${hello(search.fullName)}${count} your saved search “${search.name}”.\n\n${listed.join("\n")}${more}\n\nStop e-mails for this search (one click): ${siteLink(app.config, `/saved-searches/unsubscribe?token=${encodeURIComponent(token)}`)}`,
          link: search.url,
          action: "See the new items",
        },
      ]);
      run.notified++;
      run.items += fresh.length;
    } catch (error) {
      run.failures++;
      console.error(`job daily: saved search ${search.id} failed`, error);
    }
  }
  return run;
}
