import { and, eq, gte } from "drizzle-orm";
import { viewCounts } from "../../db/schema";
import { startOfWeekUTC, WEEK_MS } from "../domain/dates";
import type { Database } from "./db.server";
import { mapPart, rowsPart, type Part } from "./parts.server";

// Counted views per week for the dashboards (issue 24, item 11): the seller's 'Profile Views'
// (their profile and their products' pages), the store's 'Store Views' (its page and its products').

export interface WeekViews {
  weekStart: number;
  views: number;
}

/** The last `weeks` weeks of a subject's views, oldest first, this week last (empty weeks as 0). */
export function viewsPart(
  db: Database,
  subject: { type: "owner" | "store" | "product"; id: string },
  now: number,
  weeks = 12,
): Part<WeekViews[]> {
  const first = startOfWeekUTC(now) - (weeks - 1) * WEEK_MS;
  const query = db
    .select({ weekStart: viewCounts.weekStart, views: viewCounts.views })
    .from(viewCounts)
    .where(
      and(
        eq(viewCounts.subjectType, subject.type),
        eq(viewCounts.subjectId, subject.id),
        gte(viewCounts.weekStart, first),
      ),
    );
  return mapPart(rowsPart(query), (rows) => {
    const byWeek = new Map(rows.map((r) => [r.weekStart, r.views]));
    return Array.from({ length: weeks }, (_, i) => ({
      weekStart: first + i * WEEK_MS,
      views: byWeek.get(first + i * WEEK_MS) ?? 0,
    }));
  });
}
