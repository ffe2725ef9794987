import { useId, type ReactNode } from "react";
import { Pagination, PastTheEnd } from "./pagination";
import { EmptyState } from "./panel";
import { rowsSummary } from "./paging";

// Every table of the dashboards (docs/dashboard-kit.md): a caption (for screen readers, beside
// the panel's visible title, unless `captionShown`), a spoken summary of the rows shown, column
// headings, the row's name as a row header, the empty text when there are no rows, and
// Previous / Next links when the list is paged. Row actions are plain forms in a cell
// (row-actions.tsx), so every table works without JavaScript.

export interface Column<Row> {
  header: string;
  /** Heard by screen readers only: a column of buttons ('Actions'). */
  hiddenHeader?: boolean;
  /** The cell that names its row (<th scope="row">): read out with every other cell of the row. */
  rowHeader?: boolean;
  /** Amounts: aligned right, heading included, in figures of one width. */
  numeric?: boolean;
  /** Classes of the column's cells beside the table's padding (a row's own, given a function). */
  className?: string | ((row: Row) => string);
  cell: (row: Row) => ReactNode;
}

export interface Paging {
  page: number;
  hasNext: boolean;
  href: (page: number) => string;
}

export interface DataTableProps<Row> {
  caption: string;
  /** What a screen reader is told of the rows; by default their number and page. */
  summary?: string;
  columns: readonly Column<Row>[];
  rows: readonly Row[];
  /** A row's React key: its `id` unless this says otherwise (a row without an id should say). */
  rowKey?: (row: Row) => string;
  /** Shown instead of the table when there are no rows; null shows the table all the same (its foot says enough). */
  empty: ReactNode | null;
  paging?: Paging;
  /** The caption shown above the table (it is the table's only title). */
  captionShown?: boolean;
  /** Column headings for screen readers only (a two-column list of labels and amounts). */
  headersHidden?: boolean;
  /** Rows of the table's foot (<tfoot>): a total. */
  footer?: ReactNode;
  /** Tighter cells, for a small table inside a card. */
  dense?: boolean;
  /** Scrolls sideways on a phone instead of squeezing its columns. */
  wide?: boolean;
  /** A data-testid on each row, for the browser tests. */
  rowTestId?: string;
  className?: string;
}

const cx = (...names: (string | false | undefined)[]) => names.filter(Boolean).join(" ");

export function DataTable<Row>({
  caption,
  summary,
  columns,
  rows,
  rowKey,
  empty,
  paging,
  captionShown,
  headersHidden,
  footer,
  dense,
  wide,
  rowTestId,
  className,
}: DataTableProps<Row>) {
  const keyOf = (row: Row, index: number) => rowKey?.(row) ?? String((row as { id?: unknown }).id ?? index);
  const summaryId = useId();
  const pastTheEnd = rows.length === 0 && paging !== undefined && paging.page > 1;
  // The cells' padding and the rows' alignment are the table's (app.css), set once for its head and
  // body rows (the foot lays out its own): not a class on each of a page's ~1,000 cells (decision 0120).
  const pad = dense ? "table-cells-dense" : "table-cells";
  // The scroll box is `relative` so that what a cell hides for screen readers (`sr-only`, placed
  // absolutely) stays inside it, and does not widen the page past a phone's screen.
  const fixed = columns.map((column) =>
    typeof column.className === "function"
      ? undefined
      : cx(column.numeric && "text-right tabular-nums", column.className ?? (column.rowHeader && "font-medium")) ||
        undefined,
  );
  const classOf = (columnIndex: number, row: Row) => {
    const column = columns[columnIndex]!;
    return typeof column.className === "function"
      ? cx(column.numeric && "text-right tabular-nums", column.className(row)) || undefined
      : fixed[columnIndex];
  };
  return (
    <>
      {pastTheEnd ? (
        <PastTheEnd page={paging.page} firstPage={paging.href(1)} />
      ) : rows.length === 0 && empty !== null ? (
        <EmptyState>{empty}</EmptyState>
      ) : (
        <div className={cx("relative overflow-x-auto", className)}>
          {/* A wide table is wider than a phone: say so there, as its last columns start off-screen (decision 0069). */}
          {wide ? (
            <p className="sticky left-0 mb-1 text-xs text-stone-600 md:hidden" aria-hidden="true">
              Scroll the table sideways to see every column.
            </p>
          ) : null}
          <table className={cx("w-full text-left text-sm", pad, wide && "min-w-[720px]")} aria-describedby={summaryId}>
            <caption className={captionShown ? "mb-2 text-left font-semibold" : "sr-only"}>{caption}</caption>
            <thead className={headersHidden ? "sr-only" : "border-b border-stone-200 text-stone-600"}>
              <tr>
                {columns.map((column) => (
                  <th key={column.header} scope="col" className={column.numeric ? "text-right" : undefined}>
                    {column.hiddenHeader ? <span className="sr-only">{column.header}</span> : column.header}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-stone-100">
              {rows.map((row, index) => (
                <tr key={keyOf(row, index)} data-testid={rowTestId}>
                  {columns.map((column, columnIndex) =>
                    column.rowHeader ? (
                      <th key={column.header} scope="row" className={classOf(columnIndex, row)}>
                        {column.cell(row)}
                      </th>
                    ) : (
                      <td key={column.header} className={classOf(columnIndex, row)}>
                        {column.cell(row)}
                      </td>
                    ),
                  )}
                </tr>
              ))}
            </tbody>
            {footer ? <tfoot>{footer}</tfoot> : null}
          </table>
          <p id={summaryId} className="sr-only">
            {summary ?? rowsSummary(rows.length, paging?.page, paging?.hasNext)}
          </p>
        </div>
      )}
      {paging && !pastTheEnd ? <Pagination {...paging} /> : null}
    </>
  );
}

/** A cell's text with a smaller line under it: an e-mail under a name, a brand under a product. */
export function CellText({ children, note, strong }: { children: ReactNode; note?: ReactNode; strong?: boolean }) {
  return (
    <>
      <span className={strong ? "block font-medium" : "block"}>{children}</span>
      {note ? <span className="block text-xs font-normal text-stone-600">{note}</span> : null}
    </>
  );
}
