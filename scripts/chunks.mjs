// How the client build's chunks load one another, read from their source as the bundler writes it
// (scripts/js-budget.mjs): static imports (`import{a}from"./x.js"`, `import"./x.js"`) load with a
// chunk; a lazy import (`import("./x.js")`) loads when the code that asks for it runs.

const STATIC = /(?:\bfrom|\bimport)\s*[`"']\.\/([^`"']+\.js)[`"']/g;
const LAZY = /\bimport\(\s*[`"']\.\/([^`"']+\.js)[`"']\s*\)/g;

/** The chunks `source` imports lazily, as paths beside it (`/assets/x.js` for `./x.js` in /assets). */
export const lazyImportsOf = (source, dir = "/assets") => [...source.matchAll(LAZY)].map((m) => `${dir}/${m[1]}`);

/** The chunks `source` (a chunk in `dir`) imports statically, as paths beside it. */
export const staticImportsOf = (source, dir = "/assets") => [...source.matchAll(STATIC)].map((m) => `${dir}/${m[1]}`);

/**
 * A chunk with every chunk it imports statically, and theirs, each once: `importsOf(file)` gives a
 * chunk's static imports (from its source here; from the bundle's chunk objects in
 * scripts/vite/client-chunks.mjs).
 */
export function closureOf(file, importsOf, seen = new Set()) {
  if (seen.has(file)) return seen;
  seen.add(file);
  for (const imported of importsOf(file)) closureOf(imported, importsOf, seen);
  return seen;
}

/** The same, read from the chunks' source: `read(path)` gives a chunk's source. */
export const staticClosure = (file, read, seen = new Set()) =>
  closureOf(file, (f) => staticImportsOf(read(f), f.slice(0, f.lastIndexOf("/"))), seen);
