import type { Route } from "./+types/rates";
import { readRates } from "../../data/rates.server";
import { CURRENCY_NAMES } from "../../domain/currency-names";
import {
  DISPLAY_CURRENCIES,
  formatMinor,
  MAX_RATE_AGE_DAYS,
  priceDisplayFor,
  ratesAreFresh,
} from "../../domain/currency";
import { dayAndTimeFor, formatLongDate } from "../../domain/dates";
import { formatPrice } from "../../domain/money";
import { DataTable } from "../../components/kit/data-table";
import { EmptyState, Panel } from "../../components/kit/panel";
import { openAdminLoader } from "../../services/admin-actions.server";

// Admin → Exchange rates (issue 45, item 2; decision 0085): the rates prices are shown at, their
// day and where they came from, and whether they are fresh enough to be shown. Read-only: the
// daily job refreshes them. Staff who run the shop and answer shoppers (app/domain/admin-tabs.ts).
// The rates' day is the ECB's calendar day (the same for every reader); the moment they were saved
// is in the reader's zone, named (decision 0098).

export const meta: Route.MetaFunction = () => [
  { title: "Exchange rates | Admin | Closetloop" },
  { name: "robots", content: "noindex" },
];

/** A price to show each rate on: £54.99. */
const SAMPLE_PENCE = 5499;

export async function loader(args: Route.LoaderArgs) {
  const { app, zone } = openAdminLoader(args, "rates");
  const now = Date.now();
  const rates = await readRates(app.db);
  if (!rates) return { rates: null };
  const rows = DISPLAY_CURRENCIES.filter((code) => rates.perPound[code]).map((code) => {
    const shown = code === "GBP" ? null : priceDisplayFor(code, rates, now);
    return {
      id: code,
      name: CURRENCY_NAMES[code],
      perPound: rates.perPound[code]!,
      sample:
        code === "GBP" ? formatMinor(SAMPLE_PENCE, "GBP") : shown ? formatPrice(SAMPLE_PENCE, shown) : "Not shown",
    };
  });
  return {
    rates: {
      date: rates.date,
      fresh: ratesAreFresh(rates.date, now),
      source: rates.source,
      fetchedAt: rates.fetchedAt,
      // When they were saved reads in the staff member's zone, named (decision 0098).
      zone,
      rows,
    },
  };
}

const SOURCES: Record<string, string> = {
  ecb: "European Central Bank (daily reference rates)",
  local: "This machine (local provider)",
  seed: "Demo data",
};

export default function ExchangeRates({ loaderData }: Route.ComponentProps) {
  const { rates } = loaderData;
  if (!rates)
    return (
      <Panel title="Exchange rates">
        <EmptyState>No exchange rates yet: prices show in pounds only until the daily job brings them.</EmptyState>
      </Panel>
    );
  return (
    <Panel title="Exchange rates">
      <p
        className="mb-1"
        data-testid="rates-date"
      >{`Rates of ${formatLongDate(Date.parse(`${rates.date}T00:00:00Z`))}`}</p>
      <p className="mb-3 text-sm text-stone-700">
        {`From ${SOURCES[rates.source] ?? rates.source}, saved ${dayAndTimeFor(rates.fetchedAt, rates.zone)}. `}
        {rates.fresh
          ? `Prices are shown converted at these rates; rates older than ${MAX_RATE_AGE_DAYS} days are not shown.`
          : `These rates are more than ${MAX_RATE_AGE_DAYS} days old: shoppers see prices in pounds only until the daily job brings newer ones.`}
      </p>
      <DataTable
        caption="Exchange rates"
        empty={null}
        rows={rates.rows}
        columns={[
          { header: "Currency", rowHeader: true, cell: (row) => row.name },
          { header: "For £1", numeric: true, cell: (row) => String(row.perPound) },
          { header: "£54.99 shows as", numeric: true, cell: (row) => row.sample },
        ]}
      />
    </Panel>
  );
}
