// Fixed-window counters in KV, per IP and per e-mail (DECISIONS.md, Security). KV is not
// atomic, so a burst can overshoot by a few requests; that is acceptable for slowing down
// credential stuffing, and it keeps every check to one read and one write.
export interface RateLimit {
  name: string;
  limit: number;
  windowSeconds: number;
}

const MINUTE = 60;
const HOUR = 60 * MINUTE;
/** At most `limit` attempts in each window of `windowSeconds`, counted under `name`. */
const per = (name: string, limit: number, windowSeconds: number): RateLimit => ({ name, limit, windowSeconds });

export const LIMITS = {
  signInIp: per("signin-ip", 20, 10 * MINUTE),
  // Wrong passwords slow an attacker without locking the owner out (decision 0017): failures are
  // counted per e-mail and client, and a client that has not failed may always try; once an
  // e-mail has many failures from anywhere, each client gets one wrong guess instead of five.
  signInFailures: per("signin-fail", 5, 15 * MINUTE),
  signInFailuresUnderAttack: per("signin-fail-any", 20, HOUR),
  signUpIp: per("signup-ip", 10, HOUR),
  signUpEmail: per("signup-email", 3, HOUR),
  resetIp: per("reset-ip", 10, HOUR),
  resetEmail: per("reset-email", 3, HOUR),
  newsletterIp: per("newsletter-ip", 10, HOUR),
  newsletterEmail: per("newsletter-email", 3, HOUR),
  storeRequestIp: per("store-request-ip", 5, HOUR),
  storeRequestEmail: per("store-request-email", 3, HOUR),
  // E-mail address changes of one account: each sends two e-mails (decision 0067).
  emailChange: per("email-change", 5, HOUR),
  // Guessing the current password of a signed-in account (password change, account deletion).
  accountPassword: per("account-password", 10, 10 * MINUTE),
} satisfies Record<string, RateLimit>;

/** Seconds until a limit's window ends, when its count starts again. */
const secondsLeft = (limit: RateLimit, now: number) => limit.windowSeconds - ((now / 1000) % limit.windowSeconds);

/** What a refused attempt is told: how long until it may try again, and what else it may do. */
export function rateLimitedMessage(seconds: number, orElse?: string) {
  const minutes = Math.ceil(seconds / 60);
  return `Too many attempts. Please try again in ${minutes <= 1 ? "a minute" : `${minutes} minutes`}${orElse ? `, or ${orElse}` : ""}.`;
}

/**
 * The client's address as the platform guarantees it (decision 0017): Cloudflare sets
 * CF-Connecting-IP on every request and overwrites any copy a client sends; locally Miniflare
 * sets it from the socket. No other header (X-Forwarded-For, X-Real-IP) is believed.
 */
export function clientIp(request: Request) {
  return request.headers.get("cf-connecting-ip") ?? "unknown";
}

// KV keys are at most 512 bytes; a longer subject (whatever a form or a header carried) is
// counted under its SHA-256 instead.
const MAX_SUBJECT = 128;
const utf8 = new TextEncoder();
async function subjectKey(subject: string) {
  const lower = subject.toLowerCase();
  const bytes = utf8.encode(lower);
  if (bytes.length <= MAX_SUBJECT) return lower;
  const digest = await crypto.subtle.digest("SHA-256", bytes);
  return `sha256-${[...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("")}`;
}

const keyOf = async (limit: RateLimit, subject: string, now: number) =>
  `rl:${limit.name}:${await subjectKey(subject)}:${Math.floor(now / 1000 / limit.windowSeconds)}`;
const countOf = async (kv: KVNamespace, limit: RateLimit, subject: string, now: number) =>
  Number((await kv.get(await keyOf(limit, subject, now))) ?? 0);
const clientOf = (email: string, ip: string) => `${email}\n${ip}`;

/** Why this client may not try this e-mail's password now (null when it may); counts nothing. */
export async function signInThrottled(kv: KVNamespace, email: string, ip: string, now = Date.now()) {
  const [mine, everyone] = await Promise.all([
    countOf(kv, LIMITS.signInFailures, clientOf(email, ip), now),
    countOf(kv, LIMITS.signInFailuresUnderAttack, email, now),
  ]);
  const allowance = everyone >= LIMITS.signInFailuresUnderAttack.limit ? 1 : LIMITS.signInFailures.limit;
  // The way out that needs no waiting is a new password (decision 0017).
  return mine >= allowance ? rateLimitedMessage(secondsLeft(LIMITS.signInFailures, now), "reset your password") : null;
}

/** A wrong password (or an unknown e-mail, which answers the same) from this client. */
export async function recordSignInFailure(kv: KVNamespace, email: string, ip: string, now = Date.now()) {
  await Promise.all(
    (
      [
        [LIMITS.signInFailures, clientOf(email, ip)],
        [LIMITS.signInFailuresUnderAttack, email],
      ] as const
    ).map(async ([limit, subject]) => {
      const key = await keyOf(limit, subject, now);
      const count = Number((await kv.get(key)) ?? 0);
      await kv.put(key, String(count + 1), { expirationTtl: Math.max(60, limit.windowSeconds * 2) });
    }),
  );
}

/** A correct password: this client's failures for the e-mail are forgotten (the e-mail's total is not). */
export async function clearSignInFailures(kv: KVNamespace, email: string, ip: string, now = Date.now()) {
  await kv.delete(await keyOf(LIMITS.signInFailures, clientOf(email, ip), now));
}

/** Counts one attempt against every limit; when any of them is exhausted, what to tell the person (else null). */
export async function rateLimited(kv: KVNamespace, checks: [RateLimit, string][], now = Date.now()) {
  const exhausted = await Promise.all(
    checks.map(async ([limit, subject]) => {
      const key = await keyOf(limit, subject, now);
      const count = Number((await kv.get(key)) ?? 0);
      if (count >= limit.limit) return secondsLeft(limit, now);
      await kv.put(key, String(count + 1), { expirationTtl: Math.max(60, limit.windowSeconds * 2) });
      return 0;
    }),
  );
  const wait = Math.max(...exhausted);
  return wait > 0 ? rateLimitedMessage(wait) : null;
}
