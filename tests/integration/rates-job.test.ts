import { createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { database } from "../../app/data/db.server";
import { forgetRates, readRates, saveRates } from "../../app/data/rates.server";
import { ecbFeedXml } from "../../app/domain/ecb-feed";
import { ECB_DAILY_URL, ecbRatesProvider, LOCAL_RATES, refreshRates } from "../../app/services/rates.server";
import worker from "../../workers/app";
import { CRON } from "../../workers/cron";
// A saved copy of the ECB's daily feed, in its documented format.
import SAVED from "../fixtures/ecb-eurofxref-daily.xml?raw";

// The daily job's exchange rates (issue 45, item 2; decision 0085): the ECB adapter against a
// saved copy of its feed, and feeds that are malformed, empty, years old or not there: the job
// keeps the last good rates and logs why.

const db = database(env.DB);
const ctx = { db, env };
const DAY_AFTER = Date.parse("2024-06-29T03:00:00Z");
const KEPT = { date: "2024-06-27", perPound: { ...LOCAL_RATES } };

/** The ECB adapter, fetching through `answer` instead of the network; records what it asked for. */
function ecbServing(answer: () => Response | Promise<Response>) {
  const asked: string[] = [];
  const provider = ecbRatesProvider(async (url) => {
    asked.push(url);
    return answer();
  });
  return { provider, asked };
}

let errors: ReturnType<typeof vi.spyOn>;
beforeEach(async () => {
  await saveRates(db, KEPT, "ecb", DAY_AFTER - 86_400_000);
  forgetRates();
  errors = vi.spyOn(console, "error").mockImplementation(() => {});
});
afterEach(() => errors.mockRestore());

describe("the daily job's exchange rates from the ECB", () => {
  it("saves the day's rates from the feed as units for one pound, and renews the cached pages", async () => {
    const versionBefore = await env.CACHE.get("pages:version");
    const { provider, asked } = ecbServing(() => new Response(SAVED, { headers: { "content-type": "text/xml" } }));
    expect(await refreshRates(ctx, provider, DAY_AFTER)).toEqual({ refreshed: true, date: "2024-06-28" });
    expect(asked).toEqual([ECB_DAILY_URL]);
    const rates = await readRates(db);
    expect(rates).toMatchObject({ date: "2024-06-28", source: "ecb", fetchedAt: DAY_AFTER });
    expect(rates!.perPound).toEqual({
      GBP: 1,
      EUR: 1.181502,
      USD: 1.264798,
      AUD: 1.899738,
      CAD: 1.733264,
      SEK: 13.421276,
      DKK: 8.811054,
      CHF: 1.138259,
      PLN: 5.091094,
      JPY: 203.147522,
    });
    expect(await env.CACHE.get("pages:version")).not.toBe(versionBefore);
    expect(errors).not.toHaveBeenCalled();
  });

  it.each([
    ["malformed", () => new Response("<html><h1>502 Bad Gateway</h1></html>"), /not the ECB's reference rates/],
    ["empty", () => new Response(""), /empty/],
    ["years old", () => new Response(SAVED.replace("2024-06-28", "2021-03-05")), /of 2021-03-05, more than 4 days old/],
    [
      "older than the kept rates",
      () => new Response(SAVED.replace("2024-06-28", "2024-06-26")),
      /older than the kept ones/,
    ],
    ["missing a currency", () => new Response(SAVED.replace(/<Cube currency='CHF'[^>]*\/>/, "")), /no rate for CHF/],
    ["answered with an error", () => new Response("busy", { status: 503 }), /answered 503/],
    ["too big", () => new Response("x".repeat(300 * 1024)), /larger than/],
    [
      "unreachable",
      () => Promise.reject(new TypeError("Network connection lost.")),
      /could not be fetched \(Network connection lost\.\)/,
    ],
  ])("keeps the last good rates when the feed is %s, and logs why", async (_name, answer, reason) => {
    const outcome = await refreshRates(ctx, ecbServing(answer).provider, DAY_AFTER);
    expect(outcome.refreshed).toBe(false);
    expect(!outcome.refreshed && outcome.reason).toMatch(reason);
    const rates = await readRates(db);
    expect(rates).toMatchObject({ date: KEPT.date, perPound: KEPT.perPound, source: "ecb" });
    expect(errors).toHaveBeenCalledWith(
      expect.stringMatching(
        new RegExp(`exchange rates from ecb refused: .*${reason.source}.*; the rates of 2024-06-27 stay`),
      ),
    );
  });

  it("reads a feed the adapter's own writer makes in the ECB's format", async () => {
    const xml = ecbFeedXml("2024-06-28", {
      USD: 1.1,
      JPY: 170,
      DKK: 7.46,
      GBP: 0.85,
      PLN: 4.3,
      SEK: 11.2,
      CHF: 0.94,
      AUD: 1.7,
      CAD: 1.55,
    });
    expect(await refreshRates(ctx, ecbServing(() => new Response(xml)).provider, DAY_AFTER)).toEqual({
      refreshed: true,
      date: "2024-06-28",
    });
    expect((await readRates(db))!.perPound.JPY).toBe(200);
  });
});

describe("the daily Cron run", () => {
  it("refreshes the rates through the configured provider (locally: the kept rates, dated the run's day)", async () => {
    const at = Date.parse("2026-11-30T03:00:00Z");
    const run = createExecutionContext();
    await worker.scheduled(createScheduledController({ cron: CRON.daily, scheduledTime: at }), env, run);
    await waitOnExecutionContext(run);
    expect(await readRates(db)).toMatchObject({
      date: "2026-11-30",
      source: "local",
      perPound: KEPT.perPound,
      fetchedAt: at,
    });
  });
});
