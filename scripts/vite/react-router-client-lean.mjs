// React Router's browser router carries its instrumentation (router/instrumentation.js, 1.4 kB
// gzip on every page): hooks an app passes to <HydratedRouter instrumentations> to time its
// navigations, fetches, loaders and actions. Closetloop passes none, so the browser's build leaves
// the module out: the router's three calls into it answer as they do when no instrumentation is
// given, and fail loudly if one ever is. The Worker's build keeps React Router's own. Decision 0133.
import { libraryPatch } from "./library-patch.mjs";

export const INSTRUMENTATION_LEFT_OUT =
  "React Router's instrumentations are left out of the browser's build (decision 0133): pass none, or drop scripts/vite/react-router-client-lean.mjs.";

/** The browser's router without React Router's instrumentation (router/router.js, client build). */
export const reactRouterWithoutInstrumentation = () =>
  libraryPatch({
    name: "react-router-without-instrumentation",
    library: "React Router",
    decision: "0133",
    file: /react-router[\\/]dist[\\/]production[\\/]lib[\\/]router[\\/]router\.js$/,
    environments: ["client"],
    replacements: [
      [
        'import { consumeInstrumentationClientResultMetaReceiver, getRouteInstrumentationUpdates, instrumentClientSideRouter } from "./instrumentation.js";',
        `const consumeInstrumentationClientResultMetaReceiver = () => void 0;
const instrumentationLeftOut = () => {
\tthrow new Error(${JSON.stringify(INSTRUMENTATION_LEFT_OUT)});
};
const getRouteInstrumentationUpdates = instrumentationLeftOut;
const instrumentClientSideRouter = instrumentationLeftOut;`,
      ],
    ],
  });

export const BLOCKERS_LEFT_OUT =
  "React Router's blockers (useBlocker, unstable_usePrompt) are left out of the browser's build (decision 0147): use none, or drop reactRouterWithoutUnusedFeatures from scripts/vite/react-router-client-lean.mjs.";

export const CLIENT_MIDDLEWARE_LEFT_OUT =
  "React Router's client middleware is left out of the browser's build (decision 0148): export no clientMiddleware, or drop reactRouterWithoutUnusedFeatures from scripts/vite/react-router-client-lean.mjs.";

export const PREFETCH_LEFT_OUT =
  "React Router's prefetching of pages (<Link prefetch>, page links from `links`) is left out of the browser's build (decision 0148): use none, or drop reactRouterWithoutUnusedFeatures from scripts/vite/react-router-client-lean.mjs.";

export const CLIENT_DATA_LEFT_OUT =
  "React Router's clientLoader, clientAction and client middleware are left out of the browser's build (decision 0148): export none, or drop reactRouterWithoutUnusedFeatures from scripts/vite/react-router-client-lean.mjs.";

const rrFile = (name) =>
  new RegExp(
    `react-router[\\\\/]dist[\\\\/]production[\\\\/]lib[\\\\/]${name.replaceAll("/", "[\\\\/]").replaceAll(".", "\\.")}$`,
  );
const browserPatch = (name, file, replacements) =>
  libraryPatch({
    name,
    library: "React Router",
    decision: "0147",
    file: rrFile(file),
    environments: ["client"],
    replacements,
  });

// What React Router's client middleware pipeline does when no route has middleware: it checks that
// the request was not aborted (`runClientMiddleware`; the default strategy does not), then runs the
// handler. A route with middleware is refused.
const NO_CLIENT_MIDDLEWARE = (matches, request) =>
  `if (${matches}.some((m) => m.route.middleware)) throw new Error(${JSON.stringify(CLIENT_MIDDLEWARE_LEFT_OUT)});` +
  (request
    ? `\n\tif (${request}.signal.aborted) throw ${request}.signal.reason ?? new Error(\`Request aborted: \${${request}.method} \${${request}.url}\`);`
    : "");

const PREFETCH_REFUSED = `function prefetchLeftOut() {\n\tthrow new Error(${JSON.stringify(PREFETCH_LEFT_OUT)});\n}\n`;

// The router's new state, set in a transition as React Router does when no view transition is asked for.
const SET_STATE = `\t\tif (reactDomFlushSyncImpl && flushSync) reactDomFlushSyncImpl(() => setStateImpl(newState));
\t\telse if (useTransitions === false) setStateImpl(newState);
\t\telse React$1.startTransition(() => {
\t\t\tif (useTransitions === true) setOptimisticState((s) => getOptimisticRouterState(s, newState));
\t\t\tsetStateImpl(newState);
\t\t});
`;

/**
 * The browser's React Router without what Closetloop never uses (decision 0147): view transitions
 * (no link or navigation asks for one: the router's bookkeeping of them and the provider's states
 * and effects go), blockers (`useBlocker` refuses with BLOCKERS_LEFT_OUT; navigations no longer ask
 * one), the React Server Components paths (an RSC router is never mounted), the module script a
 * static render writes (the browser never renders statically), and `NavLink` (its name for
 * React's dev tools and its `forwardRef` call kept the unused component and its view-transition
 * hook in the bundle; decision 0148). Decision 0148 also leaves out client middleware (refused with
 * CLIENT_MIDDLEWARE_LEFT_OUT), routes' client data functions (CLIENT_DATA_LEFT_OUT) and links'
 * prefetching (PREFETCH_LEFT_OUT).
 */
export const reactRouterWithoutUnusedFeatures = () => [
  browserPatch("react-router-router-lean", "router/router.js", [
    [
      "\t\t\tif (unblockBlockerHistoryUpdate) {",
      "\t\t\t\treturn;\n\t\t\t}\n\t\t\treturn startNavigation(historyAction, location);",
      "\t\t\treturn startNavigation(historyAction, location);",
    ],
    ["\t\tif (isBrowser) {\n\t\t\trestoreAppliedTransitions(routerWindow, appliedViewTransitions);", "\t\t}\n", ""],
    [
      '\t\tlet viewTransitionOpts;\n\t\tif (pendingAction === "POP"',
      "\t\t\tviewTransitionOpts = {\n\t\t\t\tcurrentLocation: state.location,\n\t\t\t\tnextLocation: location\n\t\t\t};\n\t\t}\n",
      "\t\tlet viewTransitionOpts;\n",
    ],
    ["\t\tlet blockerKey = shouldBlockNavigation({\n\t\t\tcurrentLocation,", "\t\t\treturn;\n\t\t}\n", ""],
    [
      "\tfunction getBlocker(key, fn) {",
      "\t\t})) return blockerKey;\n\t}\n",
      `\tfunction getBlocker() {\n\t\tthrow new Error(${JSON.stringify(BLOCKERS_LEFT_OUT)});\n\t}\n\tfunction deleteBlocker() {}\n`,
    ],
    // Client middleware (decision 0148): a route's loaders run as React Router runs them when no
    // route has any (the request's abort checked first); a route that has some is refused.
    [
      "async function defaultDataStrategyWithMiddleware(args) {",
      "\treturn runClientMiddlewarePipeline(args, () => defaultDataStrategy(args));\n}\n",
      `async function defaultDataStrategyWithMiddleware(args) {\n\t${NO_CLIENT_MIDDLEWARE("args.matches")}\n\treturn defaultDataStrategy(args);\n}\n`,
    ],
    [
      "\t} : (cb) => {\n\t\tlet typedDataStrategyArgs = dataStrategyArgs;",
      "\t\t});\n\t};\n",
      `\t} : async (cb) => {\n\t\t${NO_CLIENT_MIDDLEWARE("matches", "request")}\n\t\treturn await cb({\n\t\t\t...dataStrategyArgs,\n\t\t\tfetcherKey,\n\t\t\trunClientMiddleware: () => {\n\t\t\t\tthrow new Error("Cannot call \`runClientMiddleware()\` from within an \`runClientMiddleware\` handler");\n\t\t\t}\n\t\t});\n\t};\n`,
    ],
  ]),
  browserPatch("react-router-provider-lean", "components.js", [
    [
      "\tlet [pendingState, setPendingState] = React$1.useState();",
      "\tlet fetcherData = React$1.useRef(/* @__PURE__ */ new Map());",
      "\tlet vtContext = IDLE_VIEW_TRANSITION;\n\tlet fetcherData = React$1.useRef(/* @__PURE__ */ new Map());",
    ],
    ["\t\tlet isViewTransitionAvailable = router.window", "\t\t\treturn;\n\t\t}\n", SET_STATE],
    [
      "\t\tif (reactDomFlushSyncImpl && flushSync) {\n\t\t\treactDomFlushSyncImpl(() => {",
      "\t}, [\n\t\trouter.window,\n\t\treactDomFlushSyncImpl,\n\t\ttransition,\n\t\trenderDfd,\n",
      "\t}, [\n\t\treactDomFlushSyncImpl,\n",
    ],
    [
      "\tReact$1.useEffect(() => {\n\t\tif (vtContext.isTransitioning && !vtContext.flushSync)",
      "\t}, [vtContext.isTransitioning, interruption]);\n",
      "",
    ],
    ["function RouterProvider(", "const IDLE_VIEW_TRANSITION = { isTransitioning: false };\nfunction RouterProvider("],
  ]),
  browserPatch("react-router-error-boundary-lean", "hooks.js", [
    ["\t\tif (this.context) return /* @__PURE__ */ React$1.createElement(RSCErrorHandler, { error }, result);\n", ""],
  ]),
  browserPatch("react-router-scripts-lean", "dom/ssr/components.js", [
    ["\tif (rsc) return /* @__PURE__ */ React$1.createElement(RSCPrefetchPageLinksImpl, {", "\t});\n", ""],
    [
      'let routeModulesScript = !isStatic ? " " : `',
      "import(${JSON.stringify(manifest.entry.module)});`;",
      'let routeModulesScript = " ";',
    ],
    // A page link from a route's `links` (decision 0148): none here; one is refused.
    [
      "keyedLinks.map(({ key, link }) => isPageLinkDescriptor(link) ? /* @__PURE__ */ React$1.createElement(PrefetchPageLinks, {",
      '\t}) : /* @__PURE__ */ React$1.createElement("link", {',
      `keyedLinks.map(({ key, link }) => isPageLinkDescriptor(link) ? prefetchLeftOut() : /* @__PURE__ */ React$1.createElement("link", {`,
    ],
    ["function Links({ nonce, crossOrigin }) {", `${PREFETCH_REFUSED}function Links({ nonce, crossOrigin }) {`],
  ]),
  // Routes' clientLoader, clientAction and clientMiddleware (decision 0148): no route module here
  // exports one; a route that does is refused. Every loader and action goes to the server.
  browserPatch("react-router-client-routes-lean", "dom/ssr/routes.js", [
    [
      "\t\t\t\t\tif (!routeModule.clientLoader) return fetchServerLoader(singleFetch);",
      "\n\t\t\t\t\t});\n",
      "\t\t\t\t\tif (routeModule.clientLoader) clientDataLeftOut();\n\t\t\t\t\treturn fetchServerLoader(singleFetch);\n",
    ],
    [
      "\t\t\t\t\tif (!routeModule.clientAction) {",
      "\n\t\t\t\t\t});\n",
      '\t\t\t\t\tif (routeModule.clientAction) clientDataLeftOut();\n\t\t\t\t\tif (isSpaMode) throw noActionDefinedError("clientAction", route.id);\n\t\t\t\t\treturn fetchServerAction(singleFetch);\n',
    ],
    [
      "\t\t\tdataRoute.lazy = {\n\t\t\t\tloader: route.hasClientLoader ? async () => {",
      "\t\t\t\t} : void 0,\n\t\t\t\tshouldRevalidate: async () => {",
      "\t\t\tif (route.hasClientLoader || route.hasClientAction || route.hasClientMiddleware) clientDataLeftOut();\n\t\t\tdataRoute.lazy = {\n\t\t\t\tshouldRevalidate: async () => {",
    ],
    [
      "function createClientRoutes(",
      `function clientDataLeftOut() {\n\tthrow new Error(${JSON.stringify(CLIENT_DATA_LEFT_OUT)});\n}\nfunction createClientRoutes(`,
    ],
  ]),
  // NavLink (unused) is made by a call the bundler must keep unless told it is pure (decision 0148);
  // a link's prefetching (`prefetch` is "none" on every link here) is refused.
  browserPatch("react-router-links-lean", "dom/lib.js", [
    ['NavLink.displayName = "NavLink";\n', ""],
    ["const NavLink = React$1.forwardRef(", "const NavLink = /* @__PURE__ */ React$1.forwardRef("],
    [
      "\tlet [shouldPrefetch, prefetchRef, prefetchHandlers] = usePrefetchBehavior(prefetch, rest);\n",
      '\tif (prefetch !== "none") prefetchLeftOut();\n\tlet prefetchRef = null, prefetchHandlers = {};\n',
    ],
    [
      "\treturn shouldPrefetch && !isAbsolute ? /* @__PURE__ */ React$1.createElement(React$1.Fragment, null, link, /* @__PURE__ */ React$1.createElement(PrefetchPageLinks, { page: href })) : link;\n",
      "\treturn link;\n",
    ],
    ["const Link = React$1.forwardRef(", `${PREFETCH_REFUSED}const Link = React$1.forwardRef(`],
  ]),
];
