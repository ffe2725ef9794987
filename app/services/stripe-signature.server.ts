import type Stripe from "stripe";

// Stripe's webhook signature (https://docs.stripe.com/webhooks/signature), with Web Crypto: the
// `Stripe-Signature` header is `t=<seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">` (more v1
// entries while a secret is rolled). It is the SDK's `constructEventAsync` and
// `generateTestHeaderStringAsync` without the SDK: every webhook (the local provider signs its
// events the same way) would otherwise load Stripe's 580 kB SDK into the Worker at its start
// (decision 0077). tests/stripe/adapter.test.ts holds it to the SDK's own answers.

/** Stripe's default: an event signed more than five minutes ago is refused (replays). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

const encoder = new TextEncoder();
const keys = new Map<string, Promise<CryptoKey>>();

function hmacKey(secret: string) {
  let key = keys.get(secret);
  if (!key) {
    key = crypto.subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
    keys.set(secret, key);
  }
  return key;
}

async function signature(secret: string, timestamp: number, payload: string) {
  const mac = new Uint8Array(
    await crypto.subtle.sign("HMAC", await hmacKey(secret), encoder.encode(`${timestamp}.${payload}`)),
  );
  return Array.from(mac, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** Compares two strings in time that does not depend on where they first differ. */
function sameText(a: string, b: string) {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let i = 0; i < a.length; i++) difference |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return difference === 0;
}

/** The event, if its Stripe-Signature header is valid for this secret and fresh at `nowMs` (epoch ms); else throws. */
export async function verifyStripeEvent(
  body: string,
  header: string,
  secret: string,
  nowMs = Date.now(),
): Promise<Stripe.Event> {
  if (!body) throw new Error("No webhook payload was provided.");
  let timestamp = -1;
  const signatures: string[] = [];
  for (const item of header.split(",")) {
    const [name, value] = item.split("=");
    if (name === "t") timestamp = Number.parseInt(value ?? "", 10);
    if (name === "v1" && value !== undefined) signatures.push(value);
  }
  if (!(timestamp >= 0)) throw new Error("Unable to extract timestamp and signatures from header");
  if (!signatures.length) throw new Error("No signatures found with expected scheme");
  const expected = await signature(secret, timestamp, body);
  if (!signatures.some((candidate) => sameText(candidate, expected)))
    throw new Error("No signatures found matching the expected signature for payload.");
  if (Math.floor(nowMs / 1000) - timestamp > WEBHOOK_TOLERANCE_SECONDS)
    throw new Error("Timestamp outside the tolerance zone");
  const event = JSON.parse(body) as Stripe.Event | { object?: string };
  if (event && event.object === "v2.core.event") throw new Error("A thin event notification is not a webhook event");
  return event as Stripe.Event;
}

/** A signature header as Stripe makes it (the local provider signs its events with it; the tests too). `timestamp` in seconds. */
export async function signStripeEvent(payload: string, secret: string, timestamp?: number) {
  const t = (timestamp && Math.floor(timestamp)) || Math.floor(Date.now() / 1000);
  return `t=${t},v1=${await signature(secret, t, payload)}`;
}
