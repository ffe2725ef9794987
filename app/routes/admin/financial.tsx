import { data, Form, Link } from "react-router";
import type { Route } from "./+types/financial";
import { markPayoutPaid, weeklyRevenue } from "../../data/finance.server";
import { deliveryFeesOwed, financeOverview, payeeBalances } from "../../data/finance-report.server";
import { isPlatformPayout } from "../../data/payouts.server";
import { holdsBetween } from "../../data/payout-holds.server";
import { payoutProviderStatus, settlement } from "../../domain/payouts";
import { mayMarkPaidByHand } from "../../services/payouts-provider.server";
import { describePeriod, payeeName, readFinancePeriod, type CsvKind } from "../../domain/finance-report";
import { adminTab } from "../../domain/admin-tabs";
import { formText, lastEight } from "../../domain/admin-lists";
import { formatShortDate } from "../../domain/dates";
import { formatGBP } from "../../domain/money";
import { openAdminAction, openAdminLoader, refuse } from "../../services/admin-actions.server";
import { tellPayoutPaid } from "../../services/notices.server";
import { redirectWithToast } from "../../services/toast.server";
import { ActionAlert } from "../../components/admin";
import { buttonClass } from "../../components/kit/buttons";
import { SvgBarChart } from "../../components/kit/svg-bar-chart";
import { Panel } from "../../components/kit/panel";
import { CellText, DataTable, type Column } from "../../components/kit/data-table";
import { RowAction } from "../../components/kit/row-actions";
import { StatCard, StatGrid } from "../../components/kit/stat-card";
import { StatusBadge } from "../../components/kit/badge";

// Admin Financial (seller-store-admin.md §2, §9; issue 14 item 9), superadmins only: the latest
// 50 transactions, commissions and payouts with their totals, and platform revenue by week drawn
// as SVG on the server. The records come from the order lifecycle's finance engine. Delivery fees
// whose capture failed are listed apart (they are no sale; docs/decisions/0035-payments.md).

export const meta: Route.MetaFunction = () => [{ title: "Financial | Admin | Closetloop" }, { name: "robots", content: "noindex" }];

const TAB = adminTab("financial").href;

export async function loader(args: Route.LoaderArgs) {
  const { app, url, zone } = openAdminLoader(args, "financial");
  const now = Date.now();
  // The lists and totals cover a period (the last 90 days unless another is chosen; issue 24, item 4).
  const chosen = readFinancePeriod(url, now);
  const [overview, weeks, owedDeliveryFees, balances, held] = await Promise.all([financeOverview(app.db, chosen.period), weeklyRevenue(app.db, { platform: true }, now), deliveryFeesOwed(app.db), payeeBalances(app.db), holdsBetween(app.db, chosen.period)]);
  const payload = {
    ...overview,
    held,
    owedDeliveryFees,
    balances,
    // 'Mark paid' for sellers and stores only with the local provider (decision 0056).
    handMarking: mayMarkPaidByHand(app),
    // Moments (paid, delivered, recorded) on the reader's day; finance weeks stay UTC weeks (decision 0095).
    zone,
    weeks: weeks.map((w) => ({ label: formatShortDate(w.weekStart), value: w.amount })),
    period: { ...chosen.period, label: describePeriod(chosen.period), fromDate: chosen.fromDate, toDate: chosen.toDate, errors: chosen.errors },
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
    return refuse(app.config, 409, "Payout not updated", "Payouts are paid by transfer to the payee's account: 'Mark paid' is for the local payment provider only.");
  }
  if (!(await markPayoutPaid(app.db, payoutId, user.id, Date.now()))) {
    return refuse(app.config, 409, "Payout not updated", "Only a calculated payout with something to pay can be marked paid: one at or below zero is carried into the payee's next payout.");
  }
  // The payee is told (issue 23).
  await tellPayoutPaid(app, payoutId);
  return redirectWithToast(app.config, TAB, { type: "success", title: "Payout marked paid", description: `Payout ${lastEight(payoutId)} is recorded as paid.` });
}

const TYPE_LABELS: Record<string, string> = {
  sale: "Sale",
  rental_fee: "Rental fee",
  rental_purchase: "Rental bought",
  rental_conversion: "Rental kept",
  not_returnable: "Charged as a purchase",
  damage_charge: "Repair fee",
  refund: "Refund",
  charge_reversal: "Charge overturned",
  claim_refund: "Claim refunded",
};

/** An id as the spec shows it (its last 8 characters), with the whole id on hover and for screen readers. */
function ShortId({ id }: { id: string }) {
  return (
    <span className="font-mono text-xs" title={id}>
      <span aria-hidden="true">{lastEight(id)}</span>
      <span className="sr-only">{id}</span>
    </span>
  );
}

/** A payee by name, linked to their public page: an owner's profile (when they have a display name), a store's page. */
function Payee({ type, id, name, displayName }: { type: string; id: string | null; name: string | null; displayName?: string | null }) {
  const label = payeeName(type, name);
  if (type === "store" && id && name) return <Link to={`/store/${encodeURIComponent(id)}`} className="underline">{label}</Link>;
  if (type === "owner" && displayName) return <Link to={`/${encodeURIComponent(displayName)}`} className="underline">{label}</Link>;
  return <>{label}</>;
}

/** One list of the period, newest first: its panel with the list's download link, the sentence that sums it up, then its table. */
function FinanceList<Row>({ title, kind, period, sentence, ...table }: { title: string; kind: CsvKind; period: { fromDate: string; toDate: string; label: string }; sentence: string; rows: Row[]; empty: string; columns: Column<Row>[] }) {
  const query = new URLSearchParams({ kind, from: period.fromDate, to: period.toDate });
  const download = <a href={`/admin/financial/export?${query}`} download className={buttonClass}>{`Download ${kind} (CSV)`}</a>;
  return (
    <Panel title={title} actions={download}>
      <p className="mb-2 text-sm text-stone-700">{sentence}</p>
      <DataTable<Row> caption={`${title} of ${period.label}, newest first`} {...table} />
    </Panel>
  );
}

/** What a payout did with the payee's balance (decision 0073): the debt it took over, what it offset, what it carries on. */
function balanceNote(p: { net: number; carriedIn: number }) {
  const { offset, carriedOut } = settlement(p);
  const parts = [p.carriedIn < 0 ? `${formatGBP(-p.carriedIn)} owed from earlier payouts` : null, offset > 0 ? `${formatGBP(offset)} offset` : null, carriedOut < 0 ? `${formatGBP(-carriedOut)} carried to the next payout` : null];
  const said = parts.filter(Boolean).join(", ");
  return said ? `; ${said}` : "";
}

/** A list's first column: the record's short id (its field `key`), naming the row. */
function idColumn<K extends string>(header: string, key: K): Column<Record<K, string>> {
  return { header, rowHeader: true, className: "font-normal", cell: (row) => <ShortId id={row[key]} /> };
}

export default function AdminFinancial({ loaderData, actionData }: Route.ComponentProps) {
  const { totals, transactions, commissions, payouts, weeks, owedDeliveryFees, period, handMarking, balances, zone } = loaderData;
  const shownOf = (n: number, total: number, what: string) => (total > n ? `the latest ${n} of ${total} ${what}` : `${total} ${what}`);
  return (
    <>
      <ActionAlert data={actionData} />
      <Form method="get" className="mb-4 flex flex-wrap items-end gap-3 rounded-lg border border-stone-200 bg-white p-4" aria-label="Period">
        {(["from", "to"] as const).map((name) => (
          <div key={name} className="flex flex-col gap-1">
            <label htmlFor={`period-${name}`} className="text-sm font-medium">{name === "from" ? "From" : "To (included)"}</label>
            <input id={`period-${name}`} type="date" name={name} defaultValue={name === "from" ? period.fromDate : period.toDate} aria-invalid={period.errors[name] ? true : undefined} aria-describedby={period.errors[name] ? `period-${name}-error` : undefined} className="rounded-md border border-stone-300 bg-white px-2 py-1.5 text-sm" />
            {period.errors[name] ? <p id={`period-${name}-error`} className="text-sm text-red-700">{period.errors[name]}</p> : null}
          </div>
        ))}
        <button type="submit" className={buttonClass}>Show</button>
        <p className="basis-full text-sm text-stone-700">{`Totals, lists and downloads cover ${period.label} (UTC days).`}</p>
      </Form>
      <StatGrid>
        <StatCard label="Gross sales" value={formatGBP(totals.gross)} note={`${totals.sales} transaction(s) · ${period.label}`} />
        <StatCard label="Platform commission" value={formatGBP(totals.platformCommission)} note="10% of every sale" />
        <StatCard label="Store commission" value={formatGBP(totals.storeCommission)} note="10% of concierge sales" />
        <StatCard label="Owed to sellers" value={formatGBP(totals.ownersNet)} note={`Payouts paid ${formatGBP(totals.payoutsPaid)} · to pay ${formatGBP(totals.payoutsCalculated)}`} />
      </StatGrid>
      <SvgBarChart title="Revenue by week" points={weeks} summary={`Gross sales over the last 12 weeks: ${formatGBP(weeks.reduce((s, w) => s + w.value, 0))}`} />

      {owedDeliveryFees.length > 0 ? (
        <Panel title="Delivery fees not collected">
          <p className="mb-2 text-sm text-stone-700">Delivered orders whose delivery fee has not been collected yet (its capture failed, or was not tried yet). The daily job captures them.</p>
          <DataTable
            caption="Delivery fees not collected, with their order, amount, delivery date and last error"
            rows={owedDeliveryFees}
            rowKey={(f) => f.orderId}
            empty={null}
            columns={[
              idColumn("Order", "orderId"),
              { header: "Delivery fee", cell: (f) => formatGBP(f.fee) },
              { header: "Delivered", cell: (f) => formatShortDate(f.deliveredAt, zone) },
              { header: "Status", cell: (f) => <><StatusBadge status="pending" /> <span className="text-xs text-stone-600">{`${f.attempts} failed attempt(s)`}</span></> },
              { header: "Last error", className: "text-xs", cell: (f) => f.lastError ?? "—" },
            ]}
          />
        </Panel>
      ) : null}

      <Panel title="Payee balances">
        <p className="mb-2 text-sm text-stone-700">A refund after a payout is carried into the payee's next payouts until it is cleared: nothing is sent while their balance is below zero, and their next earnings are offset against it. Owed is what their payouts earned, refunds taken off, all time: it is what was paid plus what is to pay, less what the payee owes.</p>
        <DataTable
          caption="Each seller's and store's balance: owed, paid, to pay, carried into their next payouts and offset so far"
          rows={balances}
          rowKey={(b) => `${b.recipientType}:${b.recipientId}`}
          empty="Every seller and store is paid what they are owed: no balance is carried."
          columns={[
            { header: "Payee", rowHeader: true, className: "font-normal", cell: (b) => <CellText note={b.recipientType === "owner" ? "Seller" : "Store"}><Payee type={b.recipientType} id={b.recipientId} name={b.recipientName} displayName={b.recipientDisplayName} /></CellText> },
            { header: "Owed", cell: (b) => formatGBP(b.owed) },
            { header: "Paid", cell: (b) => formatGBP(b.paid) },
            { header: "To pay", cell: (b) => formatGBP(b.toPay) },
            { header: "Balance carried", cell: (b) => (b.carried < 0 ? <CellText note="taken from their next payouts">{`${formatGBP(-b.carried)} owed by the payee`}</CellText> : "None") },
            { header: "Offset so far", cell: (b) => formatGBP(b.offset) },
          ]}
        />
      </Panel>

      <FinanceList title="Transactions" kind="transactions" period={period} rows={transactions} empty="No transactions in this period."
        sentence={`${period.label}: ${shownOf(transactions.length, totals.sales, "completed transaction(s)")}, gross ${formatGBP(totals.gross)}, sellers' share ${formatGBP(totals.ownersNet)}.`}
        columns={[
          idColumn("Transaction", "id"),
          { header: "Type", cell: (t) => <CellText note={t.productName}>{TYPE_LABELS[t.type] ?? t.type}</CellText> },
          { header: "Order", cell: (t) => (t.orderId ? <ShortId id={t.orderId} /> : "—") },
          {
            header: "Seller",
            cell: (t) => (
              <CellText note={t.storeId ? <>{"via "}<Payee type="store" id={t.storeId} name={t.storeName} /></> : null}>
                <Payee type="owner" id={t.ownerId} name={t.ownerName} displayName={t.ownerDisplayName} />
              </CellText>
            ),
          },
          { header: "Gross", cell: (t) => formatGBP(t.gross) },
          { header: "Seller's share", cell: (t) => formatGBP(t.net) },
          { header: "Status", cell: (t) => <StatusBadge status={t.status} /> },
          { header: "Date", cell: (t) => formatShortDate(t.createdAt, zone) },
        ]}
      />

      <FinanceList title="Commissions" kind="commissions" period={period} rows={commissions} empty="No commissions in this period."
        sentence={`${period.label}: ${shownOf(commissions.length, totals.commissionCount, "commission(s)")}, platform ${formatGBP(totals.platformCommission)}, stores ${formatGBP(totals.storeCommission)}.`}
        columns={[
          idColumn("Transaction", "transactionId"),
          { header: "Recipient", cell: (c) => <Payee type={c.recipientType} id={c.recipientId} name={c.recipientName} /> },
          { header: "Rate", cell: (c) => `${c.rate / 100}%` },
          { header: "Amount", cell: (c) => formatGBP(c.amount) },
          { header: "Status", cell: (c) => <StatusBadge status={c.status} /> },
          { header: "Calculated", cell: (c) => formatShortDate(c.calculatedAt, zone) },
        ]}
      />

      <FinanceList title="Payouts" kind="payouts" period={period} rows={payouts} empty="No payouts in this period: the weekly job calculates them from the past week's sales."
        sentence={`${period.label}: ${shownOf(payouts.length, totals.payoutCount, "payout(s)")}, paid ${formatGBP(totals.payoutsPaid)}, to pay ${formatGBP(totals.payoutsCalculated)}. A seller's payout gathers their sales of one period: the gross, less the commission, is their net; a store's and the platform's are the commission they earned. The due amount, the net less any balance carried in, is what is sent; at or below zero nothing is sent and it is carried into the next payout.`}
        columns={[
          idColumn("Payout", "id"),
          {
            header: "Recipient",
            cell: (p) => (
              <CellText note={p.recipientType === "owner" ? "Seller" : p.recipientType === "store" ? "Store" : "Platform commission"}>
                <Payee type={p.recipientType} id={p.recipientId} name={p.recipientName} displayName={p.recipientDisplayName} />
              </CellText>
            ),
          },
          {
            header: "Period",
            cell: (p) => (
              <CellText note={`${p.recipientType === "owner" ? `${formatGBP(p.total)} gross − ${formatGBP(p.commission)} commission = ${formatGBP(p.net)}` : `${formatGBP(p.net)} of commission earned`}${balanceNote(p)}`}>
                {`Sales of ${describePeriod({ from: p.periodStart, to: p.periodEnd })}`}
              </CellText>
            ),
          },
          { header: "Gross", cell: (p) => formatGBP(p.total) },
          { header: "Commission", cell: (p) => formatGBP(p.commission) },
          { header: "Net", cell: (p) => formatGBP(p.net) },
          { header: "Due", cell: (p) => formatGBP(p.due) },
          {
            header: "Status",
            cell: (p) => (
              <>
                <StatusBadge status={p.status} />
                {p.paidAt ? <span className="block text-xs text-stone-600">{formatShortDate(p.paidAt, zone)}</span> : null}
                <span className="block text-xs text-stone-700" data-testid="payout-provider-status" title={p.transferStatus === "paid" && p.transferId ? p.transferId : undefined}>{payoutProviderStatus(p)}</span>
              </>
            ),
          },
          {
            header: "Actions",
            hiddenHeader: true,
            cell: (p) => (p.status === "calculated" && p.due > 0 && (handMarking || p.recipientType === "platform") ? <RowAction intent="markPaid" text="Mark paid" label={`Mark paid: payout ${lastEight(p.id)}`} fields={{ payoutId: p.id }} /> : null),
          },
        ]}
      />
      {loaderData.held.length > 0 ? (
        <section aria-labelledby="held-title" className="rounded-lg border border-stone-200 bg-white p-4">
          <h2 id="held-title" className="text-lg font-semibold">Held for a later payout</h2>
          <p className="text-sm text-stone-700">Buyer protection: an item's money waits while its claim window is open or a claim about it is pending; the next weekly run pays it.</p>
          <ul className="mt-2 space-y-1 text-sm" aria-label="Held for a later payout">
            {loaderData.held.map((h) => (
              <li key={`${h.recipientType}:${h.recipientId}:${h.periodStart}:${h.itemName}`}>{`Week of ${formatShortDate(h.periodStart)} · ${h.recipientType === "owner" ? "seller" : "store"} ${h.recipientId} · ${h.itemName}: ${formatGBP(h.amount)}. ${h.reason}`}</li>
            ))}
          </ul>
        </section>
      ) : null}
    </>
  );
}
