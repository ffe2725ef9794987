import { cloudflare } from "@cloudflare/vite-plugin";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { clientChunks } from "./scripts/vite/client-chunks.mjs";
import { drizzleIsRemembered } from "./scripts/vite/drizzle-is-remembered.mjs";
import { drizzleLimitWritten } from "./scripts/vite/drizzle-limit-written.mjs";
import { drizzleRowPlan } from "./scripts/vite/drizzle-row-plan.mjs";
import { reactChunkBytes } from "./scripts/vite/react-chunk-bytes.mjs";
import { reactRouterResolvedTargets } from "./scripts/vite/react-router-resolved-targets.mjs";
import { reactRouterMatchesRemembered } from "./scripts/vite/react-router-matches-remembered.mjs";
import { reactRouterBuildHeaderOnce } from "./scripts/vite/react-router-build-header-once.mjs";
import {
  reactRouterWithoutInstrumentation,
  reactRouterWithoutUnusedFeatures,
} from "./scripts/vite/react-router-client-lean.mjs";
import { reactDomWithoutUnusedFeatures } from "./scripts/vite/react-dom-client-lean.mjs";
import { reactRouterRenderLean } from "./scripts/vite/react-router-render-lean.mjs";
import { reactRouterRoutesOnce } from "./scripts/vite/react-router-routes-once.mjs";
import { reactRouterUrlWhenRead } from "./scripts/vite/react-router-url-when-read.mjs";
import { reactTextChunks } from "./scripts/vite/react-text-chunks.mjs";

// One chunk for the framework and what the root route shows on every page (header, footer,
// toasts and their store, the forms' shared parts and the price formatter every price shares): a
// single gzip stream compresses better than many small ones (docs/performance.md, JavaScript
// budget). Every other piece of app code goes where the bundler puts it by the pages that import
// it (a chunk per set of pages), so a page loads only the components and rules it uses; until
// decision 0096 all shared app code went with the framework and every page carried it. The basket
// drawer, the search box's suggestions and Radix load on first use (the header imports them
// lazily); the cookie bar, the newsletter form and the currency picker hydrate after the page
// (decision 0128; decision 0130 says why the header, the footer and the toasts do not).
const FRAMEWORK = /node_modules\/(react|react-dom|react-router|scheduler|cookie|set-cookie-parser)\//;
const ROOT_PARTS =
  /\/app\/(context\.ts|components\/(layout\/(header|footer|icons|consent-part)|kit\/(deferred-part|kept-markup)|not-found|progress-bar|toaster|toasts|forms|nonce|time-zone-script|personal|money\/price)\.tsx?|domain\/(site|unavailable|consent|badge|initials|currency|money|toast)\.ts)$/;

export default defineConfig({
  plugins: [
    // CLOSETLOOP_STATE points the local bindings at another state folder (benchmarks use their own).
    cloudflare({
      viteEnvironment: { name: "ssr" },
      persistState: process.env.CLOSETLOOP_STATE ? { path: process.env.CLOSETLOOP_STATE } : true,
    }),
    tailwindcss(),
    reactRouter(),
    // The client build's lazy chunks told to the server build, which preloads a shown tab's (decision 0127).
    clientChunks(),
    // Library work the Worker's build does once instead of per request (scripts/vite/library-patch.mjs):
    // React measures its chunks without the Buffer polyfill (decision 0110) and encodes its text in
    // large pieces; drizzle's class checks, React Router's matches of a path and its links' absolute
    // targets are worked out once, its build-time check of the environment read once (decision
    // 0111); its loader data encoded with less work and its links and forms without the handlers a
    // server render never calls (decision 0114); drizzle's row mapping planned once per statement
    // (decision 0117); React Router's route trees made once per build (decision 0118); the `url`
    // its loaders, actions and middleware are given made only when one reads it (decision 0136); a
    // whole-number row limit written into the statement, which SQLite would compile again at every
    // use with the limit bound (decision 0145).
    reactChunkBytes(),
    reactTextChunks(),
    drizzleIsRemembered(),
    drizzleRowPlan(),
    drizzleLimitWritten(),
    reactRouterMatchesRemembered(),
    ...reactRouterResolvedTargets(),
    reactRouterBuildHeaderOnce(),
    ...reactRouterRenderLean(),
    ...reactRouterRoutesOnce(),
    ...reactRouterUrlWhenRead(),
    // The browser's build without React Router's instrumentation (decision 0133), view transitions,
    // blockers and React Server Components paths (decision 0147), client middleware, client data
    // functions, link prefetching and NavLink (decision 0148), which the app never uses.
    reactRouterWithoutInstrumentation(),
    ...reactRouterWithoutUnusedFeatures(),
    // The browser's React DOM without view transitions, fragment refs and action state (decision 0149).
    reactDomWithoutUnusedFeatures(),
  ],
  resolve: { tsconfigPaths: true },
  // The wrangler environment this bundle is for (`npm run deploy` builds with CLOUDFLARE_ENV=production):
  // a production bundle refuses to run as development (app/env.server.ts).
  define: { "import.meta.env.CLOUDFLARE_ENV": JSON.stringify(process.env.CLOUDFLARE_ENV ?? "") },
  environments: {
    ssr: { build: { minify: true } },
    client: {
      build: {
        rollupOptions: {
          // app/domain is pure by the project's layers (no storage, no I/O): a page that imports one
          // name from a module does not load the rest of it for its top-level tables (decision 0096).
          treeshake: { moduleSideEffects: (id: string) => !/\/app\/domain\//.test(id) },
          output: {
            manualChunks(id: string) {
              if (FRAMEWORK.test(id) || ROOT_PARTS.test(id)) return "framework";
            },
          },
        },
      },
    },
  },
});
