// At every document request React Router's server render rebuilt its whole route tree twice:
// the route modules listed from the build (createEntryRouteModules), every route of the app made
// into a render route (createServerRoutes: ~100 routes, their components looked up), and each of
// those made into a data route with React elements for its component and error boundary
// (createStaticRouter → convertRoutesToDataRoutes). All of it follows from the build alone, which
// does not change while the isolate lives: ~2.7% of /all-products' CPU. The Worker's build makes
// each once per build (kept in a WeakMap by the build's own objects) and hands the same trees to
// every render. Nothing in a server render changes them: the static router refuses every call that
// would (navigate, patchRoutes), and the request's matches are new objects that point at them.
// Decision 0118.
import { libraryPatch } from "./library-patch.mjs";

const RR = "react-router[\\\\/]dist[\\\\/]production[\\\\/]lib[\\\\/]";

/** The route modules of a build, listed once per build (server-runtime/entry.js). */
const entryModulesOnce = () =>
  libraryPatch({
    name: "react-router-route-modules-once",
    library: "React Router",
    decision: "0118",
    file: new RegExp(`${RR}server-runtime[\\\\/]entry\\.js$`),
    environments: ["ssr"],
    replacements: [
      [
        "function createEntryRouteModules(manifest) {\n\treturn Object.keys(manifest).reduce(",
        `const entryRouteModulesOfBuild = new WeakMap();
function createEntryRouteModules(manifest) {
\tlet modules = entryRouteModulesOfBuild.get(manifest);
\tif (modules === void 0) entryRouteModulesOfBuild.set(manifest, modules = createEntryRouteModulesAnew(manifest));
\treturn modules;
}
function createEntryRouteModulesAnew(manifest) {
\treturn Object.keys(manifest).reduce(`,
      ],
    ],
  });

/** The render routes of a build, made once per build's manifest and modules (dom/ssr/server.js). */
const serverRoutesOnce = () =>
  libraryPatch({
    name: "react-router-server-routes-once",
    library: "React Router",
    decision: "0118",
    file: new RegExp(`${RR}dom[\\\\/]ssr[\\\\/]server\\.js$`),
    environments: ["ssr"],
    replacements: [
      [
        "let routes = createServerRoutes(manifest.routes, routeModules, context.future, context.isSpaMode);",
        "let routes = serverRoutesOnce(manifest.routes, routeModules, context.future, context.isSpaMode);",
      ],
      [
        "//#endregion\nexport { ServerRouter };",
        `const serverRoutesOfManifest = new WeakMap();
function serverRoutesOnce(manifestRoutes, routeModules, future, isSpaMode) {
\tlet kept = serverRoutesOfManifest.get(manifestRoutes);
\tif (kept === void 0 || kept.routeModules !== routeModules || kept.isSpaMode !== isSpaMode) {
\t\tkept = { routeModules, isSpaMode, routes: createServerRoutes(manifestRoutes, routeModules, future, isSpaMode) };
\t\tserverRoutesOfManifest.set(manifestRoutes, kept);
\t}
\treturn kept.routes;
}
//#endregion
export { ServerRouter };`,
      ],
    ],
  });

/** A static router's data routes, made once per list of routes (dom/server.js). */
const staticDataRoutesOnce = () =>
  libraryPatch({
    name: "react-router-static-data-routes-once",
    library: "React Router",
    decision: "0118",
    file: new RegExp(`${RR}dom[\\\\/]server\\.js$`),
    environments: ["ssr"],
    replacements: [
      [
        "\tlet manifest = {};\n\tlet dataRoutes = convertRoutesToDataRoutes(routes, void 0, void 0, manifest);",
        "\tlet { manifest, dataRoutes } = staticDataRoutesOnce(routes);",
      ],
      [
        "function createStaticRouter(routes, context, opts = {}) {",
        `const staticDataRoutesOfRoutes = new WeakMap();
function staticDataRoutesOnce(routes) {
\tlet kept = staticDataRoutesOfRoutes.get(routes);
\tif (kept === void 0) {
\t\tlet manifest = {};
\t\tkept = { manifest, dataRoutes: convertRoutesToDataRoutes(routes, void 0, void 0, manifest) };
\t\tstaticDataRoutesOfRoutes.set(routes, kept);
\t}
\treturn kept;
}
function createStaticRouter(routes, context, opts = {}) {`,
      ],
    ],
  });

/** The three, for vite.config.ts. */
export const reactRouterRoutesOnce = () => [entryModulesOnce(), serverRoutesOnce(), staticDataRoutesOnce()];
export { entryModulesOnce, serverRoutesOnce, staticDataRoutesOnce };
