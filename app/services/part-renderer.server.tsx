import { createContext, useContext, type ReactNode } from "react";
// The same React build as app/entry.server.tsx (see there why the Node build).
import { renderToString } from "react-dom/server.node";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router";
import type { MarkupOnce } from "../components/kit/kept-markup";
import { perIsolate } from "./per-isolate";

// A part of a page rendered alone, inside a router of its own (links, forms and fetchers need one)
// at the page's URL; one static route renders whatever part is asked for. The stitched pages'
// personal parts (personal-page.server.tsx) and the frame every page shares (decision 0142).
const Part = createContext<ReactNode>(null);
function PartRoute() {
  return useContext(Part);
}
const handler = createStaticHandler([{ path: "*", Component: PartRoute }]);

export type Render = (part: ReactNode) => string;

export async function partRenderer(url: string): Promise<Render> {
  const context = await handler.query(new Request(url));
  if (context instanceof Response) throw new Error("a part's router answered with a response");
  const router = createStaticRouter(handler.dataRoutes, context);
  return (part) =>
    renderToString(
      <Part.Provider value={part}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </Part.Provider>,
    );
}

/**
 * Parts that link and post only to absolute paths render alike at any URL: one router serves
 * them all (the header, home's call to action, the footer given the page's address as a value).
 */
export const rootRenderer = perIsolate(() => partRenderer("http://localhost/"));

/** How many parts' markup an isolate keeps: the least recently used is dropped first. */
export const MARKUP_KEPT = 500;

// What React hoists into the page's head (an image's preload, a title, a stylesheet): rendered
// alone, a part writes it before its own markup instead, which the page's head would not have.
const HOISTED = /^<(link|meta|title|base|style|script)[\s>]/;

/**
 * A keeper of parts' markup (decision 0142): the markup of a part by the key of what it shows,
 * rendered at the first request that asks for it and kept for the next. A part whose markup
 * carries something React hoists into the head is kept as null: the page renders it in place.
 */
export function markupKeeper(render: Render, size = MARKUP_KEPT): MarkupOnce {
  const kept = new Map<string, string | null>();
  return (key, part) => {
    let markup = kept.get(key);
    if (markup === undefined) {
      const rendered = render(part);
      markup = HOISTED.test(rendered) ? null : rendered;
      if (kept.size >= size) kept.delete(kept.keys().next().value!);
    } else {
      kept.delete(key);
    }
    kept.set(key, markup);
    return markup;
  };
}

/** The isolate's keeper of the frame's markup, rendered with the root router. */
export const frameMarkup = perIsolate(async () => markupKeeper(await rootRenderer()));
