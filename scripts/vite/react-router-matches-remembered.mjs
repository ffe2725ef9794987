// React Router matches a request's path against its ~200 route branches in turn, a regular
// expression each, three times a document request: to pick the server's routes, again in the
// static handler's query, and in the render for the page's parent paths ("/" and "/product" for a
// product page) to list the routes the browser may need. That was ~5% of the product page's CPU.
// The matches of a path are the same until the routes change (update, which only development's
// hot reload calls again), so the Worker's matcher keeps the last 1,000 paths' matches and hands
// out a copy each time (a caller may change what it gets). A new path is walked once, not twice;
// a parent path not at all. Decision 0111.
import { libraryPatch } from "./library-patch.mjs";

export const PATHS_KEPT = 1000;

/** React Router's server matcher, keeping the matches of the paths it has seen (the build's SSR bundle). */
export const reactRouterMatchesRemembered = () =>
  libraryPatch({
    name: "react-router-matches-remembered",
    library: "React Router",
    decision: "0111",
    file: /react-router[\\/]dist[\\/]production[\\/]lib[\\/]router[\\/]matcher\.js$/,
    environments: ["ssr"],
    replacements: [
      [
        "\tupdate(routes) {\n\t\tthis.#routes = routes;",
        "\tupdate(routes) {\n\t\tthis.#remembered = new Map();\n\t\tthis.#routes = routes;",
      ],
      [
        "\tmatch(locationArg, allowPartial = false) {\n\t\treturn matchRoutesImpl(this.#routes, locationArg, this.#basename, allowPartial, this.#branches);\n\t}",
        `\t#remembered = new Map();
\tmatch(locationArg, allowPartial = false) {
\t\tconst path = typeof locationArg === "string" ? locationArg : locationArg?.pathname;
\t\tif (typeof path !== "string") return matchRoutesImpl(this.#routes, locationArg, this.#basename, allowPartial, this.#branches);
\t\tconst key = (allowPartial ? "+" : "=") + path;
\t\tlet matches = this.#remembered.get(key);
\t\tif (matches === undefined) {
\t\t\tmatches = matchRoutesImpl(this.#routes, locationArg, this.#basename, allowPartial, this.#branches);
\t\t\tif (this.#remembered.size >= ${PATHS_KEPT}) this.#remembered.delete(this.#remembered.keys().next().value);
\t\t\tthis.#remembered.set(key, matches);
\t\t}
\t\treturn copyOfMatches(matches);
\t}`,
      ],
      [
        "//#endregion\nexport { V6RegExMatcher };",
        `function copyOfMatches(matches) {
\tif (matches === null) return null;
\tconst params = matches.length > 0 ? { ...matches[matches.length - 1].params } : {};
\treturn matches.map((match) => ({ ...match, params }));
}
//#endregion
export { V6RegExMatcher };`,
      ],
    ],
  });
