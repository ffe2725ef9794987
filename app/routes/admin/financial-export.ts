import { isRouteErrorResponse } from "react-router";
import type { Route } from "./+types/financial-export";
import { appContext } from "../../context";
import { EXPORT_ROWS, financeLists } from "../../data/finance-report.server";
import { CSV_KINDS, csvFileName, financeCsv, readFinancePeriod, type CsvKind } from "../../domain/finance-report";
import { requireAdminTab } from "../../services/guards.server";

// GET /admin/financial/export?kind=transactions|commissions|payouts&from=YYYY-MM-DD&to=YYYY-MM-DD
// (issue 24, item 4): the Financial tab's records of a period as a CSV download, for whoever may
// see the tab (superadmins). Plain links on the tab, so it works without JavaScript.

const text = (status: number, message: string) => new Response(message, { status, headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" } });

export async function loader({ request, context }: Route.LoaderArgs) {
  // A download answers a refusal in plain text (a page would be an HTML error screen).
  try {
    requireAdminTab(context, request, "financial");
  } catch (error) {
    if (isRouteErrorResponse(error)) return text(error.status, String(error.data));
    throw error;
  }
  const app = context.get(appContext);
  const url = new URL(request.url);
  // Transactions unless another list is asked for.
  const kind = url.searchParams.get("kind") ?? "transactions";
  if (!CSV_KINDS.includes(kind as CsvKind)) return text(400, "Please choose what to download: transactions, commissions or payouts.");
  const { period, fromDate, toDate, errors } = readFinancePeriod(url, Date.now());
  const error = errors.from ?? errors.to;
  if (error) return text(400, error);
  // Only the chosen list's statement runs.
  const [transactions, commissions, payouts] = financeLists(app.db, period, EXPORT_ROWS);
  const body =
    kind === "transactions" ? financeCsv("transactions", await transactions) : kind === "commissions" ? financeCsv("commissions", await commissions) : financeCsv("payouts", await payouts);
  return new Response(body, {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="${csvFileName(kind as CsvKind, fromDate, toDate)}"`,
      "cache-control": "no-store",
    },
  });
}
