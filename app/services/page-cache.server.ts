import type { DisplayCurrency } from "../domain/currency";

// The page cache for anonymous visitors (docs/decisions/0010-page-cache.md).
//
// A page that is the same for every anonymous visitor declares it with `headers = sharedPage`
// (Cache-Control: public, s-maxage). The root middleware turns that into `private, no-store`
// whenever the answer is personal (a signed-in user, or any cookie being set). The Worker then
// keeps a shared answer for its s-maxage — capped by PAGE_CACHE_SECONDS, 0 turns it off — in two
// layers: this isolate's memory (microseconds) and the Cache API (shared by every isolate of a
// data centre). A copy is served with a fresh CSP nonce, so no two answers share a nonce. Past
// its s-maxage a page is served stale for a minute while one request renders it again, and
// concurrent misses wait for one render: a busy page is never rendered by many requests at once.
// A request never waits on a promise another request made (renderedElsewhere; decision 0070).

/** How long a shared page may be reused. Short: a sold item leaves listings within this time. */
export const SHARED_PAGE_SECONDS = 30;

/** The `headers` export of a route whose page is the same for every anonymous visitor. */
export function sharedPage() {
  return { "Cache-Control": `public, max-age=0, s-maxage=${SHARED_PAGE_SECONDS}` };
}

const PERSONAL = "private, no-store";

/** Root middleware: an answer for a signed-in visitor, or one that sets a cookie, is never shared. */
export function markPersonal(response: Response, personal: boolean) {
  if (personal || response.headers.has("set-cookie")) response.headers.set("cache-control", PERSONAL);
}

// Requests carrying these cookies get a personal answer (a session, a toast to show).
const PERSONAL_COOKIES = /(?:^|;\s*)(?:__Host-)?cl_(?:session|toast)=/;

/**
 * The cache key of a request, or null when its answer cannot come from the cache. The consent
 * choice (cookie, Do Not Track, Global Privacy Control) and the display currency (decision 0084)
 * change the page, so they are in the key: one copy per currency.
 */
export function pageCacheKey(request: Request, version = "0", currency: DisplayCurrency = "GBP"): string | null {
  if (request.method !== "GET") return null;
  const cookie = request.headers.get("cookie") ?? "";
  if (PERSONAL_COOKIES.test(cookie)) return null;
  const consent = /(?:^|;\s*)cl_consent=([^;]*)/.exec(cookie)?.[1] ?? "";
  const declined = request.headers.get("dnt") === "1" || request.headers.get("sec-gpc") === "1" ? "1" : "0";
  const url = new URL(request.url);
  url.hash = "";
  // The public pages' version (app/services/freshness.server.ts) ends every page kept before a
  // write that changed what public pages show.
  return `${version}:${declined}:${consent}:${currency}:${url.pathname}${url.search}`;
}

interface Entry {
  body: string;
  headers: [string, string][];
  nonce: string | null;
  /** Fresh until this time; then served stale while one request renders it again. */
  expires: number;
  /** Never served after this time. */
  staleUntil: number;
  /** The body cut at its nonce (whole when it has none), made at the first answer: each answer joins it with a fresh one. */
  cut?: string[];
  /** The cut body as UTF-8, made at the first answer served as bytes (bodyBytes says why). */
  bytes?: Uint8Array<ArrayBuffer>[];
  /** What callers worked out from this page, kept with it (PageText.derived). */
  derived?: Map<string, unknown>;
}

/** How long past its s-maxage a page may still be served while a fresh copy renders. */
export const STALE_SECONDS = 60;
const MAX_ENTRIES = 300;
const MAX_BODY = 512 * 1024;
const memory = new Map<string, Entry>();
// The keys this isolate is rendering, each with its render's number: concurrent misses wait for
// that render instead of each rendering. Never the renders' promises (renderedElsewhere says why).
const rendering = new Map<string, number>();
let renders = 0;
/** A waiting request looks for the render it waits for after 5 ms, then less and less often (at most every 50 ms), for 10 s at most. */
const FIRST_LOOK_MS = 5;
const LAST_LOOK_MS = 50;
const WAIT_MAX_MS = 10_000;

function remember(key: string, entry: Entry) {
  memory.delete(key);
  memory.set(key, entry);
  if (memory.size > MAX_ENTRIES) memory.delete(memory.keys().next().value!);
}

/** The seconds a response may be shared for: its s-maxage when public, capped; else 0. */
export function sharedSeconds(response: Response, cap: number) {
  if (response.status !== 200 || response.headers.has("set-cookie")) return 0;
  const control = response.headers.get("cache-control") ?? "";
  if (!/\bpublic\b/.test(control)) return 0;
  const seconds = Number(/s-maxage=(\d+)/.exec(control)?.[1] ?? 0);
  return Math.min(seconds, cap);
}

const nonceIn = (csp: string | null) => (csp ? (/'nonce-([^']+)'/.exec(csp)?.[1] ?? null) : null);

// The text of each answer made from a string, for a caller that reads it again (services/personal-page).
const texts = new WeakMap<Response, string>();

/** The body of an answer as text: the string it was made from when it came from here, without decoding it again. */
export function pageText(response: Response): Promise<string> {
  const text = texts.get(response);
  return text === undefined ? response.text() : Promise.resolve(text);
}

function textResponse(body: string, init: ResponseInit) {
  const response = new Response(body, init);
  texts.set(response, body);
  return response;
}

/** A kept page's headers for one answer, with a nonce of its own (null when the page has none). */
function headersOf(entry: Entry, freshNonce: () => string, state: string) {
  const headers = new Headers(entry.headers);
  const nonce = entry.nonce ? freshNonce() : null;
  if (entry.nonce && nonce !== null)
    headers.set("content-security-policy", headers.get("content-security-policy")!.replaceAll(entry.nonce, nonce));
  headers.set("x-page-cache", state);
  return { headers, nonce };
}

/** A kept page's body cut at its nonce, once per kept page. */
const cutOf = (entry: Entry) => (entry.cut ??= entry.nonce ? entry.body.split(entry.nonce) : [entry.body]);

const utf8 = new TextEncoder();

/**
 * A kept page's body with `nonce` in place of its own, as bytes: its parts are encoded once, and
 * each answer is one buffer outside V8's heap. Joined as text, a page with one character past
 * Latin-1 is a two-byte string over 128 KiB: V8 puts each in its old generation, and at 200
 * requests a second a full collection every ~3 s stalled every isolate of the thread for 40-90 ms
 * (docs/performance.md, 2026-12-02).
 */
function bodyBytes(entry: Entry, nonce: string | null): Uint8Array<ArrayBuffer> {
  const parts = (entry.bytes ??= cutOf(entry).map((part) => utf8.encode(part)));
  if (parts.length === 1 || nonce === null) return parts[0]!;
  const fresh = utf8.encode(nonce);
  let length = fresh.length * (parts.length - 1);
  for (const part of parts) length += part.length;
  const body = new Uint8Array(length);
  let at = 0;
  parts.forEach((part, i) => {
    if (i > 0) {
      body.set(fresh, at);
      at += fresh.length;
    }
    body.set(part, at);
    at += part.length;
  });
  return body;
}

function answer(entry: Entry, freshNonce: () => string, state: string) {
  const { headers, nonce } = headersOf(entry, freshNonce, state);
  return new Response(bodyBytes(entry, nonce), { status: 200, headers });
}

// Cache API keys are URLs; the key's parts ride in the path of a host that is never served.
const cacheRequest = (key: string) => new Request(`https://page-cache.closetloop.internal/${encodeURIComponent(key)}`);

export interface PageCacheOptions {
  capSeconds: number;
  /** The public pages' version: part of every key, so a write that changes them starts afresh. */
  version?: string;
  /** The build's version: part of every key, so a page kept by an earlier build (naming scripts that are gone) is never served after a deploy. */
  build?: string;
  now: number;
  freshNonce: () => string;
  waitUntil: (work: Promise<unknown>) => void;
  /** The Cache API store; absent where there is none. */
  shared?: Cache;
  /** The request's display currency (decision 0084): one copy of a page per currency. Pounds if not given. */
  currency?: DisplayCurrency;
}

async function fromShared(key: string, options: PageCacheOptions): Promise<Entry | null> {
  const stored = await options.shared?.match(cacheRequest(key)).catch(() => undefined);
  if (!stored) return null;
  const entry: Entry = {
    body: await stored.text(),
    headers: [],
    nonce: stored.headers.get("x-page-cache-nonce"),
    expires: Number(stored.headers.get("x-page-cache-expires")),
    staleUntil: Number(stored.headers.get("x-page-cache-stale-until")),
  };
  stored.headers.forEach((value, name) => {
    if (!name.startsWith("x-page-cache")) entry.headers.push([name, value]);
  });
  return entry.staleUntil > options.now ? entry : null;
}

/** Renders, and keeps the answer when it may be shared. Returns the answer and what was kept. */
async function renderAndKeep(
  key: string,
  options: PageCacheOptions,
  render: () => Promise<Response>,
): Promise<{ response: Response; entry: Entry | null }> {
  const response = await render();
  const seconds = sharedSeconds(response, options.capSeconds);
  if (seconds === 0) return { response, entry: null };
  const body = await response.text();
  const headers = [...response.headers];
  let entry: Entry | null = null;
  if (body.length <= MAX_BODY) {
    const expires = options.now + seconds * 1000;
    entry = {
      body,
      headers,
      nonce: nonceIn(response.headers.get("content-security-policy")),
      expires,
      staleUntil: expires + STALE_SECONDS * 1000,
    };
    remember(key, entry);
    if (options.shared) {
      const stored = new Headers(headers);
      stored.set("cache-control", `public, max-age=${seconds + STALE_SECONDS}`);
      stored.set("x-page-cache-expires", String(entry.expires));
      stored.set("x-page-cache-stale-until", String(entry.staleUntil));
      if (entry.nonce) stored.set("x-page-cache-nonce", entry.nonce);
      options.waitUntil(
        options.shared.put(cacheRequest(key), new Response(body, { headers: stored })).catch(() => undefined),
      );
    }
  }
  const fresh = textResponse(body, { status: response.status, headers: response.headers });
  fresh.headers.set("x-page-cache", "miss");
  return { response: fresh, entry };
}

/** One render per key at a time in this isolate; the others wait for it (renderedElsewhere). */
async function renderOnce(key: string, options: PageCacheOptions, render: () => Promise<Response>) {
  const mine = ++renders;
  rendering.set(key, mine);
  try {
    return await renderAndKeep(key, options, render);
  } finally {
    if (rendering.get(key) === mine) rendering.delete(key);
  }
}

/**
 * Waits for another request's render of `key` to end, then answers with what it kept (null when
 * it kept nothing: not shareable, or it failed; the caller then renders for itself).
 *
 * It looks on a timer of its own instead of awaiting the other request's promise. In workerd the
 * continuation of an `await` on a promise that another request resolves runs in that request's
 * context: whatever it makes then (a response body, a D1 call, a render) belongs to the other
 * request, and this request's answer fails with "Cannot perform I/O on behalf of a different
 * request" (the 500s of issue 41, decision 0070). A promise of its own that the other request
 * resolves is no better: the runtime sees a request waiting on nothing it started and cancels it
 * as hung. Production runs the same runtime, so this holds there too.
 */
async function renderedElsewhere(key: string, now: number): Promise<Entry | null> {
  // Only the render under way now: when it keeps nothing, the waiting requests render at once.
  const awaited = rendering.get(key);
  const deadline = Date.now() + WAIT_MAX_MS;
  for (
    let step = FIRST_LOOK_MS;
    rendering.get(key) === awaited && Date.now() < deadline;
    step = Math.min(step * 2, LAST_LOOK_MS)
  ) {
    await new Promise((resolve) => setTimeout(resolve, step));
  }
  const entry = memory.get(key);
  return entry && entry.expires > now ? entry : null;
}

type Found = { entry: Entry; state: string } | { response: Response };

/**
 * Answers from the cache when it can; otherwise renders, and keeps a shareable answer. A page
 * past its s-maxage is still served (for STALE_SECONDS) while one background render refreshes it.
 */
export async function withPageCache(
  request: Request,
  options: PageCacheOptions,
  render: () => Promise<Response>,
): Promise<Response> {
  const found = await lookUp(request, options, render);
  return "response" in found ? found.response : answer(found.entry, options.freshNonce, found.state);
}

/** A page as text, for a caller that changes it before it answers (services/personal-page). */
export interface PageText {
  status: number;
  statusText: string;
  headers: Headers;
  text: string;
  /**
   * What the caller works out from the page (the ids of its personal parts), kept with the page
   * while it is kept, so the next request for it does not work it out again.
   */
  derived: Map<string, unknown>;
}

/** withPageCache's page as text: no Response is made (and its body encoded) only to be read back. */
export async function pageTextWithCache(
  request: Request,
  options: PageCacheOptions,
  render: () => Promise<Response>,
): Promise<PageText> {
  const found = await lookUp(request, options, render);
  if ("response" in found) {
    const { status, statusText, headers } = found.response;
    return { status, statusText, headers, text: await pageText(found.response), derived: new Map() };
  }
  const { entry } = found;
  const { headers, nonce } = headersOf(entry, options.freshNonce, found.state);
  entry.derived ??= new Map();
  const text = nonce === null ? entry.body : cutOf(entry).join(nonce);
  return { status: 200, statusText: "", headers, text, derived: entry.derived };
}

async function lookUp(request: Request, options: PageCacheOptions, render: () => Promise<Response>): Promise<Found> {
  const key =
    options.capSeconds > 0
      ? pageCacheKey(request, `${options.build ?? ""}.${options.version ?? "0"}`, options.currency)
      : null;
  if (!key) return { response: await render() };

  let entry = memory.get(key) ?? null;
  let source = "memory";
  if (!entry || entry.staleUntil <= options.now) {
    entry = await fromShared(key, options);
    source = "shared";
    if (entry) remember(key, entry);
  }
  if (entry && entry.expires > options.now) return { entry, state: source };
  if (entry) {
    if (!rendering.has(key)) options.waitUntil(renderOnce(key, options, render).catch(() => undefined));
    return { entry, state: "stale" };
  }

  if (rendering.has(key)) {
    const rendered = await renderedElsewhere(key, options.now);
    if (rendered) return { entry: rendered, state: "coalesced" };
  }
  return { response: (await renderOnce(key, options, render)).response };
}

/** Forgets every page held in this isolate (tests; a deploy starts with empty isolates anyway). */
export function forgetPages() {
  memory.clear();
}
