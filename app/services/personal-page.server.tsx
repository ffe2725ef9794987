import { createContext, useContext, type ReactNode } from "react";
// The same React build as app/entry.server.tsx (see there why the Node build).
import { renderToString } from "react-dom/server.node";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router";
import { FavoriteButton } from "../components/favorite-button";
import { HeroLink } from "../components/home/hero-link";
import { HeaderPersonal } from "../components/layout/header";
import { headerUser, PERSONAL_BLOCK_ID, type Personal } from "../components/personal";
import type { Database } from "../data/db.server";
import { isFavorite } from "../data/favorites.server";
import type { SessionUser } from "./session.server";

// Signed-in visitors get the shared page (issue 17, item 2; docs/decisions/0039-stitched-personal-pages.md).
// A page rendered for one signed-in visitor costs ~15 ms of CPU, almost all of it React rendering
// the page; the page is the same as an anonymous visitor's but for a few personal parts. So a
// route that declares `sharedWhenSignedIn` is served to a signed-in visitor from the page cache
// (or rendered once, anonymously, and kept for everyone), and its personal parts, each marked in
// the markup, are rendered alone for this visitor with the same components and put in place as
// the page streams through HTMLRewriter:
//   [data-personal="header"]  the header's favorites link, basket button and account menu
//   form[data-favorite=ID]    a product's heart (one D1 read per heart)
//   [data-personal="hero"]    home's call to action (Join Now, or Start Shopping)
// The visitor's values also go into a JSON data block, which the client reads while the page's
// hydration data is still the anonymous one (app/components/personal.ts), so React hydrates the
// very markup it would render itself. The answer is never stored: it is `private, no-store`.

/** Does a route module let signed-in visitors have its shared page (`export const sharedWhenSignedIn = true`)? */
export function sharesWithSignedIn(module: { sharedWhenSignedIn?: unknown } | null) {
  return module?.sharedWhenSignedIn === true;
}

const PERSONAL_COOKIE = /^(?:__Host-)?cl_(?:session|toast)=/;

/**
 * Can this request be answered with a stitched shared page? A document GET (not a client
 * navigation's data request) from a visitor with a session cookie and no toast to show.
 */
export function wantsStitchedPage(request: Request) {
  if (request.method !== "GET") return false;
  const url = new URL(request.url);
  if (url.pathname.endsWith(".data")) return false;
  const cookies = (request.headers.get("cookie") ?? "").split(/;\s*/);
  return cookies.some((c) => /^(?:__Host-)?cl_session=/.test(c)) && !cookies.some((c) => /^(?:__Host-)?cl_toast=/.test(c));
}

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

// A personal part is rendered inside a router of its own (links, forms and fetchers need one)
// at the page's URL; one static route renders whatever part is asked for.
const Part = createContext<ReactNode>(null);
function PartRoute() {
  return useContext(Part);
}
const handler = createStaticHandler([{ path: "*", Component: PartRoute }]);

async function partRenderer(url: string) {
  const context = await handler.query(new Request(url));
  if (context instanceof Response) throw new Error("a personal part's router answered with a response");
  const router = createStaticRouter(handler.dataRoutes, context);
  return (part: ReactNode) =>
    renderToString(
      <Part.Provider value={part}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </Part.Provider>,
    );
}

/** JSON that can sit in an HTML script element: `<` never closes it. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, "\\u003c");

export interface Visitor {
  user: SessionUser | null;
  cartCount: number;
}

/**
 * The shared page `page` with `visitor`'s personal parts in place, and their values in the data
 * block; `db` reads the visitor's favorites, `url` is the page's. Answers other than HTML pass
 * through unchanged.
 */
export async function stitchPersonalPage(page: Response, visitor: Visitor, db: Database, url: string): Promise<Response> {
  if (!(page.headers.get("content-type") ?? "").startsWith("text/html") || !page.body) return page;
  const render = await partRenderer(url);
  const personal: Personal = { user: visitor.user && headerUser(visitor.user), cartCount: visitor.cartCount, favorites: {} };
  const nonce = /'nonce-([^']+)'/.exec(page.headers.get("content-security-policy") ?? "")?.[1];
  const rewriter = new HTMLRewriter()
    .on('[data-personal="header"]', {
      element(element) {
        element.replace(render(<HeaderPersonal user={personal.user} cartCount={personal.cartCount} />), { html: true });
      },
    })
    .on('[data-personal="hero"]', {
      element(element) {
        element.replace(render(<HeroLink signedIn={Boolean(personal.user)} />), { html: true });
      },
    })
    .on("form[data-favorite]", {
      async element(element) {
        const productId = element.getAttribute("data-favorite")!;
        const saved = visitor.user ? await isFavorite(db, visitor.user.id, productId) : false;
        personal.favorites[productId] = saved;
        element.replace(render(<FavoriteButton productId={productId} saved={saved} />), { html: true });
      },
    })
    // After everything React renders in the body (hydration leaves a body's extra tail alone).
    .on("body", {
      element(element) {
        element.onEndTag((end) => {
          end.before(`<script type="application/json" id="${PERSONAL_BLOCK_ID}"${nonce ? ` nonce="${nonce}"` : ""}>${scriptJson(personal)}</script>`, { html: true });
        });
      },
    });
  const headers = new Headers(page.headers);
  headers.set("cache-control", "private, no-store");
  headers.set("x-page-cache", `stitched-${page.headers.get("x-page-cache") ?? "render"}`);
  headers.delete("content-length");
  return rewriter.transform(new Response(page.body, { status: page.status, statusText: page.statusText, headers }));
}
