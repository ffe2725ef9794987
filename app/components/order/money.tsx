import { totalLabel as labelFor, type MoneyLine, type MoneyStatus } from "../../domain/order-money";
import { formatGBP } from "../../domain/money";
import { DataTable } from "../kit/data-table";

// Every charge and refund of an order with its status, and their sum (issue 22, item 8; labelled
// by what is paid and what is held, decision 0067): the shopper's order page, the admin order view and the handlers' Orders tabs.

const TONE: Record<MoneyStatus, string> = {
  Authorised: "text-stone-700",
  Paid: "text-green-800",
  "Payment pending": "text-amber-800",
  "Awaiting payment": "text-amber-800",
  "Not paid": "text-stone-600 line-through",
  Cancelled: "text-stone-600 line-through",
  Refunded: "text-green-800",
  "Refund pending": "text-amber-800",
};

type Pending = { charges: number; refunds: number };
const NONE: Pending = { charges: 0, refunds: 0 };

export function OrderMoneyTable({
  lines,
  total,
  pending = NONE,
  caption = "Payments",
  totalLabel = labelFor(lines),
}: {
  lines: MoneyLine[];
  total: number;
  pending?: Pending;
  caption?: string;
  totalLabel?: string;
}) {
  return (
    <DataTable
      className="max-w-lg"
      caption={caption}
      captionShown
      headersHidden
      dense
      rows={lines}
      rowKey={(line) => line.key}
      empty={null}
      summary={`${lines.length} ${lines.length === 1 ? "charge or refund" : "charges and refunds"}, then their sum.`}
      columns={[
        { header: "Charge or refund", rowHeader: true, className: "font-normal", cell: (line) => line.label },
        { header: "Status", className: (line) => TONE[line.status], cell: (line) => line.status },
        // An amount never breaks after its minus ('−£123.99' on a phone, issue 46 item 5).
        { header: "Amount", numeric: true, className: "whitespace-nowrap", cell: (line) => formatGBP(line.amount) },
      ]}
      footer={
        <>
          <tr>
            <th scope="row" colSpan={2} className="pt-2 text-left font-semibold">
              {totalLabel}
            </th>
            <td className="pt-2 text-right font-semibold whitespace-nowrap tabular-nums">{formatGBP(total)}</td>
          </tr>
          {/* Not paid, not given back yet: apart from the total, which is what was paid (decision 0074). */}
          {pending.charges > 0 ? (
            <tr>
              <th scope="row" colSpan={2} className="text-left font-normal text-amber-800">
                Payment pending, not in the total
              </th>
              <td className="text-right whitespace-nowrap text-amber-800 tabular-nums">{formatGBP(pending.charges)}</td>
            </tr>
          ) : null}
          {pending.refunds > 0 ? (
            <tr>
              <th scope="row" colSpan={2} className="text-left font-normal text-amber-800">
                Refund pending, not in the total
              </th>
              <td className="text-right whitespace-nowrap text-amber-800 tabular-nums">{formatGBP(pending.refunds)}</td>
            </tr>
          ) : null}
        </>
      }
    />
  );
}

/** The table, and what an authorised line means when one is shown. */
export function OrderMoneySection({ lines, total, pending }: { lines: MoneyLine[]; total: number; pending?: Pending }) {
  return (
    <div className="mt-4 space-y-2">
      <OrderMoneyTable lines={lines} total={total} pending={pending} />
      {lines.some((l) => l.status === "Authorised") ? (
        <p className="text-xs text-stone-600">
          Authorised amounts are reserved on your card and taken when the item is delivered.
        </p>
      ) : null}
    </div>
  );
}

/** A handler's view of one order's money: the charges and refunds of their items, folded. */
export function HandlerMoney({ money }: { money: { lines: MoneyLine[]; total: number; pending?: Pending } }) {
  if (money.lines.length === 0) return null;
  return (
    <details className="mt-2 text-sm">
      <summary className="cursor-pointer text-stone-700">{`Charges and refunds for your items: ${formatGBP(money.total)}`}</summary>
      <div className="mt-2">
        <OrderMoneyTable
          lines={money.lines}
          total={money.total}
          pending={money.pending}
          caption="Charges and refunds"
          totalLabel="Total for your items"
        />
      </div>
    </details>
  );
}
