// PBKDF2-SHA256 through WebCrypto with a per-user salt and a server-side pepper
// (DECISIONS.md, Security). Production Workers cap PBKDF2 at 100,000 iterations; local workerd
// does not enforce the cap, so a higher number would pass here and fail in production.
export const PBKDF2_ITERATIONS = 100_000;
export const PRODUCTION_PBKDF2_CAP = 100_000;
const KEY_BYTES = 32;
const encoder = new TextEncoder();

const toBase64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));
const fromBase64 = (text: string) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));

async function derive(password: string, pepper: string, salt: Uint8Array, iterations = PBKDF2_ITERATIONS) {
  const key = await crypto.subtle.importKey("raw", encoder.encode(password + pepper), "PBKDF2", false, ["deriveBits"]);
  const bits = await crypto.subtle.deriveBits(
    { name: "PBKDF2", hash: "SHA-256", salt: salt as BufferSource, iterations },
    key,
    KEY_BYTES * 8,
  );
  return new Uint8Array(bits);
}

export async function hashPassword(password: string, pepper: string) {
  const salt = crypto.getRandomValues(new Uint8Array(16));
  return { hash: toBase64(await derive(password, pepper, salt)), salt: toBase64(salt) };
}

/** Compares every byte whatever the first difference, so timing reveals nothing. */
export function constantTimeEqual(a: Uint8Array, b: Uint8Array) {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a[i]! ^ b[i]!;
  return diff === 0;
}

export async function verifyPassword(password: string, pepper: string, stored: { hash: string; salt: string }) {
  let expected: Uint8Array;
  let salt: Uint8Array;
  try {
    expected = fromBase64(stored.hash);
    salt = fromBase64(stored.salt);
  } catch {
    return false;
  }
  return constantTimeEqual(await derive(password, pepper, salt), expected);
}

/** Spends the same time as a real check, so an unknown e-mail is not faster than a wrong password. */
export async function burnPasswordCheck(pepper: string) {
  await derive("not-a-password", pepper, new Uint8Array(16));
}
