import { cloudflare } from "@cloudflare/vite-plugin";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

// One chunk for the framework and the shared components that every page loads: a single gzip
// stream compresses better than many small ones (docs/performance.md, JavaScript budget).
// The basket drawer (with the basket's lines, which /cart shares), the search box's suggestions
// and Radix stay out of it: they load on first use. So do home's own parts (its route loads them).
const FRAMEWORK = /node_modules\/(react|react-dom|react-router|scheduler|cookie|set-cookie-parser)\//;
// Code only the dashboards use (the dashboard kit, the admin back office, the seller's product form,
// the image upload control and their rules) stays out of it too, so shopper pages do not carry it;
// so do the product card, the Follow button and the seller's badges (issue 46): the pages that show them load them.
const NOT_SHARED = /basket-drawer|search-suggest|\/components\/home\/|\/components\/cart\/(cart-groups|rental-choices|price-parts)|\/components\/(offers|selling)\/|\/components\/catalog\/(listing|filter-sidebar)|\/components\/(seller|admin|store|order|messages|kit|auth)\/|\/components\/(image-upload|dashboard|admin[-.]|blog-post-form|reject-form|back-in-stock|return-address-fields|start-selling-panel|follow-button|seller-badges|seller-card|badges-help|product-card|address-fields|ships-to)|\/domain\/(admin[-.]|account|uploads|order-lifecycle|order-money|shipping|notifications|fairness|tabs|product-fields|seller-dashboard|store-dashboard|decision-reason|finance-report|finance-ids|selling|roles|sizes|my-sizes|size-filter|messages|similar|search-correction|product-form|alerts|blog-form|area-shrink|payouts|payment-timing|ratings|badges|follows|tracking|rental-dates|label-svg|code128|countries|address-rules|shipping-zones|offers|bundles)/;

export default defineConfig({
  plugins: [
    // CLOSETLOOP_STATE points the local bindings at another state folder (benchmarks use their own).
    cloudflare({ viteEnvironment: { name: "ssr" }, persistState: process.env.CLOSETLOOP_STATE ? { path: process.env.CLOSETLOOP_STATE } : true }),
    tailwindcss(),
    reactRouter(),
  ],
  resolve: { tsconfigPaths: true },
  // The wrangler environment this bundle is for (`npm run deploy` builds with CLOUDFLARE_ENV=production):
  // a production bundle refuses to run as development (app/env.server.ts).
  define: { "import.meta.env.CLOUDFLARE_ENV": JSON.stringify(process.env.CLOUDFLARE_ENV ?? "") },
  environments: {
    client: {
      build: {
        rollupOptions: {
          output: {
            manualChunks(id: string) {
              if (FRAMEWORK.test(id) || (/\/app\/(components|domain)\//.test(id) && !NOT_SHARED.test(id))) return "framework";
            },
          },
        },
      },
    },
  },
});
