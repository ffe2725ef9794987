// Fixed-window counters in KV, per IP and per e-mail (DECISIONS.md, Security). KV is not
// atomic, so a burst can overshoot by a few requests; that is acceptable for slowing down
// credential stuffing, and it keeps every check to one read and one write.
export interface RateLimit {
  name: string;
  limit: number;
  windowSeconds: number;
}

export const LIMITS = {
  signInIp: { name: "signin-ip", limit: 20, windowSeconds: 600 },
  // Wrong passwords slow an attacker without locking the owner out (decision 0017): failures are
  // counted per e-mail and client, and a client that has not failed may always try; once an
  // e-mail has many failures from anywhere, each client gets one wrong guess instead of five.
  signInFailures: { name: "signin-fail", limit: 5, windowSeconds: 900 },
  signInFailuresUnderAttack: { name: "signin-fail-any", limit: 20, windowSeconds: 3600 },
  signUpIp: { name: "signup-ip", limit: 10, windowSeconds: 3600 },
  signUpEmail: { name: "signup-email", limit: 3, windowSeconds: 3600 },
  resetIp: { name: "reset-ip", limit: 10, windowSeconds: 3600 },
  resetEmail: { name: "reset-email", limit: 3, windowSeconds: 3600 },
  newsletterIp: { name: "newsletter-ip", limit: 10, windowSeconds: 3600 },
  newsletterEmail: { name: "newsletter-email", limit: 3, windowSeconds: 3600 },
  storeRequestIp: { name: "store-request-ip", limit: 5, windowSeconds: 3600 },
  storeRequestEmail: { name: "store-request-email", limit: 3, windowSeconds: 3600 },
  // Guessing the current password of a signed-in account (password change, account deletion).
  accountPassword: { name: "account-password", limit: 10, windowSeconds: 600 },
} satisfies Record<string, RateLimit>;

export const RATE_LIMITED_MESSAGE = "Too many attempts. Please wait a few minutes and try again.";

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

const keyOf = async (limit: RateLimit, subject: string, now: number) => `rl:${limit.name}:${await subjectKey(subject)}:${Math.floor(now / 1000 / limit.windowSeconds)}`;
const countOf = async (kv: KVNamespace, limit: RateLimit, subject: string, now: number) => Number((await kv.get(await keyOf(limit, subject, now))) ?? 0);
const clientOf = (email: string, ip: string) => `${email}\n${ip}`;

/** True when this client may not try this e-mail's password now; counts nothing. */
export async function signInThrottled(kv: KVNamespace, email: string, ip: string, now = Date.now()) {
  const [mine, everyone] = await Promise.all([countOf(kv, LIMITS.signInFailures, clientOf(email, ip), now), countOf(kv, LIMITS.signInFailuresUnderAttack, email, now)]);
  const allowance = everyone >= LIMITS.signInFailuresUnderAttack.limit ? 1 : LIMITS.signInFailures.limit;
  return mine >= allowance;
}

/** A wrong password (or an unknown e-mail, which answers the same) from this client. */
export async function recordSignInFailure(kv: KVNamespace, email: string, ip: string, now = Date.now()) {
  await Promise.all(
    ([[LIMITS.signInFailures, clientOf(email, ip)], [LIMITS.signInFailuresUnderAttack, email]] as const).map(async ([limit, subject]) => {
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

/** Counts one attempt against every limit; true when any of them is exhausted. */
export async function isRateLimited(kv: KVNamespace, checks: [RateLimit, string][], now = Date.now()) {
  const results = await Promise.all(
    checks.map(async ([limit, subject]) => {
      const key = await keyOf(limit, subject, now);
      const count = Number((await kv.get(key)) ?? 0);
      if (count >= limit.limit) return true;
      await kv.put(key, String(count + 1), { expirationTtl: Math.max(60, limit.windowSeconds * 2) });
      return false;
    }),
  );
  return results.some(Boolean);
}
