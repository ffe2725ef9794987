// Request security shared by the Worker entry and entry.server (DECISIONS.md, Security).

/** A state-changing request from another site: refused before it reaches any action. */
export function isCrossSiteWrite(request: Request) {
  const method = request.method.toUpperCase();
  if (method === "GET" || method === "HEAD" || method === "OPTIONS") return false;
  // One-click unsubscribe (RFC 8058): mail providers post it from anywhere; the signed token in
  // its URL is the authority, never a cookie (app/routes/resources/unsubscribe.tsx).
  // A saved search's one-click link is the same kind (app/routes/alerts/saved-search-unsubscribe.tsx).
  const path = new URL(request.url).pathname;
  if (path === "/unsubscribe" || path === "/saved-searches/unsubscribe") return false;
  // The payment provider's webhook is posted by its servers; its signature is the authority, and
  // its size is limited by the webhook itself (app/services/payment-events.server.ts, decision 0055).
  if (path === "/webhooks/stripe") return false;
  if (request.headers.get("sec-fetch-site") === "cross-site") return true;
  const origin = request.headers.get("origin");
  // Browsers send Origin with every form POST; a request without one carries no ambient cookies
  // of a victim's browser, so it is judged by the action itself.
  if (!origin) return false;
  return origin !== new URL(request.url).origin;
}

export function contentSecurityPolicy(nonce: string) {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    "style-src 'self' 'unsafe-inline'",
    // https: for a home banner chosen by URL (decision 0034); images never run script.
    "img-src 'self' data: blob: https:",
    "font-src 'self'",
    "connect-src 'self'",
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ].join("; ");
}

export function applySecurityHeaders(headers: Headers, isDev: boolean) {
  headers.set("x-content-type-options", "nosniff");
  headers.set("referrer-policy", "strict-origin-when-cross-origin");
  headers.set("x-frame-options", "DENY");
  headers.set("permissions-policy", "camera=(), microphone=(), geolocation=(), payment=()");
  if (!isDev) headers.set("strict-transport-security", "max-age=63072000; includeSubDomains; preload");
}

/**
 * Adds headers to an answer: to its own headers where they may be changed (the app's answers),
 * else to a copy (an answer whose headers are fixed: a fetch's, a cache's, `Response.redirect`'s).
 * Gives the copy, or null when the answer itself took them: a copy costs a Headers and a Response
 * on every page, which the Worker's front no longer makes for its own answers (decision 0137).
 */
export function withHeaders(response: Response, add: (headers: Headers) => void): Response | null {
  try {
    add(response.headers);
    return null;
  } catch (error) {
    if (!(error instanceof TypeError)) throw error;
    const headers = new Headers(response.headers);
    add(headers);
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  }
}

/**
 * Every stored image is served under this policy (decision 0033): an SVG logo opened on its own
 * (not through <img>, where SVG never runs script) is sandboxed, with no script, no requests.
 */
export const IMAGE_CONTENT_SECURITY_POLICY =
  "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; sandbox";

export function createNonce() {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes));
}
