// The pieces the financial page's lists are made of (app/components/admin/finance-lists.tsx): short ids,
// payees linked to their pages, and a list of the period with its CSV download.
import { Link } from "react-router";
import { payeeName, type CsvKind } from "../../domain/finance-report";
import { lastEight } from "../../domain/admin-lists";
import { buttonClass } from "../kit/buttons";
import { Panel } from "../kit/panel";
import { DataTable, type Column } from "../kit/data-table";

export type FinancePeriodShown = { fromDate: string; toDate: string; label: string };

/** "the latest 50 of 72 payouts", or "12 payouts" when the list holds them all. */
export const shownOf = (n: number, total: number, what: string) =>
  total > n ? `the latest ${n} of ${total} ${what}` : `${total} ${what}`;

/** An id as the spec shows it (its last 8 characters), with the whole id on hover and for screen readers. */
export function ShortId({ id }: { id: string }) {
  return (
    <span className="font-mono text-xs" title={id}>
      <span aria-hidden="true">{lastEight(id)}</span>
      <span className="sr-only">{id}</span>
    </span>
  );
}

/** A payee by name, linked to their public page: an owner's profile (when they have a display name), a store's page. */
export function Payee({
  type,
  id,
  name,
  displayName,
}: {
  type: string;
  id: string | null;
  name: string | null;
  displayName?: string | null;
}) {
  const label = payeeName(type, name);
  if (type === "store" && id && name)
    return (
      <Link to={`/store/${encodeURIComponent(id)}`} className="underline">
        {label}
      </Link>
    );
  if (type === "owner" && displayName)
    return (
      <Link to={`/${encodeURIComponent(displayName)}`} className="underline">
        {label}
      </Link>
    );
  return <>{label}</>;
}

/** One list of the period, newest first: its panel with the list's download link, the sentence that sums it up, then its table. */
export function FinanceList<Row>({
  title,
  kind,
  period,
  sentence,
  ...table
}: {
  title: string;
  kind: CsvKind;
  period: { fromDate: string; toDate: string; label: string };
  sentence: string;
  rows: Row[];
  empty: string;
  columns: Column<Row>[];
}) {
  const query = new URLSearchParams({ kind, from: period.fromDate, to: period.toDate });
  const download = (
    <a href={`/admin/financial/export?${query}`} download className={buttonClass}>{`Download ${kind} (CSV)`}</a>
  );
  return (
    <Panel title={title} actions={download}>
      <p className="mb-2 text-sm text-stone-700">{sentence}</p>
      <DataTable<Row> caption={`${title} of ${period.label}, newest first`} {...table} />
    </Panel>
  );
}

/** A list's first column: the record's short id (its field `key`), naming the row. */
export function idColumn<K extends string>(header: string, key: K): Column<Record<K, string>> {
  return { header, rowHeader: true, className: "font-normal", cell: (row) => <ShortId id={row[key]} /> };
}
