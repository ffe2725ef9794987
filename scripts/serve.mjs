// Serves the built Worker (`npm run build`) in workerd through Miniflare's API, with the bindings
// of the build's wrangler.json and the same persisted local D1/R2/KV/Queue state that the
// migrations and the seed wrote (CLOSETLOOP_STATE, else .wrangler/state). In front, as Cloudflare
// serves static assets before the Worker, scripts/asset-front.mjs answers build/client's files
// and hands every other request to the Worker's own socket (decision 0150).
//   --port N                  (default 4173)
//   --page-cache-seconds N    override PAGE_CACHE_SECONDS (the benchmark renders with 0)
//   --binding NAME=VALUE      set one more plain-text binding (repeatable; the benchmark lifts the
//                             conversations' rate limits with it to measure one object's throughput)
//   --worker-only             the Worker alone on the port: no static assets, no front. For the
//                             benchmark (the Worker's own figures). No Cron trigger runs.
//   --no-cron                 no Cron trigger: the benchmark measures pages, and the five-minute
//                             job (up to 250 'You may also like' lists) landing inside one page's
//                             seconds made that page's figure the machine's, not the page's
//   --inspector-port N        expose the Worker's V8 inspector on 127.0.0.1:N (the benchmark's
//                             --profile records a CPU profile through it; issue 47)
// The five-minute Cron trigger (wrangler.toml [triggers]) runs here as it does on Cloudflare: a
// reservation left unpaid ends after 31 minutes (decision 0055). The daily and weekly jobs run
// when you ask (`npm run jobs`), so the demo's rentals and payouts do not change under you.
import net from "node:net";
import path from "node:path";
import { convertV4MiniflareOptions, Log, LogLevel, Miniflare } from "miniflare";
import { assetPaths, startFront } from "./asset-front.mjs";
import { builtWorker, localState } from "./built-worker.mjs";
import { serveArgs } from "./serve-args.mjs";

const {
  port,
  pageCacheSeconds,
  workerOnly,
  cron: runsCron,
  inspectorPort,
  bindings: extraBindings,
} = serveArgs(process.argv.slice(2));
// The build is an entry module plus chunks (and .wasm modules) it imports; workerd gets every one of them.
const worker = builtWorker();
/** A port no one listens on now, for the Worker's socket behind the front. */
const freePort = () =>
  new Promise((resolve, reject) => {
    const probe = net.createServer().listen(0, "127.0.0.1", () => {
      const { port: free } = probe.address();
      probe.close(() => resolve(free));
    });
    probe.once("error", reject);
  });
const workerPort = workerOnly ? port : await freePort();
const mf = new Miniflare(
  convertV4MiniflareOptions({
    host: "localhost",
    // Miniflare's own entry (unused) listens on a free port; the Worker gets a socket of its own.
    port: 0,
    log: new Log(LogLevel.WARN),
    logRequests: false,
    ...(inspectorPort ? { inspectorPort } : {}),
    ...localState(),
    workers: [
      {
        ...worker,
        bindings: {
          ...worker.bindings,
          ...(pageCacheSeconds !== undefined ? { PAGE_CACHE_SECONDS: pageCacheSeconds } : {}),
          ...extraBindings,
        },
        // Its assets are served by the front (or not at all, with --worker-only).
        assets: undefined,
        unsafeDirectSockets: [{ host: "127.0.0.1", port: workerPort }],
        ...(inspectorPort ? { unsafeInspectorProxy: true } : {}),
      },
    ],
  }),
);
await mf.ready;
// The static assets in a workerd of their own (Miniflare's emulation of Cloudflare's asset
// server: _headers, ETags, 304s), behind the front with the Worker (decision 0150).
const assetsDir = path.resolve(worker.assets?.directory ?? "build/client");
const assetServer = workerOnly
  ? null
  : new Miniflare(
      convertV4MiniflareOptions({
        host: "127.0.0.1",
        port: 0,
        log: new Log(LogLevel.WARN),
        logRequests: false,
        cf: false,
        telemetry: { enabled: false },
        workers: [
          {
            name: "closetloop-assets",
            modules: true,
            compatibilityDate: worker.compatibilityDate,
            script: "export default { fetch: () => new Response(null, { status: 404 }) };",
            assets: { ...worker.assets, directory: assetsDir, routerConfig: { has_user_worker: false } },
          },
        ],
      }),
    );
const front = assetServer
  ? await startFront({
      port,
      workerPort,
      assetsPort: Number((await assetServer.ready).port),
      assets: assetPaths(assetsDir),
    })
  : null;
const url = `http://127.0.0.1:${port}/ (the Worker alone)`;
const site = `http://localhost:${port}`;
console.log(
  workerOnly
    ? `\nClosetloop is running at ${url}  (Ctrl+C to stop)\n`
    : [
        "",
        `Closetloop is running at ${site}/  (Ctrl+C to stop)`,
        "  Demo accounts: shopper@, vendor@, store@, admin@closetloop.test … (README), password closetloop-demo",
        `  E-mails sent: ${site}/dev/outbox   Payments and payouts: ${site}/dev/payments`,
        "",
      ].join("\n"),
);
const FIVE_MINUTES = 5 * 60_000;
let cron;
const nextTick = () => {
  cron = setTimeout(
    async () => {
      try {
        await (await mf.getWorker(worker.name)).scheduled({ cron: "*/5 * * * *", scheduledTime: new Date() });
      } catch (error) {
        console.error("The five-minute job (reservations) failed:", error);
      }
      nextTick();
    },
    FIVE_MINUTES - (Date.now() % FIVE_MINUTES),
  );
};
if (runsCron) nextTick();
const stop = async () => {
  clearTimeout(cron);
  front?.close();
  await Promise.all([mf.dispose(), assetServer?.dispose()]);
  process.exit(0);
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
