// What `scripts/serve.mjs` is asked for on its command line (its header lists the flags), read by
// Node's own parser: an unknown flag or a flag without its value stops the server with a message.
import { parseArgs } from "node:util";

const OPTIONS = {
  port: { type: "string", default: "4173" },
  "page-cache-seconds": { type: "string" },
  "worker-only": { type: "boolean", default: false },
  "no-cron": { type: "boolean", default: false },
  "inspector-port": { type: "string" },
  binding: { type: "string", multiple: true, default: [] },
};

/** The options of `args`, the flags alone (process.argv.slice(2)). */
export function serveArgs(args) {
  const { values } = parseArgs({ args, options: OPTIONS, strict: true });
  const workerOnly = values["worker-only"];
  const inspector = values["inspector-port"];
  return {
    port: Number(values.port),
    pageCacheSeconds: values["page-cache-seconds"],
    workerOnly,
    // The Worker alone never ran the five-minute trigger; the benchmark asks for none (decision 0129).
    cron: !workerOnly && !values["no-cron"],
    inspectorPort: inspector === undefined ? undefined : Number(inspector),
    bindings: Object.fromEntries(
      values.binding.map((pair) => [pair.slice(0, pair.indexOf("=")), pair.slice(pair.indexOf("=") + 1)]),
    ),
  };
}
