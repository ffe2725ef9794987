// A cookie's raw value from a request's Cookie header (as sent: still URI-encoded), or undefined.
// One reader for the cookies the app reads without signing (currency, sizes, time zone, D1
// bookmark, development failures); each name's pattern is made once per isolate, not per request.

const patterns = new Map<string, RegExp>();

export function cookieValue(header: string | null | undefined, name: string): string | undefined {
  if (!header?.includes(name)) return undefined;
  let pattern = patterns.get(name);
  if (!pattern) {
    pattern = new RegExp(`(?:^|;\\s*)${name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}=([^;]*)`);
    patterns.set(name, pattern);
  }
  return pattern.exec(header)?.[1];
}
