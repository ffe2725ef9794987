// How the client build's chunks load one another, read from their source as the bundler writes it
// (scripts/js-budget.mjs): static imports (`import{a}from"./x.js"`, `import"./x.js"`) load with a
// chunk; a lazy import (`import("./x.js")`) loads when the code that asks for it runs.

const STATIC = /(?:\bfrom|\bimport)\s*[`"']\.\/([^`"']+\.js)[`"']/g;
const LAZY = /\bimport\(\s*[`"']\.\/([^`"']+\.js)[`"']\s*\)/g;

/** The chunks `source` imports lazily, as paths beside it (`/assets/x.js` for `./x.js` in /assets). */
export const lazyImportsOf = (source, dir = "/assets") => [...source.matchAll(LAZY)].map((m) => `${dir}/${m[1]}`);

/** A chunk with every chunk it imports statically, and theirs; `read(path)` gives a chunk's source. */
export function staticClosure(file, read, seen = new Set()) {
  if (seen.has(file)) return seen;
  seen.add(file);
  const dir = file.slice(0, file.lastIndexOf("/"));
  for (const m of read(file).matchAll(STATIC)) staticClosure(`${dir}/${m[1]}`, read, seen);
  return seen;
}
