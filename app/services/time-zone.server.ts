import { and, eq, isNull, ne, or } from "drizzle-orm";
import { users } from "../../db/schema";
import type { Database } from "../data/db.server";
import { validTimeZone } from "../domain/dates";
import { cookieValue } from "../domain/cookies";

// The reader's time zone (issue 45 item 6; decision 0087): the browser's own, which a one-line
// script keeps in the `closetloop_tz` cookie (app/components/time-zone-script.tsx), else the
// zone Cloudflare's edge sees the request come from (request.cf.timezone), else the account's
// remembered one, else the UK's. Remembered on the account when an order is placed, so e-mails
// and the daily reminder (which have no request) use it.

export const TIME_ZONE_COOKIE = "closetloop_tz";

function cookieZone(request: { headers: Headers }) {
  const value = cookieValue(request.headers.get("cookie"), TIME_ZONE_COOKIE);
  if (!value || value.length > 80) return null;
  try {
    return validTimeZone(decodeURIComponent(value));
  } catch {
    return null;
  }
}

/**
 * The zone to show this request's dates in, or null when nothing says (the UK's is then used).
 * `trustEdge` is false in development, where the local runtime makes up a visitor in Texas
 * (cf.timezone 'America/Chicago'), as the display currency does not trust its country (decision
 * 0084): a browser without the cookie (JavaScript off) would read, and sign-in remember, Chicago time.
 */
export function requestTimeZone(
  request: { headers: Headers; cf?: unknown },
  trustEdge: boolean,
  remembered?: string | null,
) {
  const cf = trustEdge ? (request.cf as { timezone?: unknown } | undefined) : undefined;
  return cookieZone(request) ?? validTimeZone(cf?.timezone) ?? validTimeZone(remembered) ?? null;
}

/** Keeps the account's zone up to date (written only when it changed). */
export async function rememberTimeZone(db: Database, userId: string, zone: string | null) {
  if (!zone) return;
  await db
    .update(users)
    .set({ timeZone: zone })
    .where(and(eq(users.id, userId), or(isNull(users.timeZone), ne(users.timeZone, zone))));
}
