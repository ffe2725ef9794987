// Serves the built Worker (`npm run build`) in workerd through Miniflare's API, with the bindings
// of the build's wrangler.json and the same persisted local D1/R2/KV/Queue state that the
// migrations and the seed wrote (CLOSETLOOP_STATE, else .wrangler/state). No Vite or Node proxy
// sits in front: requests go straight to workerd, as they would on Cloudflare.
//   --port N                  (default 4173)
//   --page-cache-seconds N    override PAGE_CACHE_SECONDS (the benchmark renders with 0)
//   --binding NAME=VALUE      set one more plain-text binding (repeatable; the benchmark lifts the
//                             conversations' rate limits with it to measure one object's throughput)
//   --worker-only             the Worker alone on the port: no static assets, so none of the
//                             local asset plumbing (Miniflare's entry worker, the asset router
//                             and asset worker) runs in front of it. For the benchmark: locally
//                             every isolate shares workerd's one thread, and a major GC in any of
//                             them stalls all (docs/performance.md). No Cron trigger runs.
//   --no-cron                 no Cron trigger: the benchmark measures pages, and the five-minute
//                             job (up to 250 'You may also like' lists) landing inside one page's
//                             seconds made that page's figure the machine's, not the page's
//   --inspector-port N        expose the Worker's V8 inspector on 127.0.0.1:N (the benchmark's
//                             --profile records a CPU profile through it; issue 47)
// The five-minute Cron trigger (wrangler.toml [triggers]) runs here as it does on Cloudflare: a
// reservation left unpaid ends after 31 minutes (decision 0055). The daily and weekly jobs run
// when you ask (`npm run jobs`), so the demo's rentals and payouts do not change under you.
import { convertV4MiniflareOptions, Log, LogLevel, Miniflare } from "miniflare";
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
const mf = new Miniflare(
  convertV4MiniflareOptions({
    host: "localhost",
    // Worker-only: Miniflare's own entry listens on a free port; the Worker gets a direct socket.
    port: workerOnly ? 0 : port,
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
        ...(workerOnly ? { assets: undefined, unsafeDirectSockets: [{ host: "127.0.0.1", port }] } : {}),
        ...(inspectorPort ? { unsafeInspectorProxy: true } : {}),
      },
    ],
  }),
);
const listening = await mf.ready;
const url = workerOnly ? `http://127.0.0.1:${port}/ (the Worker alone)` : listening;
const site = workerOnly ? `http://localhost:${port}` : String(listening).replace(/\/$/, "");
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
  await mf.dispose();
  process.exit(0);
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
