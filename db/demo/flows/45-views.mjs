// Twelve weeks of counted views (issue 24, item 11) for the demo sellers and the demo store, so
// 'Profile Views' and 'Store Views' and their weekly charts show a shop people visit. Weeks start
// on Monday 00:00 UTC, as the consumer counts them. Idempotent: the rows are set, not added to.
import { startOfWeekUTC } from "../../../app/domain/dates.ts";

const SUBJECTS = [
  ["owner", "user_vendor", 140],
  ["owner", "user_vendor2", 90],
  ["store", "store_kensington", 110],
];

export async function seed({ db, now, DAY, batch }) {
  const thisWeek = startOfWeekUTC(now);
  const statements = [];
  for (const [type, id, base] of SUBJECTS) {
    for (let w = 0; w < 12; w++) {
      const weekStart = thisWeek - (11 - w) * 7 * DAY;
      // A gentle rise with a weekly wobble; this week is only partly over.
      const views = Math.round((base * (0.6 + w * 0.05) + ((w * 37) % 23)) * (w === 11 ? 0.4 : 1));
      statements.push(
        db
          .prepare(
            "INSERT INTO view_counts (subject_type, subject_id, week_start, views) VALUES (?, ?, ?, ?) ON CONFLICT DO UPDATE SET views = excluded.views",
          )
          .bind(type, id, weekStart, views),
      );
    }
  }
  await batch(statements);
}
