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
  signInEmail: { name: "signin-email", limit: 8, windowSeconds: 600 },
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

export function clientIp(request: Request) {
  return request.headers.get("cf-connecting-ip") ?? request.headers.get("x-real-ip") ?? "local";
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

/** Counts one attempt against every limit; true when any of them is exhausted. */
export async function isRateLimited(kv: KVNamespace, checks: [RateLimit, string][], now = Date.now()) {
  const results = await Promise.all(
    checks.map(async ([limit, subject]) => {
      const window = Math.floor(now / 1000 / limit.windowSeconds);
      const key = `rl:${limit.name}:${await subjectKey(subject)}:${window}`;
      const count = Number((await kv.get(key)) ?? 0);
      if (count >= limit.limit) return true;
      await kv.put(key, String(count + 1), { expirationTtl: Math.max(60, limit.windowSeconds * 2) });
      return false;
    }),
  );
  return results.some(Boolean);
}
