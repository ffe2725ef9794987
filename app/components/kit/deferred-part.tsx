import { createElement, Suspense, use, type ComponentProps, type ComponentType } from "react";

// A part of every page that hydrates after the page (decision 0128): the cookie bar, the footer's
// newsletter form and currency picker. Their code is not first-load JavaScript: the page's own
// hydrates without it, and each part's chunk is asked for when hydration reaches it. Until it
// came, the part is the server's HTML, whose forms post as they do without JavaScript; then it
// hydrates in place (its Suspense boundary) and its enhancements start.
// On the server every part's module is loaded before the first render (entry.server.tsx awaits
// `deferredPartsLoaded`), so a part never suspends there: the HTML is whole, with or without
// JavaScript, and never carries a fallback.

const everyPart: (() => Promise<void>)[] = [];

/** The component `name` of the module `load` brings, hydrated when its chunk came. */
export function deferredPart<M extends Record<K, ComponentType<any>>, K extends keyof M>(
  load: () => Promise<M>,
  name: K,
) {
  let Loaded: M[K] | undefined;
  let loading: Promise<void> | undefined;
  const start = () =>
    (loading ??= load().then(
      (module) => {
        Loaded = module[name];
      },
      (error: unknown) => {
        if (typeof document === "undefined") throw error;
        // Its code did not come (a weak connection, a new deploy): the part stays the server's
        // HTML, whose forms still post, instead of the page's error boundary.
        return new Promise<void>(() => {});
      },
    ));
  everyPart.push(start);
  function Part(props: ComponentProps<M[K]>) {
    if (!Loaded) use(start());
    return createElement(Loaded!, props);
  }
  return function DeferredPart(props: ComponentProps<M[K]>) {
    return createElement(Suspense, { fallback: null }, createElement(Part, props));
  };
}

/** Every deferred part's module loaded: the server renders them whole (entry.server.tsx). */
export const deferredPartsLoaded = () => Promise.all(everyPart.map((start) => start()));
