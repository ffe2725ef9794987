import type { ReactNode } from "react";
import { Form, Link } from "react-router";
import { formatGBP } from "../domain/money";

// The pieces every dashboard is built from (seller, store, account, admin). Dashboards are pages
// like any other: server-rendered, each tab a URL, every action a form that works without
// JavaScript, charts drawn as SVG on the server (docs/decisions/0024-dashboards-are-pages.md).

export interface TabLink {
  id: string;
  label: string;
  href: string;
  /** A count shown beside the label (pending requests, notifications). */
  badge?: number;
}

/** The tab strip: real links, so each tab is a URL that works without JavaScript. */
export function TabNav({ tabs, current, label = "Dashboard sections" }: { tabs: TabLink[]; current: string; label?: string }) {
  return (
    <nav aria-label={label} className="mb-6 overflow-x-auto border-b border-stone-200">
      <ul className="flex min-w-max gap-1">
        {tabs.map((tab) => {
          const active = tab.id === current;
          return (
            <li key={tab.id}>
              <Link
                to={tab.href}
                preventScrollReset
                aria-current={active ? "page" : undefined}
                className={`flex items-center gap-2 border-b-2 px-3 py-2 text-sm font-medium ${active ? "border-brand text-brand" : "border-transparent text-stone-700 hover:text-stone-900"}`}
              >
                {tab.label}
                {tab.badge ? (
                  <span className="rounded-full bg-accent px-1.5 text-xs font-semibold text-white" aria-label={`${tab.badge} pending`}>
                    {tab.badge}
                  </span>
                ) : null}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

export function StatCard({ label, value, note }: { label: string; value: ReactNode; note?: string }) {
  return (
    <div className="rounded-lg border border-stone-200 bg-white p-4">
      <p className="text-sm font-medium text-stone-700">{label}</p>
      <p className="mt-1 text-2xl font-bold">{value}</p>
      {note ? <p className="mt-1 text-xs text-stone-600">{note}</p> : null}
    </div>
  );
}

export function StatGrid({ children }: { children: ReactNode }) {
  return <div className="mb-6 grid grid-cols-2 gap-3 lg:grid-cols-4">{children}</div>;
}

const TONES = {
  yellow: "bg-amber-100 text-amber-900",
  blue: "bg-sky-100 text-sky-900",
  green: "bg-emerald-100 text-emerald-900",
  red: "bg-red-100 text-red-900",
  grey: "bg-stone-200 text-stone-800",
} as const;
export type Tone = keyof typeof TONES;

/** Status colours shared by every list (seller-store-admin.md §4): pending yellow, processing blue, done green, refused red. */
const STATUS_TONE: Record<string, Tone> = {
  pending: "yellow",
  processing: "blue",
  shipped: "blue",
  active: "blue",
  return_requested: "yellow",
  completed: "green",
  approved: "green",
  accepted: "green",
  paid: "green",
  live: "green",
  delivered: "green",
  returned: "green",
  merged: "green",
  cancelled: "red",
  rejected: "red",
  failed: "red",
  archived: "grey",
  calculated: "blue",
};

export function StatusBadge({ status, label, tone }: { status: string; label?: string; tone?: Tone }) {
  const shown = label ?? status.replace(/_/g, " ");
  return <span className={`inline-block rounded-full px-2 py-0.5 text-xs font-semibold capitalize ${TONES[tone ?? STATUS_TONE[status] ?? "grey"]}`}>{shown}</span>;
}

/**
 * A product's states as labelled badges (issue 24, item 8): its review ('Review: approved'), its
 * listing ('Listing: live'), its concierge request when it has one ('Concierge: pending'), and
 * the reason it was rejected. Every list of products shows them the same way.
 */
export function ProductBadges({ status, productStatus, conciergeStatus, rejectionReason }: { status: string; productStatus?: string; conciergeStatus?: string; rejectionReason?: string | null }) {
  return (
    <span className="flex flex-col items-start gap-1">
      <span className="flex flex-wrap gap-1">
        <StatusBadge status={status} label={`Review: ${status}`} />
        {productStatus ? <StatusBadge status={productStatus} label={`Listing: ${productStatus}`} /> : null}
        {conciergeStatus && conciergeStatus !== "no" ? <StatusBadge status={conciergeStatus} label={`Concierge: ${conciergeStatus}`} tone={conciergeStatus === "yes" ? "green" : "yellow"} /> : null}
      </span>
      {status === "rejected" && rejectionReason ? <span className="text-xs text-red-800">{`Reason: ${rejectionReason}`}</span> : null}
    </span>
  );
}

export function EmptyState({ children }: { children: ReactNode }) {
  return <p className="rounded-lg border border-dashed border-stone-300 bg-white p-6 text-center text-stone-700">{children}</p>;
}

export function Panel({ title, actions, children, id }: { title: string; actions?: ReactNode; children: ReactNode; id?: string }) {
  const headingId = id ?? `panel-${title.toLowerCase().replace(/[^a-z0-9]+/g, "-")}`;
  return (
    <section aria-labelledby={headingId} className="mb-6 rounded-lg border border-stone-200 bg-white p-4">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h2 id={headingId} className="text-lg font-semibold">{title}</h2>
        {actions}
      </div>
      {children}
    </section>
  );
}

export interface ChartPoint {
  label: string;
  /** Integer pence. */
  value: number;
}

/**
 * A bar chart drawn on the server as SVG (shows without JavaScript), with the same numbers in a
 * table for screen readers. Amounts are pence, labelled in £.
 */
/** The views of the current week (the last of a viewsByWeek list) and of the week before. */
export const thisWeek = (weeks: readonly { views: number }[]) => weeks.at(-1)?.views ?? 0;
export const lastWeek = (weeks: readonly { views: number }[]) => weeks.at(-2)?.views ?? 0;

/** Values as money (pence) unless another format is given ('views'). */
export function BarChart({ title, points, summary, unit = "money" }: { title: string; points: ChartPoint[]; summary?: string; unit?: "money" | "views" }) {
  const show = (value: number) => (unit === "money" ? formatGBP(value) : `${value} ${value === 1 ? "view" : "views"}`);
  const short = (value: number) => (unit === "money" ? formatGBP(value).replace(/\.00$/, "") : String(value));
  const width = 640;
  const height = 200;
  const top = 20;
  const bottom = 28;
  const max = Math.max(1, ...points.map((p) => p.value));
  const slot = width / Math.max(1, points.length);
  const barWidth = Math.max(4, slot * 0.6);
  const id = `chart-${title.toLowerCase().replace(/[^a-z0-9]+/g, "-")}`;
  return (
    <figure className="mb-6 rounded-lg border border-stone-200 bg-white p-4">
      <figcaption id={`${id}-title`} className="mb-2 font-semibold">{title}</figcaption>
      <svg viewBox={`0 0 ${width} ${height}`} role="img" aria-labelledby={`${id}-title`} aria-describedby={`${id}-summary`} className="h-auto w-full">
        <line x1={0} y1={height - bottom} x2={width} y2={height - bottom} stroke="#d6d3d1" />
        {points.map((p, i) => {
          const h = Math.round(((height - top - bottom) * p.value) / max);
          const x = i * slot + (slot - barWidth) / 2;
          const y = height - bottom - h;
          return (
            <g key={p.label}>
              <rect x={x} y={y} width={barWidth} height={h} rx={2} fill="#1f3d36">
                <title>{`${p.label}: ${show(p.value)}`}</title>
              </rect>
              {p.value > 0 ? (
                <text x={x + barWidth / 2} y={y - 4} textAnchor="middle" fontSize={10} fill="#44403c">
                  {short(p.value)}
                </text>
              ) : null}
              <text x={x + barWidth / 2} y={height - 10} textAnchor="middle" fontSize={10} fill="#57534e">
                {p.label}
              </text>
            </g>
          );
        })}
      </svg>
      <p id={`${id}-summary`} className="mt-2 text-sm text-stone-700">{summary ?? `Total ${show(points.reduce((s, p) => s + p.value, 0))}`}</p>
      <table className="sr-only">
        <caption>{title}</caption>
        <thead>
          <tr>
            <th scope="col">Week</th>
            <th scope="col">{unit === "money" ? "Amount" : "Views"}</th>
          </tr>
        </thead>
        <tbody>
          {points.map((p) => (
            <tr key={p.label}>
              <th scope="row">{p.label}</th>
              <td>{show(p.value)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}

/** Previous / next links for a paged list (50 a page in the admin). */
export function Pagination({ page, hasNext, href }: { page: number; hasNext: boolean; href: (page: number) => string }) {
  if (page <= 1 && !hasNext) return null;
  return (
    <nav aria-label="Pages" className="mt-4 flex items-center justify-between text-sm">
      {page > 1 ? <Link to={href(page - 1)} className="text-brand underline">Previous</Link> : <span />}
      <span className="text-stone-600">Page {page}</span>
      {hasNext ? <Link to={href(page + 1)} className="text-brand underline">Next</Link> : <span />}
    </nav>
  );
}

/**
 * A destructive action behind a confirmation that needs no JavaScript: the first button opens
 * (a native <details>), the second posts the form.
 */
export function ConfirmForm({ label, question, confirmLabel, action, fields, intent }: { label: string; question: string; confirmLabel: string; action?: string; fields?: Record<string, string>; intent: string }) {
  return (
    <details className="relative inline-block">
      <summary className="cursor-pointer list-none text-sm font-medium text-red-700 underline">{label}</summary>
      <div role="dialog" aria-label={label} className="absolute right-0 z-30 mt-2 w-64 rounded-md border border-stone-200 bg-white p-3 text-sm shadow-lg">
        <p>{question}</p>
        <Form method="post" action={action} className="mt-2">
          {Object.entries(fields ?? {}).map(([k, v]) => <input key={k} type="hidden" name={k} value={v} />)}
          <button type="submit" name="intent" value={intent} className="rounded-md bg-red-700 px-3 py-1.5 font-medium text-white">{confirmLabel}</button>
        </Form>
      </div>
    </details>
  );
}
