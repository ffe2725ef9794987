import { data, Form } from "react-router";
import type { Route } from "./+types/financial";
import { markPayoutPaid, weeklyRevenuePart } from "../../data/finance.server";
import { financialTabPart } from "../../data/finance-report.server";
import { batchParts } from "../../data/parts.server";
import { isPlatformPayout } from "../../data/payouts.server";
import { mayMarkPaidByHand } from "../../services/payouts-provider.server";
import { describePeriod, readFinanceList, readFinancePeriod, type CsvKind } from "../../domain/finance-report";
import { adminTab } from "../../domain/admin-tabs";
import { formText, lastEight } from "../../domain/admin-lists";
import { formatShortDate } from "../../domain/dates";
import { formatGBP } from "../../domain/money";
import { openAdminAction, openAdminLoader, refuse } from "../../services/admin-actions.server";
import { tellPayoutPaid } from "../../services/notices.server";
import { redirectWithToast } from "../../services/toast.server";
import { ActionAlert } from "../../components/admin";
import { idColumn } from "../../components/admin/finance-cells";
import { CommissionsList, PayeeBalances, PayoutsList, TransactionsList } from "../../components/admin/finance-lists";
import { buttonClass } from "../../components/kit/buttons";
import { SvgBarChart } from "../../components/kit/svg-bar-chart";
import { Panel } from "../../components/kit/panel";
import { DataTable } from "../../components/kit/data-table";
import { StatCard, StatGrid } from "../../components/kit/stat-card";
import { StatusBadge } from "../../components/kit/badge";
import { TabNav } from "../../components/kit/tab-nav";

// Admin Financial (seller-store-admin.md §2, §9; issue 14 item 9), superadmins only: the latest
// 50 transactions, commissions and payouts with their totals, one list a page (`?list=`, decision
// 0126), and platform revenue by week drawn as SVG on the server. The records come from the order
// lifecycle's finance engine. Delivery fees whose capture failed are listed apart (they are no
// sale; docs/decisions/0035-payments.md).

export const meta: Route.MetaFunction = () => [
  { title: "Financial | Admin | Closetloop" },
  { name: "robots", content: "noindex" },
];

const TAB = adminTab("financial").href;

/** A list of the period shown (decision 0126): the period as asked, when it was asked for. */
function listHref(period: { asked: boolean; fromDate: string; toDate: string }, list: CsvKind) {
  const query = new URLSearchParams(period.asked ? { from: period.fromDate, to: period.toDate } : {});
  if (list !== "transactions") query.set("list", list);
  return query.size ? `${TAB}?${query}` : TAB;
}

// Its GET authorizes with the user the session kept while their visit rides with its batch, and
// only reads (a page whose visit finds another user is rendered again): decision 0116.
export const visitRides = true;

export async function loader(args: Route.LoaderArgs) {
  const { app, url, zone } = openAdminLoader(args, "financial");
  const now = Date.now();
  // The lists and totals cover a period (the last 90 days unless another is chosen; issue 24, item 4).
  const chosen = readFinancePeriod(url, now);
  const list = readFinanceList(url);
  // One batch: the lists and totals, revenue by week, fees owed, balances and holds (decision 0106).
  const [[overview, owedDeliveryFees, balances, held], weeks] = await batchParts(app.db, [
    financialTabPart(app.db, chosen.period, list),
    weeklyRevenuePart(app.db, { platform: true }, now),
  ] as const);
  const payload = {
    ...overview,
    list,
    held,
    owedDeliveryFees,
    balances,
    // 'Mark paid' for sellers and stores only with the local provider (decision 0056).
    handMarking: mayMarkPaidByHand(app),
    // Moments (paid, delivered, recorded) on the reader's day; finance weeks stay UTC weeks (decision 0095).
    zone,
    weeks: weeks.map((w) => ({ label: formatShortDate(w.weekStart), value: w.amount })),
    period: {
      ...chosen.period,
      label: describePeriod(chosen.period),
      fromDate: chosen.fromDate,
      toDate: chosen.toDate,
      // The lists' links carry the period only when one was asked for (and read without error).
      asked: (url.searchParams.has("from") || url.searchParams.has("to")) && !chosen.errors.from && !chosen.errors.to,
      errors: chosen.errors,
    },
  };
  return chosen.errors.from || chosen.errors.to ? data(payload, { status: 400 }) : payload;
}

export const intents = ["markPaid"] as const;

export async function action(args: Route.ActionArgs) {
  const { user, app, form, intent } = await openAdminAction(args, "financial", intents);
  if (intent !== "markPaid") return refuse(app.config, 400, "Payout not updated", "Unknown action.");
  const payoutId = formText(form, "payoutId");
  // With Stripe a seller's or a store's payout is paid by its transfer only; the platform's own
  // commission is no transfer, so staff record it by hand whatever the provider (decision 0056).
  if (!mayMarkPaidByHand(app) && !(await isPlatformPayout(app.db, payoutId))) {
    return refuse(
      app.config,
      409,
      "Payout not updated",
      "Payouts are paid by transfer to the payee's account: 'Mark paid' is for the local payment provider only.",
    );
  }
  if (!(await markPayoutPaid(app.db, payoutId, user.id, Date.now()))) {
    return refuse(
      app.config,
      409,
      "Payout not updated",
      "Only a calculated payout with something to pay can be marked paid: one at or below zero is carried into the payee's next payout.",
    );
  }
  // The payee is told (issue 23).
  await tellPayoutPaid(app, payoutId);
  // Back to the list and period it was marked from.
  return redirectWithToast(app.config, `${TAB}${new URL(args.request.url).search}`, {
    type: "success",
    title: "Payout marked paid",
    description: `Payout ${lastEight(payoutId)} is recorded as paid.`,
  });
}

export default function AdminFinancial({ loaderData, actionData }: Route.ComponentProps) {
  const {
    totals,
    transactions,
    commissions,
    payouts,
    weeks,
    owedDeliveryFees,
    period,
    handMarking,
    balances,
    zone,
    list,
  } = loaderData;
  return (
    <>
      <ActionAlert data={actionData} />
      <Form
        method="get"
        className="mb-4 flex flex-wrap items-end gap-3 rounded-lg border border-stone-200 bg-white p-4"
        aria-label="Period"
      >
        {(["from", "to"] as const).map((name) => (
          <div key={name} className="flex flex-col gap-1">
            <label htmlFor={`period-${name}`} className="text-sm font-medium">
              {name === "from" ? "From" : "To (included)"}
            </label>
            <input
              id={`period-${name}`}
              type="date"
              name={name}
              defaultValue={name === "from" ? period.fromDate : period.toDate}
              aria-invalid={period.errors[name] ? true : undefined}
              aria-describedby={period.errors[name] ? `period-${name}-error` : undefined}
              className="rounded-md border border-stone-300 bg-white px-2 py-1.5 text-sm"
            />
            {period.errors[name] ? (
              <p id={`period-${name}-error`} className="text-sm text-red-700">
                {period.errors[name]}
              </p>
            ) : null}
          </div>
        ))}
        {list === "transactions" ? null : <input type="hidden" name="list" value={list} />}
        <button type="submit" className={buttonClass}>
          Show
        </button>
        <p className="basis-full text-sm text-stone-700">{`Totals, lists and downloads cover ${period.label} (UTC days).`}</p>
      </Form>
      <StatGrid>
        <StatCard
          label="Gross sales"
          value={formatGBP(totals.gross)}
          note={`${totals.sales} transaction(s) · ${period.label}`}
        />
        <StatCard label="Platform commission" value={formatGBP(totals.platformCommission)} note="10% of every sale" />
        <StatCard label="Store commission" value={formatGBP(totals.storeCommission)} note="10% of concierge sales" />
        <StatCard
          label="Owed to sellers"
          value={formatGBP(totals.ownersNet)}
          note={`Payouts paid ${formatGBP(totals.payoutsPaid)} · to pay ${formatGBP(totals.payoutsCalculated)}`}
        />
      </StatGrid>
      <SvgBarChart
        title="Revenue by week"
        points={weeks}
        summary={`Gross sales over the last 12 weeks: ${formatGBP(weeks.reduce((s, w) => s + w.value, 0))}`}
      />

      {owedDeliveryFees.length > 0 ? (
        <Panel title="Delivery fees not collected">
          <p className="mb-2 text-sm text-stone-700">
            Delivered orders whose delivery fee has not been collected yet (its capture failed, or was not tried yet).
            The daily job captures them.
          </p>
          <DataTable
            caption="Delivery fees not collected, with their order, amount, delivery date and last error"
            rows={owedDeliveryFees}
            rowKey={(f) => f.orderId}
            empty={null}
            columns={[
              idColumn("Order", "orderId"),
              { header: "Delivery fee", cell: (f) => formatGBP(f.fee) },
              { header: "Delivered", cell: (f) => formatShortDate(f.deliveredAt, zone) },
              {
                header: "Status",
                cell: (f) => (
                  <>
                    <StatusBadge status="pending" />{" "}
                    <span className="text-xs text-stone-600">{`${f.attempts} failed attempt(s)`}</span>
                  </>
                ),
              },
              { header: "Last error", className: "text-xs", cell: (f) => f.lastError ?? "—" },
            ]}
          />
        </Panel>
      ) : null}

      <PayeeBalances balances={balances} />

      <TabNav
        label="Financial lists"
        current={list}
        tabs={(
          [
            ["transactions", "Transactions", totals.sales],
            ["commissions", "Commissions", totals.commissionCount],
            ["payouts", "Payouts", totals.payoutCount],
          ] as const
        ).map(([id, label, count]) => ({ id, label: `${label} (${count})`, href: listHref(period, id) }))}
      />
      {list === "transactions" ? (
        <TransactionsList period={period} totals={totals} transactions={transactions} zone={zone} />
      ) : list === "commissions" ? (
        <CommissionsList period={period} totals={totals} commissions={commissions} zone={zone} />
      ) : (
        <PayoutsList period={period} totals={totals} payouts={payouts} handMarking={handMarking} zone={zone} />
      )}
      {loaderData.held.length > 0 ? (
        <section aria-labelledby="held-title" className="rounded-lg border border-stone-200 bg-white p-4">
          <h2 id="held-title" className="text-lg font-semibold">
            Held for a later payout
          </h2>
          <p className="text-sm text-stone-700">
            Buyer protection: an item's money waits while its claim window is open or a claim about it is pending; the
            next weekly run pays it.
          </p>
          <ul className="mt-2 space-y-1 text-sm" aria-label="Held for a later payout">
            {loaderData.held.map((h) => (
              <li
                key={`${h.recipientType}:${h.recipientId}:${h.periodStart}:${h.itemName}`}
              >{`Week of ${formatShortDate(h.periodStart)} · ${h.recipientType === "owner" ? "seller" : "store"} ${h.recipientId} · ${h.itemName}: ${formatGBP(h.amount)}. ${h.reason}`}</li>
            ))}
          </ul>
        </section>
      ) : null}
    </>
  );
}
