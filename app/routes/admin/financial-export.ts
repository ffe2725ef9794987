import type { Route } from "./+types/financial-export";
import { appContext } from "../../context";
import { EXPORT_ROWS, financeLists } from "../../data/finance-report.server";
import { CSV_KINDS, csvFileName, financeCsv, readFinancePeriod, type CsvKind } from "../../domain/finance-report";
import { adminTabRefusal, requireUser } from "../../services/guards.server";
import { refusalPage } from "../../domain/markup";

// GET /admin/financial/export?kind=transactions|commissions|payouts&from=YYYY-MM-DD&to=YYYY-MM-DD
// (issue 24, item 4): the Financial tab's records of a period as a CSV download, for whoever may
// see the tab (superadmins). Plain links on the tab, so it works without JavaScript.

const text = (status: number, message: string) =>
  new Response(message, {
    status,
    headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" },
  });

export async function loader({ request, context }: Route.LoaderArgs) {
  // A download has no page to show a refusal in: a browser gets a small page with the way back, other clients a plain line.
  const refusal = adminTabRefusal(requireUser(context, request), "financial");
  if (refusal) {
    if (!request.headers.get("accept")?.includes("text/html")) return text(403, refusal);
    const page = refusalPage("Access Denied", refusal.replace(/^Access Denied - /, ""), {
      href: "/",
      label: "Back to Closetloop",
    });
    return new Response(page, {
      status: 403,
      headers: { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" },
    });
  }
  const app = context.get(appContext);
  const url = new URL(request.url);
  // Transactions unless another list is asked for.
  const kind = url.searchParams.get("kind") ?? "transactions";
  if (!CSV_KINDS.includes(kind as CsvKind))
    return text(400, "Please choose what to download: transactions, commissions or payouts.");
  const { period, fromDate, toDate, errors } = readFinancePeriod(url, Date.now());
  const error = errors.from ?? errors.to;
  if (error) return text(400, error);
  // Only the chosen list's statement runs.
  const [transactions, commissions, payouts] = financeLists(app.db, period, EXPORT_ROWS);
  const body =
    kind === "transactions"
      ? financeCsv("transactions", await transactions)
      : kind === "commissions"
        ? financeCsv("commissions", await commissions)
        : financeCsv("payouts", await payouts);
  return new Response(body, {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="${csvFileName(kind as CsvKind, fromDate, toDate)}"`,
      "cache-control": "no-store",
    },
  });
}
