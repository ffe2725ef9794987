// The financial page's lists (admin Financial, app/routes/admin/financial.tsx): the payees' balances
// and the period's transactions, commissions and payouts, each with its CSV download.
import { describePeriod, type CommissionRow, type PayoutRow, type TransactionRow } from "../../domain/finance-report";
import { lastEight } from "../../domain/admin-lists";
import { formatShortDate } from "../../domain/dates";
import { formatGBP } from "../../domain/money";
import { payoutProviderStatus, settlement } from "../../domain/payouts";
import { Panel } from "../kit/panel";
import { CellText, DataTable } from "../kit/data-table";
import { RowAction } from "../kit/row-actions";
import { StatusBadge } from "../kit/badge";
import { FinanceList, Payee, ShortId, idColumn, shownOf, type FinancePeriodShown } from "./finance-cells";

type Totals = Record<
  | "sales"
  | "gross"
  | "ownersNet"
  | "commissionCount"
  | "platformCommission"
  | "storeCommission"
  | "payoutCount"
  | "payoutsPaid"
  | "payoutsCalculated",
  number
>;
type TransactionLine = TransactionRow & {
  ownerId: string | null;
  ownerDisplayName: string | null;
  storeId: string | null;
};
type CommissionLine = CommissionRow & { recipientId: string | null };
type PayoutLine = PayoutRow &
  Parameters<typeof payoutProviderStatus>[0] & { recipientId: string | null; recipientDisplayName: string | null };
type BalanceLine = {
  recipientType: string;
  recipientId: string | null;
  recipientName: string | null;
  recipientDisplayName: string | null;
  owed: number;
  paid: number;
  toPay: number;
  carried: number;
  offset: number;
};

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

/** What a payout did with the payee's balance (decision 0073): the debt it took over, what it offset, what it carries on. */
function balanceNote(p: { net: number; carriedIn: number }) {
  const { offset, carriedOut } = settlement(p);
  const parts = [
    p.carriedIn < 0 ? `${formatGBP(-p.carriedIn)} owed from earlier payouts` : null,
    offset > 0 ? `${formatGBP(offset)} offset` : null,
    carriedOut < 0 ? `${formatGBP(-carriedOut)} carried to the next payout` : null,
  ];
  const said = parts.filter(Boolean).join(", ");
  return said ? `; ${said}` : "";
}

/** Each seller's and store's balance (decision 0073). */
export function PayeeBalances({ balances }: { balances: BalanceLine[] }) {
  return (
    <Panel title="Payee balances">
      <p className="mb-2 text-sm text-stone-700">
        A refund after a payout is carried into the payee's next payouts until it is cleared: nothing is sent while
        their balance is below zero, and their next earnings are offset against it. Owed is what their payouts earned,
        refunds taken off, all time: it is what was paid plus what is to pay, less what the payee owes.
      </p>
      <DataTable
        caption="Each seller's and store's balance: owed, paid, to pay, carried into their next payouts and offset so far"
        rows={balances}
        rowKey={(b) => `${b.recipientType}:${b.recipientId}`}
        empty="Every seller and store is paid what they are owed: no balance is carried."
        columns={[
          {
            header: "Payee",
            rowHeader: true,
            className: "font-normal",
            cell: (b) => (
              <CellText note={b.recipientType === "owner" ? "Seller" : "Store"}>
                <Payee
                  type={b.recipientType}
                  id={b.recipientId}
                  name={b.recipientName}
                  displayName={b.recipientDisplayName}
                />
              </CellText>
            ),
          },
          { header: "Owed", cell: (b) => formatGBP(b.owed) },
          { header: "Paid", cell: (b) => formatGBP(b.paid) },
          { header: "To pay", cell: (b) => formatGBP(b.toPay) },
          {
            header: "Balance carried",
            cell: (b) =>
              b.carried < 0 ? (
                <CellText note="taken from their next payouts">{`${formatGBP(-b.carried)} owed by the payee`}</CellText>
              ) : (
                "None"
              ),
          },
          { header: "Offset so far", cell: (b) => formatGBP(b.offset) },
        ]}
      />
    </Panel>
  );
}

export function TransactionsList({
  period,
  totals,
  transactions,
  zone,
}: {
  period: FinancePeriodShown;
  totals: Totals;
  transactions: TransactionLine[];
  zone: string | null;
}) {
  return (
    <FinanceList
      title="Transactions"
      kind="transactions"
      period={period}
      rows={transactions}
      empty="No transactions in this period."
      sentence={`${period.label}: ${shownOf(transactions.length, totals.sales, "completed transaction(s)")}, gross ${formatGBP(totals.gross)}, sellers' share ${formatGBP(totals.ownersNet)}.`}
      columns={[
        idColumn("Transaction", "id"),
        { header: "Type", cell: (t) => <CellText note={t.productName}>{TYPE_LABELS[t.type] ?? t.type}</CellText> },
        { header: "Order", cell: (t) => (t.orderId ? <ShortId id={t.orderId} /> : "—") },
        {
          header: "Seller",
          cell: (t) => (
            <CellText
              note={
                t.storeId ? (
                  <>
                    {"via "}
                    <Payee type="store" id={t.storeId} name={t.storeName} />
                  </>
                ) : null
              }
            >
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
  );
}

export function CommissionsList({
  period,
  totals,
  commissions,
  zone,
}: {
  period: FinancePeriodShown;
  totals: Totals;
  commissions: CommissionLine[];
  zone: string | null;
}) {
  return (
    <FinanceList
      title="Commissions"
      kind="commissions"
      period={period}
      rows={commissions}
      empty="No commissions in this period."
      sentence={`${period.label}: ${shownOf(commissions.length, totals.commissionCount, "commission(s)")}, platform ${formatGBP(totals.platformCommission)}, stores ${formatGBP(totals.storeCommission)}.`}
      columns={[
        idColumn("Transaction", "transactionId"),
        {
          header: "Recipient",
          cell: (c) => <Payee type={c.recipientType} id={c.recipientId} name={c.recipientName} />,
        },
        { header: "Rate", cell: (c) => `${c.rate / 100}%` },
        { header: "Amount", cell: (c) => formatGBP(c.amount) },
        { header: "Status", cell: (c) => <StatusBadge status={c.status} /> },
        { header: "Calculated", cell: (c) => formatShortDate(c.calculatedAt, zone) },
      ]}
    />
  );
}

/** The period's payouts; 'Mark paid' where staff may record the payment by hand (decision 0056). */
export function PayoutsList({
  period,
  totals,
  payouts,
  handMarking,
  zone,
}: {
  period: FinancePeriodShown;
  totals: Totals;
  payouts: PayoutLine[];
  handMarking: boolean;
  zone: string | null;
}) {
  return (
    <FinanceList
      title="Payouts"
      kind="payouts"
      period={period}
      rows={payouts}
      empty="No payouts in this period: the weekly job calculates them from the past week's sales."
      sentence={`${period.label}: ${shownOf(payouts.length, totals.payoutCount, "payout(s)")}, paid ${formatGBP(totals.payoutsPaid)}, to pay ${formatGBP(totals.payoutsCalculated)}. A seller's payout gathers their sales of one period: the gross, less the commission, is their net; a store's and the platform's are the commission they earned. The due amount, the net less any balance carried in, is what is sent; at or below zero nothing is sent and it is carried into the next payout.`}
      columns={[
        idColumn("Payout", "id"),
        {
          header: "Recipient",
          cell: (p) => (
            <CellText
              note={
                p.recipientType === "owner" ? "Seller" : p.recipientType === "store" ? "Store" : "Platform commission"
              }
            >
              <Payee
                type={p.recipientType}
                id={p.recipientId}
                name={p.recipientName}
                displayName={p.recipientDisplayName}
              />
            </CellText>
          ),
        },
        {
          header: "Period",
          cell: (p) => (
            <CellText
              note={`${p.recipientType === "owner" ? `${formatGBP(p.total)} gross − ${formatGBP(p.commission)} commission = ${formatGBP(p.net)}` : `${formatGBP(p.net)} of commission earned`}${balanceNote(p)}`}
            >
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
              {p.paidAt ? (
                <span className="block text-xs text-stone-600">{formatShortDate(p.paidAt, zone)}</span>
              ) : null}
              <span
                className="block text-xs text-stone-700"
                data-testid="payout-provider-status"
                title={p.transferStatus === "paid" && p.transferId ? p.transferId : undefined}
              >
                {payoutProviderStatus(p)}
              </span>
            </>
          ),
        },
        {
          header: "Actions",
          hiddenHeader: true,
          cell: (p) =>
            p.status === "calculated" && p.due > 0 && (handMarking || p.recipientType === "platform") ? (
              <RowAction
                intent="markPaid"
                text="Mark paid"
                label={`Mark paid: payout ${lastEight(p.id)}`}
                fields={{ payoutId: p.id }}
              />
            ) : null,
        },
      ]}
    />
  );
}
