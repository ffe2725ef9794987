import { eq } from "drizzle-orm";
import { exchangeRates, users } from "../../db/schema";
import { isDisplayCurrency, readCurrency, type DisplayCurrency, type PoundRates } from "../domain/currency";
import type { Database } from "./db.server";

// The exchange rates prices are shown at (decision 0085) and a shopper's chosen display currency
// (decision 0084). Display only: nothing here is ever charged.

export interface StoredRates extends PoundRates {
  source: string;
  fetchedAt: number;
}

/** The rates kept now (all of one day), or null when there are none. */
export async function readRates(db: Database): Promise<StoredRates | null> {
  const rows = await db
    .select({
      currency: exchangeRates.currency,
      perPound: exchangeRates.perPound,
      ratesDate: exchangeRates.ratesDate,
      source: exchangeRates.source,
      fetchedAt: exchangeRates.fetchedAt,
    })
    .from(exchangeRates);
  if (rows.length === 0) return null;
  const perPound: PoundRates["perPound"] = {};
  for (const row of rows) if (isDisplayCurrency(row.currency)) perPound[row.currency] = row.perPound;
  const first = rows[0]!;
  return { date: first.ratesDate, perPound, source: first.source, fetchedAt: first.fetchedAt };
}

/** Replaces every rate with one day's, together (a reader never sees two days mixed). */
export async function saveRates(db: Database, rates: PoundRates, source: string, now: number) {
  const rows = Object.entries(rates.perPound).map(([currency, perPound]) => ({
    currency,
    perPound: perPound!,
    ratesDate: rates.date,
    source,
    fetchedAt: now,
  }));
  await db.batch([db.delete(exchangeRates), db.insert(exchangeRates).values(rows)]);
}

// Every page a visitor opens (uncached) reads the rates: kept in the isolate for a minute, so the
// daily job's new rates show within a minute of it (and its publicPagesChanged() renews the pages).
const MEMO_MS = 60_000;
let memo: { rates: StoredRates | null; readAt: number } | null = null;

/** The rates, read from D1 at most once a minute per isolate; null when none or unreadable (prices then show in pounds). */
export async function cachedRates(db: Database, now: number): Promise<StoredRates | null> {
  if (memo && now - memo.readAt < MEMO_MS && now >= memo.readAt) return memo.rates;
  try {
    const rates = await readRates(db);
    memo = { rates, readAt: now };
    return rates;
  } catch (error) {
    console.error("rates: could not read the exchange rates; prices show in pounds", error);
    return memo?.rates ?? null;
  }
}

/** Forgets the isolate's copy (after the job saved new rates here; tests). */
export function forgetRates() {
  memo = null;
}

/** A signed-in shopper's chosen display currency, or null. */
export async function accountCurrency(db: Database, userId: string): Promise<DisplayCurrency | null> {
  const [row] = await db.select({ currency: users.displayCurrency }).from(users).where(eq(users.id, userId)).limit(1);
  return readCurrency(row?.currency);
}

/** Saves a signed-in shopper's display currency on their own account. */
export async function saveAccountCurrency(db: Database, userId: string, currency: DisplayCurrency, now: number) {
  await db.update(users).set({ displayCurrency: currency, updatedAt: now }).where(eq(users.id, userId));
}
