import { FOREIGN_CURRENCIES, MAX_RATE_AGE_DAYS, ratesAreFresh, type PoundRates } from "./currency";

// The European Central Bank's daily reference rates (issue 45, item 2; decision 0085), as
// published at https://www.ecb.europa.eu/stats/eurofxref/eurofxref-daily.xml: a gesmes:Envelope
// whose Cube holds one <Cube time='YYYY-MM-DD'> with a <Cube currency='USD' rate='1.0705'/> per
// currency, each in units for one euro. Read with patterns (a Worker has no XML parser), and
// refused whole when anything we need is missing or odd: the job then keeps the last good rates.

export type FeedResult = { ok: true; rates: PoundRates } | { ok: false; reason: string };

const DAY = /<(?:\w+:)?Cube\s+time\s*=\s*["'](\d{4}-\d{2}-\d{2})["']\s*>/g;
const RATE = /<(?:\w+:)?Cube\s+currency\s*=\s*["']([A-Z]{3})["']\s+rate\s*=\s*["']([0-9]+(?:\.[0-9]+)?)["']\s*\/>/g;

/** Units of each currency per euro in the feed's one day, or why the feed cannot be used. */
export function readEcbFeed(
  xml: string,
): { ok: true; date: string; perEuro: Record<string, number> } | { ok: false; reason: string } {
  if (!xml.trim()) return { ok: false, reason: "the feed was empty" };
  if (!/<(?:\w+:)?Envelope[\s>]/.test(xml) || !xml.includes("eurofxref"))
    return { ok: false, reason: "the feed is not the ECB's reference rates document" };
  const days = [...xml.matchAll(DAY)];
  if (days.length === 0) return { ok: false, reason: "the feed has no day of rates" };
  if (days.length > 1) return { ok: false, reason: "the feed has more than one day of rates" };
  const date = days[0]![1]!;
  if (Number.isNaN(Date.parse(`${date}T00:00:00Z`)))
    return { ok: false, reason: `the feed's date ${date} is not a date` };
  const perEuro: Record<string, number> = {};
  for (const [, code, rate] of xml.matchAll(RATE)) perEuro[code!] = Number(rate);
  return { ok: true, date, perEuro };
}

/**
 * The feed as units of each display currency for one pound, checked: every display currency
 * there with a positive rate, and a date neither in the future nor older than the rates we show.
 */
export function poundRatesFromEcb(xml: string, now: number): FeedResult {
  const feed = readEcbFeed(xml);
  if (!feed.ok) return feed;
  const euroPerPound = feed.perEuro.GBP;
  if (!euroPerPound || !(euroPerPound > 0)) return { ok: false, reason: "the feed has no rate for GBP" };
  const missing = FOREIGN_CURRENCIES.filter((code) => code !== "EUR" && !(feed.perEuro[code]! > 0));
  if (missing.length > 0) return { ok: false, reason: `the feed has no rate for ${missing.join(", ")}` };
  if (!ratesAreFresh(feed.date, now)) {
    return {
      ok: false,
      reason: `the feed's rates are of ${feed.date}, more than ${MAX_RATE_AGE_DAYS} days old or in the future`,
    };
  }
  const perPound: PoundRates["perPound"] = { GBP: 1, EUR: roundRate(1 / euroPerPound) };
  for (const code of FOREIGN_CURRENCIES)
    if (code !== "EUR") perPound[code] = roundRate(feed.perEuro[code]! / euroPerPound);
  return { ok: true, rates: { date: feed.date, perPound } };
}

/** Six significant decimals: more than the feed's own precision, and what convertPence uses. */
const roundRate = (rate: number) => Math.round(rate * 1_000_000) / 1_000_000;

/** A feed in the ECB's format, for the local provider (and the tests): units of each currency per euro. */
export function ecbFeedXml(date: string, perEuro: Record<string, number>): string {
  const cubes = Object.entries(perEuro).map(([code, rate]) => `\t\t\t<Cube currency='${code}' rate='${rate}'/>`);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<gesmes:Envelope xmlns:gesmes="http://www.gesmes.org/xml/2002-08-01" xmlns="http://www.ecb.int/vocabulary/2002-08-01/eurofxref">',
    "\t<gesmes:subject>Reference rates</gesmes:subject>",
    "\t<gesmes:Sender>\n\t\t<gesmes:name>European Central Bank</gesmes:name>\n\t</gesmes:Sender>",
    `\t<Cube>\n\t\t<Cube time='${date}'>`,
    ...cubes,
    "\t\t</Cube>\n\t</Cube>",
    "</gesmes:Envelope>",
  ].join("\n");
}
