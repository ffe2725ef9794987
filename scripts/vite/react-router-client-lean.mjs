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
