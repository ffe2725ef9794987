// React Router resolves every link's and form's target against the route's matches at each use:
// it turns the matches' paths into JSON and back, then resolves the target (twice a link: for its
// href and for its click handler; a form without an action resolves "."). The answer depends only
// on the target, the route's paths, the location's path and how it is relative, so the Worker's
// build keeps the route's paths' JSON per matches (the same list for every link of a route) and
// the answers for the last 2,000 targets, handing out a copy; an absolute target resolves the same
// under any route. A form without an action also read the location's query through
// URLSearchParams to drop an empty `index`: only a query that can hold one is read now. On the home
// page the links were 7% of the CPU; on admin Users (200 forms) the forms 8%. Decision 0111.
import { libraryPatch } from "./library-patch.mjs";

export const TARGETS_KEPT = 2000;

/** React Router's useResolvedPath (and useFormAction), its answers kept (the build's SSR bundle). */
export const reactRouterResolvedTargets = () => [
  libraryPatch({
    name: "react-router-resolved-targets",
    library: "React Router",
    decision: "0111",
    file: /react-router[\\/]dist[\\/]production[\\/]lib[\\/]hooks\.js$/,
    environments: ["ssr"],
    replacements: [
      [
        `\tlet routePathnamesJson = JSON.stringify(getResolveToMatches(matches));
\treturn React$1.useMemo(() => resolveTo(to, JSON.parse(routePathnamesJson), locationPathname, relative === "path"), [`,
        `\tlet absolute = typeof to === "string" && to.charCodeAt(0) === 47;
\tlet routePathnamesJson = absolute ? "" : routePathnamesJsonOf(matches);
\treturn React$1.useMemo(() => typeof to === "string" ? resolvedTarget(to, routePathnamesJson, absolute ? "/" : locationPathname, relative === "path") : resolveTo(to, JSON.parse(routePathnamesJson), locationPathname, relative === "path"), [`,
      ],
      [
        "function useResolvedPath(to, { relative } = {}) {",
        `const pathnamesOfMatches = new WeakMap();
function routePathnamesJsonOf(matches) {
\tlet json = pathnamesOfMatches.get(matches);
\tif (json === void 0) {
\t\tjson = JSON.stringify(getResolveToMatches(matches));
\t\tpathnamesOfMatches.set(matches, json);
\t}
\treturn json;
}
const resolvedTargets = new Map();
function resolvedTarget(to, routePathnamesJson, locationPathname, isPathRelative) {
\tlet key = (isPathRelative ? "p" : "r") + routePathnamesJson + "\\u0000" + locationPathname + "\\u0000" + to;
\tlet found = resolvedTargets.get(key);
\tif (found === void 0) {
\t\tfound = resolveTo(to, routePathnamesJson ? JSON.parse(routePathnamesJson) : [], locationPathname, isPathRelative);
\t\tif (resolvedTargets.size >= ${TARGETS_KEPT}) resolvedTargets.delete(resolvedTargets.keys().next().value);
\t\tresolvedTargets.set(key, found);
\t}
\treturn { ...found };
}
function useResolvedPath(to, { relative } = {}) {`,
      ],
    ],
  }),
  libraryPatch({
    name: "react-router-form-action-query",
    library: "React Router",
    decision: "0111",
    file: /react-router[\\/]dist[\\/]production[\\/]lib[\\/]dom[\\/]lib\.js$/,
    environments: ["ssr"],
    replacements: [
      [
        `\t\tlet params = new URLSearchParams(path.search);
\t\tlet indexValues = params.getAll("index");`,
        `\t\tlet params = path.search.includes("index") || path.search.includes("%") ? new URLSearchParams(path.search) : null;
\t\tlet indexValues = params ? params.getAll("index") : [];`,
      ],
    ],
  }),
];
