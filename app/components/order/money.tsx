import type { MoneyLine, MoneyStatus } from "../../domain/order-money";
import { formatGBP } from "../../domain/money";

// Every charge and refund of an order with its status, and the total paid as their sum (issue
// 22, item 8): the shopper's order page, the admin order view and the handlers' Orders tabs.

const TONE: Record<MoneyStatus, string> = {
  Authorised: "text-stone-700",
  Paid: "text-green-800",
  "Payment pending": "text-amber-800",
  Cancelled: "text-stone-600 line-through",
  Refunded: "text-green-800",
  "Refund pending": "text-amber-800",
};

export function OrderMoneyTable({ lines, total, caption = "Payments", totalLabel = "Total paid" }: { lines: MoneyLine[]; total: number; caption?: string; totalLabel?: string }) {
  return (
    <table className="w-full max-w-lg text-sm">
      <caption className="mb-2 text-left font-semibold">{caption}</caption>
      <thead className="sr-only">
        <tr>
          <th scope="col">Charge or refund</th>
          <th scope="col">Status</th>
          <th scope="col">Amount</th>
        </tr>
      </thead>
      <tbody>
        {lines.map((line) => (
          <tr key={line.key} className="border-b border-stone-100">
            <th scope="row" className="py-1 pr-2 text-left font-normal">{line.label}</th>
            <td className={`py-1 pr-2 ${TONE[line.status]}`}>{line.status}</td>
            <td className="py-1 text-right tabular-nums">{formatGBP(line.amount)}</td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr>
          <th scope="row" colSpan={2} className="pt-2 text-left font-semibold">{totalLabel}</th>
          <td className="pt-2 text-right font-semibold tabular-nums">{formatGBP(total)}</td>
        </tr>
      </tfoot>
    </table>
  );
}

/** The table, and what an authorised line means when one is shown. */
export function OrderMoneySection({ lines, total }: { lines: MoneyLine[]; total: number }) {
  return (
    <div className="mt-4 space-y-2">
      <OrderMoneyTable lines={lines} total={total} />
      {lines.some((l) => l.status === "Authorised") ? <p className="text-xs text-stone-600">Authorised amounts are reserved on your card and taken when the item is delivered.</p> : null}
    </div>
  );
}

/** A handler's view of one order's money: the charges and refunds of their items, folded. */
export function HandlerMoney({ money }: { money: { lines: MoneyLine[]; total: number } }) {
  if (money.lines.length === 0) return null;
  return (
    <details className="mt-2 text-sm">
      <summary className="cursor-pointer text-stone-700">{`Charges and refunds for your items: ${formatGBP(money.total)}`}</summary>
      <div className="mt-2">
        <OrderMoneyTable lines={money.lines} total={money.total} caption="Charges and refunds" totalLabel="Total for your items" />
      </div>
    </details>
  );
}
