import { createElement, lazy, type ComponentProps, type ComponentType } from "react";
import { preloadModule } from "react-dom";
import { useNonce } from "../nonce";

// A dashboard tab's components load with the tab (decision 0127): a dashboard's route module no
// longer carries every tab's code to every tab. On the server the first render in an isolate
// waits for the module (there is no Suspense boundary above a tab, so the shell holds it: the
// page is whole without JavaScript), and the page names the tab's chunk and its imports in
// `<link rel="modulepreload">`, so the browser fetches them beside the route's own modules and
// hydration does not wait a round trip longer for them. The server build gives each module the
// client loads lazily its chunks as `__clientChunks` (scripts/vite/client-chunks.mjs); in the
// browser, the dev server and the tests there are none. Moving to another tab (a transition)
// keeps the current one on screen until its chunk came.

/** The component `name` of the module `load` brings, loaded on first render, its chunks preloaded. */
export function lazyTab<M extends Record<K, ComponentType<any>>, K extends keyof M>(load: () => Promise<M>, name: K) {
  // On the server a tab's module loads with its route's, as when the route imported it: a
  // render never waits for it (its failure, if any, is the render's).
  const early = import.meta.env.SSR ? load() : undefined;
  early?.catch(() => {});
  return lazy(async () => {
    const loaded = (await (early ?? load())) as M & { __clientChunks?: readonly string[] };
    const Tab = loaded[name];
    const chunks = loaded.__clientChunks ?? [];
    if (chunks.length === 0) return { default: Tab };
    function PreloadedTab(props: ComponentProps<M[K]>) {
      const nonce = useNonce();
      for (const href of chunks) preloadModule(href, { as: "script", nonce });
      return createElement(Tab, props);
    }
    return { default: PreloadedTab as M[K] };
  });
}
