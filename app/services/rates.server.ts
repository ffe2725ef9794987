import { readRates, saveRates, forgetRates } from "../data/rates.server";
import type { Database } from "../data/db.server";
import { DISPLAY_CURRENCIES, LOCAL_RATES } from "../domain/currency";

export { LOCAL_RATES };
import { poundRatesFromEcb, type FeedResult } from "../domain/ecb-feed";
import { publicPagesChanged } from "./freshness.server";
import { readAtMost } from "./read-at-most";

// Exchange rates for showing prices (issue 45, item 2; docs/decisions/0085-exchange-rates.md).
// One interface, two providers: the European Central Bank's daily reference rates (no key), and
// locally the rates kept on this machine published again for the day of the run (the seed writes
// them; `npm run rates` moves them). The daily job refreshes them; a feed it cannot trust is
// refused whole, logged with why, and the last good rates stay.

export interface RatesProvider {
  readonly name: "ecb" | "local";
  /** The latest rates as units for one pound, or why there are none to trust. */
  latest(now: number): Promise<FeedResult>;
}

export const ECB_DAILY_URL = "https://www.ecb.europa.eu/stats/eurofxref/eurofxref-daily.xml";
/** The daily feed is about 2 KB; anything far bigger is not it. */
const MAX_FEED_BYTES = 256 * 1024;
const FEED_TIMEOUT_MS = 10_000;

/** The ECB's daily reference rates, fetched with `fetcher` (the global fetch in production). */
export function ecbRatesProvider(
  fetcher: (url: string, init?: RequestInit) => Promise<Response> = (url, init) => fetch(url, init),
): RatesProvider {
  return {
    name: "ecb",
    async latest(now) {
      let response: Response;
      try {
        response = await fetcher(ECB_DAILY_URL, {
          headers: { accept: "application/xml, text/xml" },
          signal: AbortSignal.timeout(FEED_TIMEOUT_MS),
        });
      } catch (error) {
        return {
          ok: false,
          reason: `the feed could not be fetched (${error instanceof Error ? error.message : String(error)})`,
        };
      }
      if (!response.ok) {
        await response.body?.cancel();
        return { ok: false, reason: `the feed answered ${response.status}` };
      }
      const bytes = await readAtMost(response.body, MAX_FEED_BYTES);
      if (bytes === null) return { ok: false, reason: `the feed is larger than ${MAX_FEED_BYTES} bytes` };
      return poundRatesFromEcb(new TextDecoder().decode(bytes), now);
    },
  };
}

/** Locally: the rates kept on this machine (else LOCAL_RATES), published again for the run's day. */
export function localRatesProvider(db: Database): RatesProvider {
  return {
    name: "local",
    async latest(now) {
      const kept = await readRates(db);
      const perPound = kept && DISPLAY_CURRENCIES.every((code) => kept.perPound[code]) ? kept.perPound : LOCAL_RATES;
      return { ok: true, rates: { date: new Date(now).toISOString().slice(0, 10), perPound } };
    },
  };
}

export function ratesProvider(ctx: { db: Database; config: { ratesProvider: "local" | "ecb" } }): RatesProvider {
  return ctx.config.ratesProvider === "ecb" ? ecbRatesProvider() : localRatesProvider(ctx.db);
}

export type RefreshOutcome = { refreshed: true; date: string } | { refreshed: false; reason: string };

/**
 * The daily job's step: the provider's latest rates replace the kept ones, unless they cannot be
 * trusted (the provider said why) or are older than the kept ones; then the kept ones stay, and why
 * is logged. Pages showing converted prices are renewed when the rates changed.
 */
export async function refreshRates(
  ctx: { db: Database; env: Env },
  provider: RatesProvider,
  now: number,
): Promise<RefreshOutcome> {
  let feed: FeedResult;
  try {
    feed = await provider.latest(now);
  } catch (error) {
    feed = { ok: false, reason: `the provider failed (${error instanceof Error ? error.message : String(error)})` };
  }
  const kept = await readRates(ctx.db);
  const keeping = kept ? `the rates of ${kept.date} stay` : "prices show in pounds until rates come";
  if (!feed.ok) {
    console.error(`job daily: exchange rates from ${provider.name} refused: ${feed.reason}; ${keeping}`);
    return { refreshed: false, reason: feed.reason };
  }
  if (kept && feed.rates.date < kept.date) {
    const reason = `the feed's rates are of ${feed.rates.date}, older than the kept ones`;
    console.error(`job daily: exchange rates from ${provider.name} refused: ${reason}; ${keeping}`);
    return { refreshed: false, reason };
  }
  await saveRates(ctx.db, feed.rates, provider.name, now);
  forgetRates();
  await publicPagesChanged(ctx.env.CACHE, now);
  console.log(`job daily: exchange rates of ${feed.rates.date} from ${provider.name} saved`);
  return { refreshed: true, date: feed.rates.date };
}
