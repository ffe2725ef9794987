import { data, Form, Link } from "react-router";
import type { Route } from "./+types/financial";
import { appContext } from "../../context";
import { markPayoutPaid, weeklyRevenue } from "../../data/finance.server";
import { deliveryFeesOwed, financeOverview } from "../../data/finance-report.server";
import { isPlatformPayout } from "../../data/payouts.server";
import { payoutProviderStatus } from "../../domain/payouts";
import { mayMarkPaidByHand } from "../../services/payouts-provider.server";
import { describePeriod, payeeName, readFinancePeriod, type CsvKind } from "../../domain/finance-report";
import { adminTab } from "../../domain/admin-tabs";
import { formText, lastEight } from "../../domain/admin-lists";
import { formatShortDate } from "../../domain/dates";
import { readIntent } from "../../domain/intents";
import { formatGBP } from "../../domain/money";
import { refuse } from "../../services/admin-actions.server";
import { requireAdminTab } from "../../services/guards.server";
import { tellPayoutPaid } from "../../services/notices.server";
import { redirectWithToast } from "../../services/toast.server";
import { ActionAlert, buttonClass } from "../../components/admin";
import { BarChart, EmptyState, Panel, StatCard, StatGrid, StatusBadge } from "../../components/dashboard";

// Admin Financial (seller-store-admin.md §2, §9; issue 14 item 9), superadmins only: the latest
// 50 transactions, commissions and payouts with their totals, and platform revenue by week drawn
// as SVG on the server. The records come from the order lifecycle's finance engine. Delivery fees
// whose capture failed are listed apart (they are no sale; docs/decisions/0035-payments.md).

export const meta: Route.MetaFunction = () => [{ title: "Financial | Admin | Closetloop" }, { name: "robots", content: "noindex" }];

const TAB = adminTab("financial").href;

export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdminTab(context, request, "financial");
  const app = context.get(appContext);
  const now = Date.now();
  // The lists and totals cover a period (the last 90 days unless another is chosen; issue 24, item 4).
  const chosen = readFinancePeriod(new URL(request.url), now);
  const [overview, weeks, owedDeliveryFees] = await Promise.all([financeOverview(app.db, chosen.period), weeklyRevenue(app.db, { platform: true }, now), deliveryFeesOwed(app.db)]);
  const payload = {
    ...overview,
    owedDeliveryFees,
    // 'Mark paid' for sellers and stores only with the local provider (decision 0056).
    handMarking: mayMarkPaidByHand(app),
    weeks: weeks.map((w) => ({ label: formatShortDate(w.weekStart), value: w.amount })),
    period: { ...chosen.period, label: describePeriod(chosen.period), fromDate: chosen.fromDate, toDate: chosen.toDate, errors: chosen.errors },
  };
  return chosen.errors.from || chosen.errors.to ? data(payload, { status: 400 }) : payload;
}

export const intents = ["markPaid"] as const;

export async function action({ request, context }: Route.ActionArgs) {
  const user = requireAdminTab(context, request, "financial");
  const app = context.get(appContext);
  const form = await request.formData();
  if (readIntent(form, intents) !== "markPaid") return refuse(app.config, 400, "Payout not updated", "Unknown action.");
  const payoutId = formText(form, "payoutId");
  // With Stripe a seller's or a store's payout is paid by its transfer only; the platform's own
  // commission is no transfer, so staff record it by hand whatever the provider (decision 0056).
  if (!mayMarkPaidByHand(app) && !(await isPlatformPayout(app.db, payoutId))) {
    return refuse(app.config, 409, "Payout not updated", "Payouts are paid by transfer to the payee's account: 'Mark paid' is for the local payment provider only.");
  }
  if (!(await markPayoutPaid(app.db, payoutId, user.id, Date.now()))) {
    return refuse(app.config, 409, "Payout not updated", "Only a calculated payout can be marked paid.");
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
};
const th = "py-2 pr-3";

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

/** The download link of one list for the period shown. */
function CsvLink({ kind, fromDate, toDate }: { kind: CsvKind; fromDate: string; toDate: string }) {
  const query = new URLSearchParams({ kind, from: fromDate, to: toDate });
  return (
    <a href={`/admin/financial/export?${query}`} download className={buttonClass}>
      {`Download ${kind} (CSV)`}
    </a>
  );
}

export default function AdminFinancial({ loaderData, actionData }: Route.ComponentProps) {
  const { totals, transactions, commissions, payouts, weeks, owedDeliveryFees, period, handMarking } = loaderData;
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
      <BarChart title="Revenue by week" points={weeks} summary={`Gross sales over the last 12 weeks: ${formatGBP(weeks.reduce((s, w) => s + w.value, 0))}`} />

      {owedDeliveryFees.length > 0 ? (
        <Panel title="Delivery fees not collected">
          <p className="mb-2 text-sm text-stone-700">Delivered orders whose delivery fee has not been collected yet (its capture failed, or was not tried yet). The daily job captures them.</p>
          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm">
              <thead className="border-b border-stone-200 text-stone-600">
                <tr>
                  <th scope="col" className={th}>Order</th>
                  <th scope="col" className={th}>Delivery fee</th>
                  <th scope="col" className={th}>Delivered</th>
                  <th scope="col" className={th}>Status</th>
                  <th scope="col" className={th}>Last error</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-stone-100">
                {owedDeliveryFees.map((f) => (
                  <tr key={f.orderId}>
                    <th scope="row" className={`${th} font-mono text-xs font-normal`} title={f.orderId}>{lastEight(f.orderId)}</th>
                    <td className={th}>{formatGBP(f.fee)}</td>
                    <td className={th}>{formatShortDate(f.deliveredAt)}</td>
                    <td className={th}><StatusBadge status="pending" /> <span className="text-xs text-stone-600">{`${f.attempts} failed attempt(s)`}</span></td>
                    <td className={`${th} text-xs`}>{f.lastError ?? "—"}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </Panel>
      ) : null}

      <Panel title="Transactions" actions={<CsvLink kind="transactions" fromDate={period.fromDate} toDate={period.toDate} />}>
        <p className="mb-2 text-sm text-stone-700">{`${period.label}: ${shownOf(transactions.length, totals.sales, "completed transaction(s)")}, gross ${formatGBP(totals.gross)}, sellers' share ${formatGBP(totals.ownersNet)}.`}</p>
        {transactions.length === 0 ? (
          <EmptyState>No transactions in this period.</EmptyState>
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm">
              <thead className="border-b border-stone-200 text-stone-600">
                <tr>
                  <th scope="col" className={th}>Transaction</th>
                  <th scope="col" className={th}>Type</th>
                  <th scope="col" className={th}>Order</th>
                  <th scope="col" className={th}>Seller</th>
                  <th scope="col" className={th}>Gross</th>
                  <th scope="col" className={th}>Seller's share</th>
                  <th scope="col" className={th}>Status</th>
                  <th scope="col" className={th}>Date</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-stone-100">
                {transactions.map((t) => (
                  <tr key={t.id}>
                    <th scope="row" className={`${th} font-normal`}><ShortId id={t.id} /></th>
                    <td className={th}>
                      {TYPE_LABELS[t.type] ?? t.type}
                      {t.productName ? <span className="block text-xs text-stone-600">{t.productName}</span> : null}
                    </td>
                    <td className={th}>{t.orderId ? <ShortId id={t.orderId} /> : "—"}</td>
                    <td className={th}>
                      <Payee type="owner" id={t.ownerId} name={t.ownerName} displayName={t.ownerDisplayName} />
                      {t.storeId ? <span className="block text-xs text-stone-600">{"via "}<Payee type="store" id={t.storeId} name={t.storeName} /></span> : null}
                    </td>
                    <td className={th}>{formatGBP(t.gross)}</td>
                    <td className={th}>{formatGBP(t.net)}</td>
                    <td className={th}><StatusBadge status={t.status} /></td>
                    <td className={th}>{formatShortDate(t.createdAt)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </Panel>

      <Panel title="Commissions" actions={<CsvLink kind="commissions" fromDate={period.fromDate} toDate={period.toDate} />}>
        <p className="mb-2 text-sm text-stone-700">{`${period.label}: ${shownOf(commissions.length, totals.commissionCount, "commission(s)")}, platform ${formatGBP(totals.platformCommission)}, stores ${formatGBP(totals.storeCommission)}.`}</p>
        {commissions.length === 0 ? (
          <EmptyState>No commissions in this period.</EmptyState>
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm">
              <thead className="border-b border-stone-200 text-stone-600">
                <tr>
                  <th scope="col" className={th}>Transaction</th>
                  <th scope="col" className={th}>Recipient</th>
                  <th scope="col" className={th}>Rate</th>
                  <th scope="col" className={th}>Amount</th>
                  <th scope="col" className={th}>Status</th>
                  <th scope="col" className={th}>Calculated</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-stone-100">
                {commissions.map((c) => (
                  <tr key={c.id}>
                    <th scope="row" className={`${th} font-normal`}><ShortId id={c.transactionId} /></th>
                    <td className={th}><Payee type={c.recipientType} id={c.recipientId} name={c.recipientName} /></td>
                    <td className={th}>{c.rate / 100}%</td>
                    <td className={th}>{formatGBP(c.amount)}</td>
                    <td className={th}><StatusBadge status={c.status} /></td>
                    <td className={th}>{formatShortDate(c.calculatedAt)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </Panel>

      <Panel title="Payouts" actions={<CsvLink kind="payouts" fromDate={period.fromDate} toDate={period.toDate} />}>
        <p className="mb-2 text-sm text-stone-700">{`${period.label}: ${shownOf(payouts.length, totals.payoutCount, "payout(s)")}, paid ${formatGBP(totals.payoutsPaid)}, to pay ${formatGBP(totals.payoutsCalculated)}. A seller's payout gathers their sales of one period: the gross, less the commission, is the net paid to them; a store's and the platform's are the commission they earned.`}</p>
        {payouts.length === 0 ? (
          <EmptyState>No payouts in this period: the weekly job calculates them from the past week's sales.</EmptyState>
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm">
              <thead className="border-b border-stone-200 text-stone-600">
                <tr>
                  <th scope="col" className={th}>Payout</th>
                  <th scope="col" className={th}>Recipient</th>
                  <th scope="col" className={th}>Period</th>
                  <th scope="col" className={th}>Gross</th>
                  <th scope="col" className={th}>Commission</th>
                  <th scope="col" className={th}>Net</th>
                  <th scope="col" className={th}>Status</th>
                  <th scope="col" className={th}><span className="sr-only">Actions</span></th>
                </tr>
              </thead>
              <tbody className="divide-y divide-stone-100">
                {payouts.map((p) => (
                  <tr key={p.id}>
                    <th scope="row" className={`${th} font-normal`}><ShortId id={p.id} /></th>
                    <td className={th}>
                      <Payee type={p.recipientType} id={p.recipientId} name={p.recipientName} displayName={p.recipientDisplayName} />
                      <span className="block text-xs text-stone-600">{p.recipientType === "owner" ? "Seller" : p.recipientType === "store" ? "Store" : "Platform commission"}</span>
                    </td>
                    <td className={th}>
                      {`Sales of ${describePeriod({ from: p.periodStart, to: p.periodEnd })}`}
                      <span className="block text-xs text-stone-600">
                        {p.recipientType === "owner" ? `${formatGBP(p.total)} gross − ${formatGBP(p.commission)} commission = ${formatGBP(p.net)}` : `${formatGBP(p.net)} of commission earned`}
                      </span>
                    </td>
                    <td className={th}>{formatGBP(p.total)}</td>
                    <td className={th}>{formatGBP(p.commission)}</td>
                    <td className={th}>{formatGBP(p.net)}</td>
                    <td className={th}>
                      <StatusBadge status={p.status} />
                      {p.paidAt ? <span className="block text-xs text-stone-600">{formatShortDate(p.paidAt)}</span> : null}
                      <span className="block text-xs text-stone-700" data-testid="payout-provider-status" title={p.transferStatus === "paid" && p.transferId ? p.transferId : undefined}>{payoutProviderStatus(p)}</span>
                    </td>
                    <td className={th}>
                      {p.status === "calculated" && (handMarking || p.recipientType === "platform") ? (
                        <Form method="post">
                          <input type="hidden" name="payoutId" value={p.id} />
                          <button type="submit" name="intent" value="markPaid" className={buttonClass} aria-label={`Mark paid: payout ${lastEight(p.id)}`}>Mark paid</button>
                        </Form>
                      ) : null}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </Panel>
    </>
  );
}
