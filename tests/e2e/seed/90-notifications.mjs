// Notifications the browser tests' last runs left (a rejected listing, a price request, an order
// to post, ...): every seed removes all but the demo seed's own (ntf_demo_…), so the demo accounts'
// unread counts do not grow run after run. Past 99 the header's bell shows '99+' while its name says
// the number, which axe refuses (label-content-name-mismatch) on the seller pages' check.
// Idempotent.

// One of the renter's own, with a title as a real order's id makes it (26 characters without a
// break), for the phone-width check of the notification centre (mobile.spec.ts).
import { RENTER } from "./20-account-journeys.mjs";

export const LONG_TITLE = "Your Closetloop order order_01M8BQ75QHHHHT1QEW0K7PBGQV is on its way";

export async function seed({ db, now, batch }) {
  await batch([
    db.prepare("DELETE FROM notifications WHERE id NOT LIKE 'ntf_demo_%'"),
    db
      .prepare(
        "INSERT INTO notifications (id, user_id, event_key, kind, category, title, body, link, created_at) VALUES ('ntf_e2e_long', ?, 'e2e:long', 'order_status_changed', 'orders', ?, 'Tracking: Royal Mail RM123456785GB.', '/account?tab=orders', ?)",
      )
      .bind(RENTER.id, LONG_TITLE, now),
  ]);
}
