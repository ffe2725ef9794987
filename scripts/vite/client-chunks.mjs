// The client build's lazy chunks, told to the server build (decision 0127). A dashboard's tab loads
// its components lazily (app/components/kit/lazy-tab.ts); for the shown tab to hydrate as soon as
// before, the page names that tab's chunk and what it imports in `<link rel="modulepreload">`,
// fetched beside the route's own modules. React Router's manifest does not list lazy chunks; the
// client's bundle does, and the client is built before the server: this plugin reads the client's
// chunks as they are written, and in the server build each module the client loads lazily gets
// one more export, `__clientChunks`, its chunk and imports as URLs (what lazyTab preloads).
// Elsewhere (the dev server, the tests) modules are as written: nothing is preloaded.
import path from "node:path";
import { closureOf } from "../chunks.mjs";
const EVERY_PAGE = /[\\/](app[\\/]root\.tsx|entry\.client\.tsx)(\?|$)/;
// Only a route's lazy modules are preloaded (its tabs); the layout's (the basket drawer, the
// cookie bar) load when they are wanted, so they get no list.
const ROUTE = /[\\/]app[\\/]routes[\\/]/;

/**
 * The client's chunks as the server build needs them: each module of the app that a route loads
 * lazily (by its path from `root`, as `lazyTab` names it) with its chunk and the chunks that chunk
 * imports statically, theirs too, as URLs under `base`; less what is loaded already where it is
 * asked for: what every page loads (the client entry and the root route, with their imports) and
 * what the modules that ask for it import (a route module's own chunks), which React Router's
 * own links name.
 *
 * `chunks`: the client bundle's chunks, `{ fileName, imports, dynamicImports, moduleIds, facadeModuleId }`.
 */
export function lazyChunkMap(chunks, root, base = "/") {
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const closure = (file, seen = new Set()) => closureOf(file, (f) => byFile.get(f)?.imports ?? [], seen);
  const everyPage = new Set();
  for (const chunk of chunks) if (EVERY_PAGE.test(chunk.facadeModuleId ?? "")) closure(chunk.fileName, everyPage);
  const map = {};
  const routes = chunks.filter((chunk) => ROUTE.test(chunk.facadeModuleId ?? ""));
  for (const lazy of new Set(routes.flatMap((chunk) => chunk.dynamicImports ?? []))) {
    const loaded = new Set(everyPage);
    for (const chunk of chunks) if (chunk.dynamicImports?.includes(lazy)) closure(chunk.fileName, loaded);
    const urls = [...closure(lazy)].filter((file) => !loaded.has(file)).map((file) => base + file);
    for (const id of byFile.get(lazy)?.moduleIds ?? []) {
      const source = path.relative(root, id.replace(/\?.*$/, "")).split(path.sep).join("/");
      if (source.startsWith("app/")) map[source] = urls;
    }
  }
  return map;
}

/** The plugin: in the server build, each module the client loads lazily exports its chunks as `__clientChunks`. */
export function clientChunks() {
  let root = "";
  let base = "/";
  let map = null;
  return {
    name: "closetloop:client-chunks",
    apply: "build",
    // One instance for the client's build and the server's, which reads what the client's wrote.
    sharedDuringBuild: true,
    configResolved(config) {
      root = config.root;
      base = config.base;
    },
    generateBundle(_options, bundle) {
      if (this.environment?.name !== "client") return;
      map = lazyChunkMap(
        Object.values(bundle).filter((output) => output.type === "chunk"),
        root,
        base,
      );
    },
    transform(code, id) {
      if (this.environment?.name !== "ssr" || !map) return;
      const chunks = map[path.relative(root, id.replace(/\?.*$/, "")).split(path.sep).join("/")];
      if (!chunks) return;
      return { code: `${code}\nexport const __clientChunks = ${JSON.stringify(chunks)};\n`, map: null };
    },
  };
}
