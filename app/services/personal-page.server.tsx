import { BackInStock, HeldForYou, NotifyMe } from "../components/back-in-stock";
import { reservedText, type HeldReservation } from "../domain/alerts";
import { heldForYouBox } from "../domain/held-for-you";
import { FavoriteButton } from "../components/favorite-button";
import { HeroLink } from "../components/home/hero-link";
import { HeaderPersonal } from "../components/layout/header";
import { headerUser, PERSONAL_BLOCK_ID, type Personal } from "../components/personal";
import type { AppContext } from "../context";
import { hasSessionCookie, readBookmark } from "./d1-session.server";
import { pageTextWithCache, type PageCacheOptions } from "./page-cache.server";
import { perIsolate } from "./per-isolate";
import { markupKeeper, partRenderer, rootRenderer } from "./part-renderer.server";
import { followsIn, followValues, stitchFollows } from "./personal-follows.server";
import { readSession, readSessionId, visitOf } from "./session.server";
import { requestTimeZone } from "./time-zone.server";

// Signed-in visitors get the shared page (issue 17, item 2; docs/decisions/0039-stitched-personal-pages.md).
// A page rendered for one signed-in visitor costs ~15 ms of CPU, almost all of it React rendering
// the page; the page is the same as an anonymous visitor's but for a few personal parts. So a
// route that declares `sharedWhenSignedIn` is served to a signed-in visitor from the page cache
// (or rendered once, anonymously, and kept for everyone), and its personal parts are rendered
// alone for this visitor with the same components and put in place of the anonymous ones:
//   [data-personal="header"]  the header's favorites link, basket button and account menu
//   form[data-favorite=ID]    a product's heart (read in the same D1 batch as the header's values)
//   [data-personal="hero"]    home's call to action (Join Now, or Start Shopping)
//   [data-notify=ID]          a rented item's 'Notify me', or 'We'll tell you when it's back' once asked
//   [data-reserved=ID]        a reserved item's box: to the shopper whose checkout holds it, the way to their order
//                             and until when, in their own zone (decision 0098)
// The anonymous parts are found by their exact markup (rendered by the same components, and
// tests/integration/personal-page-freshness.test.ts holds them equal to the page's), which costs a few
// string searches instead of parsing the page. The visitor's values also go into a JSON data
// block, which the client reads while the page's hydration data is still the anonymous one
// (app/components/personal.ts), so React hydrates the very markup it would render itself. The
// answer is never stored: it is `private, no-store`. Which requests get one: stitch-gate.server.ts.

const PERSONAL_COOKIE = /^(?:__Host-)?cl_(?:session|toast)=/;

/** The same request as an anonymous visitor sends it: without the session (and toast) cookie. */
export function anonymousRequest(request: Request) {
  const cookie = (request.headers.get("cookie") ?? "")
    .split(/;\s*/)
    .filter((c) => c && !PERSONAL_COOKIE.test(c))
    .join("; ");
  const headers = new Headers(request.headers);
  if (cookie) headers.set("cookie", cookie);
  else headers.delete("cookie");
  return new Request(request.url, { method: "GET", headers, signal: request.signal });
}

// The header and home's call to action link only to absolute paths: they render alike at any
// URL, so one router serves them, and their anonymous markup is rendered once per isolate.
const anonymous = perIsolate(() =>
  rootRenderer().then((render) => ({
    header: render(<HeaderPersonal user={null} cartCount={0} />),
    hero: render(<HeroLink signedIn={false} />),
  })),
);

// A visitor's header is the same on every page they open: the markup of the last few headers,
// by everything they show (so a changed basket count or name is a different header), kept as the
// frame's is (decision 0142). One React would hoist from (an avatar's preload) is rendered each time.
const personalHeaders = perIsolate(async () => {
  const render = await rootRenderer();
  return { render, keep: markupKeeper(render) };
});
async function headerFor({ user, cartCount }: Personal) {
  const { render, keep } = await personalHeaders();
  const part = <HeaderPersonal user={user} cartCount={cartCount} />;
  return keep(JSON.stringify([user, cartCount]), part) ?? render(part);
}

/** `make()`'s value, kept in `memo` under `key`: worked out once for a kept page. */
function derivedOnce<T>(memo: Map<string, unknown>, key: string, make: () => T): T {
  if (!memo.has(key)) memo.set(key, make());
  return memo.get(key) as T;
}

/** JSON that can sit in an HTML script element: `<` never closes it. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, "\\u003c");

/** The ids a page's personal parts of one kind are for: `<tag … attribute="ID"`, each once. */
function partIds(html: string, tag: string, attribute: string) {
  // Most pages have none of a kind: one plain search says so before any pattern runs.
  if (!html.includes(` ${attribute}="`)) return [];
  return [
    ...new Set(
      [...html.matchAll(new RegExp(`<${tag}[^>]*\\s${attribute}="([^"]+)"`, "g"))].map((m) => decodeAttribute(m[1]!)),
    ),
  ];
}

/** The products a page has hearts for (each is one `form[data-favorite]`). */
export const heartsIn = (html: string) => partIds(html, "form", "data-favorite");

/** The rented items a page has 'Notify me' for (each is one `[data-notify]`, decision 0051). */
export const notifiesIn = (html: string) => partIds(html, "form", "data-notify");

/** The items a page says are reserved (each is one `div[data-reserved]`, decision 0068). */
export const reservationsIn = (html: string) => partIds(html, "div", "data-reserved");

const decodeAttribute = (value: string) =>
  value
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");

function replaceOnce(html: string, from: string, to: string): string | null {
  const at = html.indexOf(from);
  return at < 0 ? null : html.slice(0, at) + to + html.slice(at + from.length);
}

/**
 * The shared page `html` (an anonymous visitor's) with `personal`'s parts in place of the
 * anonymous ones, and their values in the data block before `</body>`; `url` is the page's.
 * Null when a part is not where it should be (its markup changed): the caller then renders the
 * page for the visitor instead — a page is never half stitched.
 */
export async function stitchPersonalPage(
  html: string,
  url: string,
  personal: Personal,
  nonce: string | null,
): Promise<string | null> {
  const parts = await anonymous();
  const atRootRender = await rootRenderer();
  let out: string | null = replaceOnce(html, parts.header, await headerFor(personal));
  if (out === null) return null;
  if (out.includes('data-personal="hero"')) {
    out = replaceOnce(out, parts.hero, atRootRender(<HeroLink signedIn={Boolean(personal.user)} />));
    if (out === null) return null;
  }
  const saved = Object.entries(personal.favorites).filter(([, on]) => on);
  const held = Object.entries(personal.held ?? {});
  // A reserved item the visitor holds has no 'Notify me' any more: its box is theirs.
  const asked = Object.entries(personal.backInStock ?? {}).filter(([id, on]) => on && !personal.held?.[id]);
  if (saved.length || asked.length || held.length) {
    // A heart renders its page's path (the form's returnTo): these render at the page's URL.
    const render = await partRenderer(url);
    for (const [productId, reservation] of held) {
      out = replaceOnce(
        out!,
        render(
          <BackInStock productId={productId} expectedBack={reservedText(reservation.until)} waiting={false} reserved />,
        ),
        render(<HeldForYou productId={productId} held={reservation} />),
      );
      if (out === null) return null;
    }
    for (const [productId] of saved) {
      out = replaceOnce(
        out!,
        render(<FavoriteButton productId={productId} saved={false} />),
        render(<FavoriteButton productId={productId} saved />),
      );
      if (out === null) return null;
    }
    for (const [productId] of asked) {
      out = replaceOnce(
        out!,
        render(<NotifyMe productId={productId} waiting={false} />),
        render(<NotifyMe productId={productId} waiting />),
      );
      if (out === null) return null;
    }
  }
  // Follow buttons and home's 'From sellers you follow' (decision 0090).
  if (personal.follows || personal.followingRail) out = stitchFollows(out!, personal, await partRenderer(url));
  if (out === null) return null;
  const end = out!.lastIndexOf("</body>");
  if (end < 0) return null;
  const block = `<script type="application/json" id="${PERSONAL_BLOCK_ID}"${nonce ? ` nonce="${nonce}"` : ""}>${scriptJson(personal)}</script>`;
  // After everything React renders in the body (hydration leaves a body's extra tail alone).
  return out!.slice(0, end) + block + out!.slice(end);
}

// A visitor's header values and every item they saved, kept in the isolate for a few seconds
// (like the session record, docs/decisions/0039-stitched-personal-pages.md): the next shared page
// of their visit needs no D1 statement. Kept with the visitor's D1 bookmark, which every write of
// theirs moves (d1-session.server.ts), so their own changes show at once in any isolate; an
// action in this isolate also forgets them (forgetVisit). What others change (a role given by
// staff) shows within VISIT_MS. Visitors who saved more than ALL_FAVORITES_LIMIT items are read
// each time.
const VISIT_MS = 10_000;
interface KnownVisit {
  until: number;
  bookmark: string | null;
  user: NonNullable<Personal["user"]>;
  cartCount: number;
  favorites: Set<string>;
  /** Every rented item the visitor is waiting for (decision 0051). */
  waiting: Set<string>;
  /** Every seller and store they follow, or null when more than are kept (decision 0090). */
  follows: Set<string> | null;
}
const visits = new Map<string, KnownVisit>();
/** When each session's visit was last forgotten: a page that began reading before then keeps nothing. */
const forgotten = new Map<string, number>();

/**
 * Forgets the visit of the request's session: it is about to change something, and again once it
 * has (workers/app.ts), so that a page of theirs read while the change was under way, which may
 * hold what it replaced, is not kept for the next one.
 */
export async function forgetVisit(request: Request, services: AppContext) {
  if (!hasSessionCookie(request)) return;
  const id = await readSessionId(request, services);
  if (!id) return;
  visits.delete(id);
  forgotten.delete(id);
  forgotten.set(id, Date.now());
  if (forgotten.size > 1000) forgotten.delete(forgotten.keys().next().value!);
}

const personalOf = (
  user: KnownVisit["user"],
  cartCount: number,
  hearts: string[],
  saved: Set<string>,
  notifies: string[],
  waiting: Set<string>,
  held: Personal["held"] = {},
): Personal => ({
  user,
  cartCount,
  favorites: Object.fromEntries(hearts.map((id) => [id, saved.has(id)])),
  ...(notifies.length ? { backInStock: Object.fromEntries(notifies.map((id) => [id, waiting.has(id)])) } : {}),
  ...(Object.keys(held).length ? { held } : {}),
});

/** What a page has personal parts for, beyond the header: hearts, 'Notify me' and reserved items. */
interface PageParts {
  hearts: string[];
  notifies: string[];
  reserved: string[];
}

/** The visitor's header values, which of the page's hearts they saved, which rented items they asked about and which reserved items their checkout holds: from memory, or one D1 statement. */
async function personalValues(
  request: Request,
  services: AppContext,
  session: NonNullable<Awaited<ReturnType<typeof readSession>>>,
  now: number,
  { hearts, notifies, reserved }: PageParts,
) {
  const bookmark = readBookmark(request);
  const known = visits.get(session.id);
  // A reserved item's holder is read each time (a page with one is rare; a checkout changes it).
  if (known && known.until > now && known.bookmark === bookmark && reserved.length === 0)
    return {
      personal: personalOf(known.user, known.cartCount, hearts, known.favorites, notifies, known.waiting),
      setCookie: null,
      follows: known.follows,
    };
  visits.delete(session.id);
  const readFrom = Date.now();
  // A reserved item's 'until' reads in its holder's zone, as the root middleware reads it for a
  // page rendered for them (decision 0098): from this request, never from the shared page.
  const zone = requestTimeZone(request, !services.config.isDev);
  const heldIn = (held: Record<string, HeldReservation>) =>
    Object.fromEntries(Object.entries(held).map(([id, reservation]) => [id, heldForYouBox(reservation, zone)]));
  const visit = await visitOf(services, session, now, hearts, {
    allFavorites: true,
    waitingOf: notifies,
    heldOf: reserved,
  });
  if (!visit.user) return { personal: null, setCookie: visit.setCookie, follows: null };
  const user = headerUser(visit.user);
  // Saved (or asked about) more than can be kept, or changed since this read began: the next page asks again.
  if (visit.allFavorites && visit.allWaiting && (forgotten.get(session.id) ?? -Infinity) < readFrom) {
    visits.set(session.id, {
      until: now + VISIT_MS,
      bookmark,
      user,
      cartCount: visit.cartCount,
      favorites: visit.allFavorites,
      waiting: visit.allWaiting,
      follows: visit.allFollows,
    });
    if (visits.size > 1000) visits.delete(visits.keys().next().value!);
  }
  return {
    personal: personalOf(user, visit.cartCount, hearts, visit.favorites, notifies, visit.waiting, heldIn(visit.held)),
    setCookie: visit.setCookie,
    follows: visit.allFollows,
  };
}

export interface PersonalPageOptions {
  services: AppContext;
  cache: PageCacheOptions;
  /** Renders a request (a fresh router context each time). */
  render: (request: Request) => Promise<Response>;
  now: number;
}

/**
 * The shared page for a signed-in visitor, with their parts stitched in; null when the request
 * must be rendered for the visitor instead (no session, or a page that could not be stitched).
 * The page comes through the page cache as an anonymous visitor's; the visitor's header values
 * and saved items come from memory or one D1 statement (personalValues).
 */
export async function servePersonalPage(
  request: Request,
  { services, cache, render, now }: PersonalPageOptions,
): Promise<Response | null> {
  const session = await readSession(request, services, { remembered: true, now });
  if (!session) return null;
  const shared = anonymousRequest(request);
  const page = await pageTextWithCache(shared, cache, () => render(shared));
  const html = page.text;
  const headers = new Headers(page.headers);
  headers.set("cache-control", "private, no-store");
  if (!(page.headers.get("content-type") ?? "").startsWith("text/html"))
    return new Response(html, { status: page.status, statusText: page.statusText, headers });
  // The page's personal parts are the same for every visitor: found once while the page is kept.
  const parts = derivedOnce(page.derived, "parts", () => ({
    hearts: heartsIn(html),
    notifies: notifiesIn(html),
    reserved: reservationsIn(html),
    follows: followsIn(html),
  }));
  const values = await personalValues(request, services, session, now, parts);
  const { setCookie } = values;
  const personal = values.personal
    ? {
        ...values.personal,
        ...(await followValues(services, session.stored.userId, html, now, values.follows, parts.follows)),
      }
    : null;
  if (setCookie) headers.append("set-cookie", setCookie);
  // The session's user is gone: the visitor is anonymous now, and this page is theirs as it is.
  if (!personal) return new Response(html, { status: page.status, statusText: page.statusText, headers });
  const nonce = /'nonce-([^']+)'/.exec(page.headers.get("content-security-policy") ?? "")?.[1] ?? null;
  const stitched = await stitchPersonalPage(html, request.url, personal, nonce);
  if (stitched === null) {
    console.error(
      `personal page: ${new URL(request.url).pathname} could not be stitched (a personal part's markup changed); rendered for the visitor`,
    );
    return null;
  }
  headers.set("x-page-cache", `stitched-${page.headers.get("x-page-cache") ?? "render"}`);
  headers.delete("content-length");
  return new Response(stitched, { status: page.status, statusText: page.statusText, headers });
}
