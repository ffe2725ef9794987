// React Router resolves every link's and form's target against the route's matches at each use:
// it turns the matches' paths into JSON and back, then resolves the target (twice a link: for its
// href and for its click handler). A target that is an absolute path ("/product/p1?x=1") resolves
// the same whatever the matches and the location are, so the Worker's build resolves it once and
// keeps the answer for the last 2,000 targets, handing out a copy. On the home page the links were
// 7% of the CPU (`useResolvedPath` 2.9%). A relative target is resolved as before. Decision 0111.
import { libraryPatch } from "./library-patch.mjs";

export const TARGETS_KEPT = 2000;

/** React Router's useResolvedPath, with absolute targets resolved once (the build's SSR bundle). */
export const reactRouterAbsolutePaths = () =>
  libraryPatch({
    name: "react-router-absolute-paths",
    library: "React Router",
    decision: "0111",
    file: /react-router[\\/]dist[\\/]production[\\/]lib[\\/]hooks\.js$/,
    environments: ["ssr"],
    replacements: [
      [
        `\tlet routePathnamesJson = JSON.stringify(getResolveToMatches(matches));
\treturn React$1.useMemo(() => resolveTo(to, JSON.parse(routePathnamesJson), locationPathname, relative === "path"), [`,
        `\tlet absolute = typeof to === "string" && to.charCodeAt(0) === 47;
\tlet routePathnamesJson = absolute ? "" : JSON.stringify(getResolveToMatches(matches));
\treturn React$1.useMemo(() => absolute ? resolvedAbsolute(to, relative === "path") : resolveTo(to, JSON.parse(routePathnamesJson), locationPathname, relative === "path"), [`,
      ],
      [
        "function useResolvedPath(to, { relative } = {}) {",
        `const absoluteTargets = new Map();
function resolvedAbsolute(to, isPathRelative) {
\tlet key = (isPathRelative ? "p" : "r") + to;
\tlet found = absoluteTargets.get(key);
\tif (found === void 0) {
\t\tfound = resolveTo(to, [], "/", isPathRelative);
\t\tif (absoluteTargets.size >= ${TARGETS_KEPT}) absoluteTargets.delete(absoluteTargets.keys().next().value);
\t\tabsoluteTargets.set(key, found);
\t}
\treturn { ...found };
}
function useResolvedPath(to, { relative } = {}) {`,
      ],
    ],
  });
