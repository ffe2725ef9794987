import { createContext, createElement, Fragment, useContext, type ReactNode } from "react";
import { renderToReadableStream } from "react-dom/server.node";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { deferredPartsLoaded } from "../components/kit/deferred-part";
import { MarkupOnceContext } from "../components/kit/kept-markup";
import { Footer } from "../components/layout/footer";
import { Header, type HeaderUser } from "../components/layout/header";
import { DEFAULT_SETTINGS } from "../domain/site";
import { markupKeeper, partRenderer } from "./part-renderer.server";

// The frame's markup kept by what it shows (decision 0142): a page renders it as React renders it
// in place, for every visitor and address, and each frame is rendered once per what it shows.

// A page as entry.server.tsx renders it (React's stream) at `url`, with `part` as its one route.
const Page = createContext<ReactNode>(null);
const handler = createStaticHandler([{ path: "*", Component: () => useContext(Page) }]);
async function renderedAt(url: string, part: ReactNode) {
  const context = await handler.query(new Request(url));
  if (context instanceof Response) throw new Error("the page's router answered with a response");
  const router = createStaticRouter(handler.dataRoutes, context);
  const stream = await renderToReadableStream(
    createElement(
      Page.Provider,
      { value: part },
      createElement(StaticRouterProvider, { router, context, hydrate: false }),
    ),
  );
  await stream.allReady;
  return new Response(stream).text();
}

const shopper: HeaderUser = {
  fullName: "Ada <Lovelace>",
  email: "ada@closetloop.test",
  isVendor: true,
  isStore: false,
  isAdmin: false,
  unread: 3,
  messages: 1,
};
const staff: HeaderUser = {
  fullName: null,
  email: "staff@closetloop.test",
  isVendor: false,
  isStore: true,
  isAdmin: true,
  avatarUrl: "/images/a.webp",
};
const social = { instagram_url: "https://www.instagram.com/closetloop" };
const currency = { chosen: "EUR" as const, prices: null, ratesUnavailable: true };

describe("the frame's markup, kept by what it shows (decision 0142)", () => {
  it("is the markup React renders in the page, visitor after visitor, page after page, each rendered once", async () => {
    await deferredPartsLoaded();
    const atRoot = await partRenderer("http://localhost/");
    let renders = 0;
    const keeper = markupKeeper((part) => {
      renders++;
      return atRoot(part);
    });
    const addresses = [
      "http://localhost/all-products?search=coat&size=UK+10",
      "http://localhost/newsletter",
      "http://localhost/currency",
    ];
    const visitors = [
      [null, 0, ""],
      [shopper, 2, "coat"],
      [staff, 0, "<b>"],
    ] as const;
    for (let round = 0; round < 2; round++)
      for (const url of addresses)
        for (const [user, cartCount, search] of visitors) {
          const frame = createElement(
            Fragment,
            null,
            createElement(Header, { user, cartCount, search }),
            createElement(Footer, { social, settings: DEFAULT_SETTINGS, year: 2026, currency }),
          );
          const inPlace = await renderedAt(url, frame);
          const kept = await renderedAt(url, createElement(MarkupOnceContext.Provider, { value: keeper }, frame));
          expect(kept).toBe(inPlace);
        }
    expect(
      await renderedAt(
        addresses[0]!,
        createElement(Footer, { social, settings: DEFAULT_SETTINGS, year: 2026, currency }),
      ),
    ).toContain('name="returnTo" value="/all-products?search=coat&amp;size=UK+10"');
    // Three headers (one per visitor) and three footers (one per address), each rendered once.
    expect(renders).toBe(3 + 3);
  });

  it("keeps the last parts asked for, dropping the least recently used first", () => {
    const rendered: string[] = [];
    const keeper = markupKeeper((part) => {
      rendered.push(String(part));
      return `<p>${String(part)}</p>`;
    }, 2);
    expect(keeper("a", "A")).toBe("<p>A</p>");
    keeper("b", "B");
    keeper("a", "A");
    keeper("c", "C");
    keeper("a", "A");
    keeper("b", "B");
    expect(rendered).toEqual(["A", "B", "C", "B"]);
    // An image's preload React would hoist into the head: the part is rendered in place (null).
    const withImage = markupKeeper(() => '<link rel="preload" as="image" href="/a.webp"/><p><img src="/a.webp"/></p>');
    expect(withImage("d", "D")).toBeNull();
  });
});
