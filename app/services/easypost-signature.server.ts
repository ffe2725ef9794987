// EasyPost's webhook signature (its client libraries' `validateWebhook`): the `X-Hmac-Signature`
// header is `hmac-sha256-hex=<hex HMAC-SHA256 of the raw body>`, keyed with the webhook secret in
// Unicode NFKD form. With Web Crypto, so neither the SDK nor Node's crypto is loaded in the
// Worker. The local label provider signs its tracking events the same way with the local secret
// (decision 0082); tests/shipping/easypost.contract.test.ts holds it to EasyPost's own test vector.
// EasyPost signs no timestamp: a replayed event is judged by what it would change (decision 0082).

const encoder = new TextEncoder();
const PREFIX = "hmac-sha256-hex=";

async function hexHmac(secret: string, body: string) {
  const key = await crypto.subtle.importKey(
    "raw",
    encoder.encode(secret.normalize("NFKD")),
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["sign"],
  );
  const mac = new Uint8Array(await crypto.subtle.sign("HMAC", key, encoder.encode(body)));
  return Array.from(mac, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** Compares two strings in time that does not depend on where they first differ. */
function sameText(a: string, b: string) {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let i = 0; i < a.length; i++) difference |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return difference === 0;
}

/** The header value EasyPost sends for this body and secret. */
export async function signEasyPostEvent(body: string, secret: string) {
  return PREFIX + (await hexHmac(secret, body));
}

/** The parsed event when the header is this body's signature under this secret; else throws. */
export async function verifyEasyPostEvent(body: string, header: string | null, secret: string): Promise<unknown> {
  if (!header) throw new Error("The webhook is not signed (no X-Hmac-Signature header).");
  if (!body) throw new Error("No webhook payload was provided.");
  if (!sameText(header.trim(), await signEasyPostEvent(body, secret)))
    throw new Error("The webhook's signature does not match: it did not come from the shipping provider.");
  return JSON.parse(body) as unknown;
}
