import { Form } from "react-router";
import type { Route } from "./+types/financial";
import { appContext } from "../../context";
import { deliveryFeesOwed, financeOverview, markPayoutPaid, weeklyRevenue } from "../../data/finance.server";
import { adminTab } from "../../domain/admin-tabs";
import { formText, lastEight } from "../../domain/admin-lists";
import { formatShortDate } from "../../domain/dates";
import { readIntent } from "../../domain/intents";
import { formatGBP } from "../../domain/money";
import { refuse } from "../../services/admin-actions.server";
import { requireAdminTab } from "../../services/guards.server";
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
  const [overview, weeks, owedDeliveryFees] = await Promise.all([financeOverview(app.db), weeklyRevenue(app.db, { platform: true }, now), deliveryFeesOwed(app.db)]);
  return { ...overview, owedDeliveryFees, weeks: weeks.map((w) => ({ label: formatShortDate(w.weekStart), value: w.amount })) };
}

export const intents = ["markPaid"] as const;

export async function action({ request, context }: Route.ActionArgs) {
  const user = requireAdminTab(context, request, "financial");
  const app = context.get(appContext);
  const form = await request.formData();
  if (readIntent(form, intents) !== "markPaid") return refuse(app.config, 400, "Payout not updated", "Unknown action.");
  const payoutId = formText(form, "payoutId");
  if (!(await markPayoutPaid(app.db, payoutId, user.id, Date.now()))) {
    return refuse(app.config, 409, "Payout not updated", "Only a calculated payout can be marked paid.");
  }
  return redirectWithToast(app.config, TAB, { type: "success", title: "Payout marked paid", description: `Payout ${lastEight(payoutId)} is recorded as paid.` });
}

const TYPE_LABELS: Record<string, string> = { sale: "Sale", rental_fee: "Rental fee", rental_purchase: "Rental bought", rental_conversion: "Rental kept" };
const th = "py-2 pr-3";

export default function AdminFinancial({ loaderData, actionData }: Route.ComponentProps) {
  const { totals, transactions, commissions, payouts, weeks, owedDeliveryFees } = loaderData;
  return (
    <>
      <ActionAlert data={actionData} />
      <StatGrid>
        <StatCard label="Gross sales" value={formatGBP(totals.gross)} note={`${totals.sales} transaction(s)`} />
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

      <Panel title="Latest transactions">
        {transactions.length === 0 ? (
          <EmptyState>No transactions yet.</EmptyState>
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm">
              <thead className="border-b border-stone-200 text-stone-600">
                <tr>
                  <th scope="col" className={th}>Transaction</th>
                  <th scope="col" className={th}>Type</th>
                  <th scope="col" className={th}>Order</th>
                  <th scope="col" className={th}>Gross</th>
                  <th scope="col" className={th}>Seller's share</th>
                  <th scope="col" className={th}>Status</th>
                  <th scope="col" className={th}>Date</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-stone-100">
                {transactions.map((t) => (
                  <tr key={t.id}>
                    <th scope="row" className={`${th} font-mono text-xs font-normal`} title={t.id}>{lastEight(t.id)}</th>
                    <td className={th}>{TYPE_LABELS[t.type] ?? t.type}</td>
                    <td className={`${th} font-mono text-xs`}>{t.orderId ? lastEight(t.orderId) : "—"}</td>
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

      <Panel title="Latest commissions">
        {commissions.length === 0 ? (
          <EmptyState>No commissions yet.</EmptyState>
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
                    <th scope="row" className={`${th} font-mono text-xs font-normal`} title={c.transactionId}>{lastEight(c.transactionId)}</th>
                    <td className={`${th} capitalize`}>{c.recipientType}</td>
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

      <Panel title="Latest payouts">
        {payouts.length === 0 ? (
          <EmptyState>No payouts yet: the weekly job calculates them from the past week's sales.</EmptyState>
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm">
              <thead className="border-b border-stone-200 text-stone-600">
                <tr>
                  <th scope="col" className={th}>Payout</th>
                  <th scope="col" className={th}>Recipient</th>
                  <th scope="col" className={th}>Period</th>
                  <th scope="col" className={th}>Total</th>
                  <th scope="col" className={th}>Commission</th>
                  <th scope="col" className={th}>Net</th>
                  <th scope="col" className={th}>Status</th>
                  <th scope="col" className={th}><span className="sr-only">Actions</span></th>
                </tr>
              </thead>
              <tbody className="divide-y divide-stone-100">
                {payouts.map((p) => (
                  <tr key={p.id}>
                    <th scope="row" className={`${th} font-mono text-xs font-normal`} title={p.id}>{lastEight(p.id)}</th>
                    <td className={th}>
                      <span className="capitalize">{p.recipientType}</span> <span className="font-mono text-xs text-stone-600">{lastEight(p.recipientId)}</span>
                    </td>
                    <td className={th}>{formatShortDate(p.periodStart)} – {formatShortDate(p.periodEnd)}</td>
                    <td className={th}>{formatGBP(p.total)}</td>
                    <td className={th}>{formatGBP(p.commission)}</td>
                    <td className={th}>{formatGBP(p.net)}</td>
                    <td className={th}>
                      <StatusBadge status={p.status} />
                      {p.paidAt ? <span className="block text-xs text-stone-600">{formatShortDate(p.paidAt)}</span> : null}
                    </td>
                    <td className={th}>
                      {p.status === "calculated" ? (
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
