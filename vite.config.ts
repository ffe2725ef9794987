import { cloudflare } from "@cloudflare/vite-plugin";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

// One chunk for the framework and the shared components that every page loads: a single gzip
// stream compresses better than many small ones (docs/performance.md, JavaScript budget).
// The basket drawer and Radix stay out of it: they load on first use. So do the dashboard kit and
// the admin back office's own code (app/components/dashboard, app/components/admin*,
// app/domain/admin-*): shoppers' pages never use them.
const FRAMEWORK = /node_modules\/(react|react-dom|react-router|scheduler|cookie|set-cookie-parser)\//;
const DASHBOARDS_ONLY = /\/app\/((components|domain)\/admin[-./]|components\/dashboard\.)/;

export default defineConfig({
  plugins: [
    // CLOSETLOOP_STATE points the local bindings at another state folder (benchmarks use their own).
    cloudflare({ viteEnvironment: { name: "ssr" }, persistState: process.env.CLOSETLOOP_STATE ? { path: process.env.CLOSETLOOP_STATE } : true }),
    tailwindcss(),
    reactRouter(),
  ],
  resolve: { tsconfigPaths: true },
  environments: {
    client: {
      build: {
        rollupOptions: {
          output: {
            manualChunks(id: string) {
              if (FRAMEWORK.test(id) || (/\/app\/(components|domain)\//.test(id) && !id.includes("basket-drawer") && !DASHBOARDS_ONLY.test(id))) return "framework";
            },
          },
        },
      },
    },
  },
});
