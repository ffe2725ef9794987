import type { NotificationCategory } from "./notifications";

// One-click unsubscribe (issue 23, item 5): a signed token names who (an account id, or the
// newsletter's e-mail address) and which category, with an expiry; it works signed out. HMAC-SHA256
// over the payload with the site's secret (Web Crypto), base64url. Nothing is stored.

export const UNSUBSCRIBE_TTL_MS = 180 * 24 * 60 * 60 * 1000;

export interface UnsubscribeClaim {
  /** `u:{userId}` for an account, `e:{email}` for a newsletter subscriber without one. */
  who: string;
  category: NotificationCategory;
  /** Epoch ms after which the link no longer works. */
  expires: number;
}

const encoder = new TextEncoder();
const b64url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
const fromB64url = (text: string) =>
  Uint8Array.from(atob(text.replace(/-/g, "+").replace(/_/g, "/")), (c) => c.charCodeAt(0));

async function key(secret: string) {
  return crypto.subtle.importKey(
    "raw",
    encoder.encode(`unsubscribe:${secret}`),
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["sign", "verify"],
  );
}

export async function signUnsubscribe(claim: UnsubscribeClaim, secret: string) {
  const payload = b64url(encoder.encode(JSON.stringify([claim.who, claim.category, claim.expires])));
  const signature = new Uint8Array(await crypto.subtle.sign("HMAC", await key(secret), encoder.encode(payload)));
  return `${payload}.${b64url(signature)}`;
}

export type UnsubscribeCheck = { ok: true; claim: UnsubscribeClaim } | { ok: false; reason: "invalid" | "expired" };

/** The token's claim when its signature holds and it has not expired. */
export async function verifyUnsubscribe(
  token: string,
  secret: string,
  now: number,
  categories: readonly string[],
): Promise<UnsubscribeCheck> {
  const [payload, signature, extra] = token.split(".");
  if (!payload || !signature || extra !== undefined || token.length > 600) return { ok: false, reason: "invalid" };
  try {
    const valid = await crypto.subtle.verify("HMAC", await key(secret), fromB64url(signature), encoder.encode(payload));
    if (!valid) return { ok: false, reason: "invalid" };
    const [who, category, expires] = JSON.parse(new TextDecoder().decode(fromB64url(payload))) as [
      unknown,
      unknown,
      unknown,
    ];
    if (
      typeof who !== "string" ||
      typeof category !== "string" ||
      !categories.includes(category) ||
      typeof expires !== "number"
    )
      return { ok: false, reason: "invalid" };
    if (expires < now) return { ok: false, reason: "expired" };
    return { ok: true, claim: { who, category: category as NotificationCategory, expires } };
  } catch {
    return { ok: false, reason: "invalid" };
  }
}
