import { createElement, Suspense, use, type ComponentProps, type ComponentType } from "react";

// A part of every page that hydrates after the page (decision 0128): the cookie bar, the footer's
// newsletter form and currency picker. Their code is not first-load JavaScript: the page's own
// hydrates without it, and each part's chunk is asked for when hydration reaches it. Until it
// came, the part is the server's HTML, whose forms post as they do without JavaScript; then it
// hydrates in place (its Suspense boundary) and its enhancements start.
// On the server every part's module is loaded before the first render (entry.server.tsx awaits
// `deferredPartsLoaded`), so a part never suspends there: the HTML is whole, with or without
// JavaScript, and never carries a fallback.
// A part whose code does not come (refused, or not there within `PART_WAIT_MS`) keeps the server's
// HTML for good (decision 0146): React hydrates the parts in one pass and waits at a part that
// suspends, so a part left waiting for ever held the others' hydration and the router's
// transitions with it.

const everyPart: (() => Promise<void>)[] = [];

/** How long a part's code may take before the part stays the server's HTML. */
export const PART_WAIT_MS = 5_000;

/** The component `name` of the module `load` brings, hydrated when its chunk came. */
export function deferredPart<M extends Record<K, ComponentType<any>>, K extends keyof M>(
  load: () => Promise<M>,
  name: K,
) {
  const id = String(name);
  let Loaded: M[K] | undefined;
  // The server's HTML of a part whose code did not come, as it stood in the page.
  let kept: string | undefined;
  let loading: Promise<void> | undefined;
  const start = () =>
    (loading ??= new Promise<M>((resolve, reject) => {
      load().then(resolve, reject);
      if (typeof document !== "undefined") setTimeout(reject, PART_WAIT_MS);
    }).then(
      (module) => {
        Loaded = module[name];
      },
      (error: unknown) => {
        if (typeof document === "undefined") throw error;
        kept = document.querySelector(`[data-part="${id}"]`)?.innerHTML ?? "";
      },
    ));
  everyPart.push(start);
  function Part(props: ComponentProps<M[K]>) {
    if (!Loaded && kept === undefined) use(start());
    // The wrapper draws no box (display: contents); it finds the part's HTML in the page. Kept
    // HTML is hydrated as it stands: React neither reads nor changes children given as HTML.
    return createElement(
      "div",
      { "data-part": id, className: "contents", dangerouslySetInnerHTML: Loaded ? undefined : { __html: kept! } },
      Loaded && createElement(Loaded, props),
    );
  }
  return function DeferredPart(props: ComponentProps<M[K]>) {
    return createElement(Suspense, { fallback: null }, createElement(Part, props));
  };
}

/** Every deferred part's module loaded: the server renders them whole (entry.server.tsx). */
export const deferredPartsLoaded = () => Promise.all(everyPart.map((start) => start()));
