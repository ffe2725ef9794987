// The admin Financial tab's period and its CSV downloads (issue 24, item 4). Pure: the rows come
// from app/data/finance.server.ts. Finance days are UTC days, as payout weeks are (dates.ts).

const DAY_MS = 24 * 60 * 60 * 1000;
/** Without a chosen period the tab shows the last 90 days, today included. */
export const DEFAULT_PERIOD_DAYS = 90;

export const PERIOD_MESSAGES = {
  badDate: "Please enter a date as YYYY-MM-DD.",
  order: "The start date must be on or before the end date.",
} as const;

export interface ReadPeriod {
  /** [from, to) in epoch ms: from the start of the first day to the end of the last. */
  period: { from: number; to: number };
  /** The days as the form shows them, YYYY-MM-DD. */
  fromDate: string;
  toDate: string;
  errors: { from?: string; to?: string };
}

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** A YYYY-MM-DD day's start in epoch ms, or null when it is not a real day. */
function dayStart(value: string): number | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return null;
  const ms = Date.parse(`${value}T00:00:00Z`);
  return Number.isNaN(ms) || isoDay(ms) !== value ? null : ms;
}

/** The period a URL asks for (`from`, `to`), else the default; a bad day is reported and the default kept. */
export function readFinancePeriod(url: URL, now: number): ReadPeriod {
  const today = Math.floor(now / DAY_MS) * DAY_MS;
  const fallback = { from: today - (DEFAULT_PERIOD_DAYS - 1) * DAY_MS, to: today + DAY_MS };
  const errors: ReadPeriod["errors"] = {};
  const read = (name: "from" | "to", otherwise: number) => {
    const raw = (url.searchParams.get(name) ?? "").trim();
    if (raw === "") return otherwise;
    const ms = dayStart(raw);
    if (ms === null) errors[name] = PERIOD_MESSAGES.badDate;
    return ms ?? otherwise;
  };
  let from = read("from", fallback.from);
  let to = read("to", fallback.to - DAY_MS) + DAY_MS;
  if (!errors.from && !errors.to && from >= to) {
    errors.from = PERIOD_MESSAGES.order;
    ({ from, to } = fallback);
  }
  if (errors.from || errors.to) ({ from, to } = fallback);
  return { period: { from, to }, fromDate: isoDay(from), toDate: isoDay(to - DAY_MS), errors };
}

/** '1 Sept 2026 – 25 Nov 2026' for a period [from, to). */
export function describePeriod(period: { from: number; to: number }) {
  return `${dayText(period.from)} – ${dayText(period.to - DAY_MS)}`;
}
// The formatter is made on first use and kept (one per payout row was 9% of the admin Financial
// tab's CPU), not at startup, which would load the locale data for every request's isolate; a
// day's text is kept too (a week's payouts share their days; formatting was 0.7% of the tab).
let periodDay: Intl.DateTimeFormat | undefined;
const dayTexts = new Map<number, string>();
function dayText(at: number) {
  let text = dayTexts.get(at);
  if (text === undefined) {
    periodDay ??= new Intl.DateTimeFormat("en-GB", {
      day: "numeric",
      month: "short",
      year: "numeric",
      timeZone: "UTC",
    });
    text = periodDay.format(at);
    if (dayTexts.size >= 1000) dayTexts.clear();
    dayTexts.set(at, text);
  }
  return text;
}

export const CSV_KINDS = ["transactions", "commissions", "payouts"] as const;
export type CsvKind = (typeof CSV_KINDS)[number];

/** The list admin Financial shows (`?list=`; decision 0126): one of the three, the transactions unless another is named. */
export const readFinanceList = (url: URL): CsvKind =>
  CSV_KINDS.find((kind) => kind === url.searchParams.get("list")) ?? "transactions";

type Cell = string | number | null;

/**
 * RFC 4180 text: fields quoted when they hold a comma, quote or line break; CRLF line ends. A text
 * cell a spreadsheet would run as a formula (=, +, -, @, tab, CR) is prefixed with an apostrophe;
 * numbers (and amounts like '-0.50') are written as they are.
 */
export function toCsv(rows: Cell[][]) {
  const cell = (value: Cell) => {
    if (value === null) return "";
    if (typeof value === "number") return String(value);
    const numeric = /^-?\d+(\.\d+)?$/.test(value);
    const safe = !numeric && /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
    return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
  };
  return rows.map((row) => row.map(cell).join(",")).join("\r\n") + "\r\n";
}

/** Pence as pounds with two decimals, for a spreadsheet: 1234 → '12.34', -50 → '-0.50'. */
export const pounds = (pence: number) => (pence / 100).toFixed(2);
const when = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

export interface TransactionRow {
  id: string;
  type: string;
  orderId: string | null;
  productName: string | null;
  ownerName: string | null;
  storeName: string | null;
  gross: number;
  net: number;
  status: string;
  createdAt: number;
}
export interface CommissionRow {
  id: string;
  transactionId: string;
  recipientType: string;
  recipientName: string | null;
  rate: number;
  amount: number;
  status: string;
  calculatedAt: number;
}
export interface PayoutRow {
  id: string;
  recipientType: string;
  recipientName: string | null;
  periodStart: number;
  periodEnd: number;
  total: number;
  commission: number;
  net: number;
  carriedIn: number;
  due: number;
  status: string;
  paidAt: number | null;
  createdAt: number;
}

/** Who a commission or payout goes to, by name. */
export const payeeName = (type: string, name: string | null) =>
  type === "platform" ? "Closetloop" : (name ?? (type === "store" ? "A closed store" : "A deleted account"));

export function financeCsv(kind: "transactions", rows: TransactionRow[]): string;
export function financeCsv(kind: "commissions", rows: CommissionRow[]): string;
export function financeCsv(kind: "payouts", rows: PayoutRow[]): string;
export function financeCsv(kind: CsvKind, rows: TransactionRow[] | CommissionRow[] | PayoutRow[]) {
  if (kind === "transactions") {
    return toCsv([
      [
        "Transaction ID",
        "Date (UTC)",
        "Type",
        "Order ID",
        "Item",
        "Seller",
        "Store",
        "Gross (GBP)",
        "Seller's share (GBP)",
        "Status",
      ],
      ...(rows as TransactionRow[]).map((t) => [
        t.id,
        when(t.createdAt),
        t.type,
        t.orderId,
        t.productName,
        t.ownerName,
        t.storeName,
        pounds(t.gross),
        pounds(t.net),
        t.status,
      ]),
    ]);
  }
  if (kind === "commissions") {
    return toCsv([
      ["Commission ID", "Calculated (UTC)", "Transaction ID", "Recipient", "Rate (%)", "Amount (GBP)", "Status"],
      ...(rows as CommissionRow[]).map((c) => [
        c.id,
        when(c.calculatedAt),
        c.transactionId,
        payeeName(c.recipientType, c.recipientName),
        (c.rate / 100).toFixed(2),
        pounds(c.amount),
        c.status,
      ]),
    ]);
  }
  return toCsv([
    // Carried in: the payee's balance this payout took over; due = net + carried in, sent when above zero (decision 0073).
    [
      "Payout ID",
      "Payee type",
      "Payee",
      "Period start (UTC)",
      "Period ends before (UTC)",
      "Gross (GBP)",
      "Commission (GBP)",
      "Net (GBP)",
      "Carried in (GBP)",
      "Due (GBP)",
      "Status",
      "Paid (UTC)",
    ],
    ...(rows as PayoutRow[]).map((p) => [
      p.id,
      p.recipientType,
      payeeName(p.recipientType, p.recipientName),
      when(p.periodStart),
      when(p.periodEnd),
      pounds(p.total),
      pounds(p.commission),
      pounds(p.net),
      pounds(p.carriedIn),
      pounds(p.due),
      p.status,
      when(p.paidAt),
    ]),
  ]);
}

/** closetloop-transactions-2026-09-01-to-2026-11-25.csv */
export const csvFileName = (kind: CsvKind, fromDate: string, toDate: string) =>
  `closetloop-${kind}-${fromDate}-to-${toDate}.csv`;
