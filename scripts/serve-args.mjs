// What `scripts/serve.mjs` is asked for on its command line (its header lists the flags).

/** The options of `argv` (process.argv, or its flags alone). */
export function serveArgs(argv) {
  const valueOf = (flag) => {
    const at = argv.indexOf(flag);
    return at >= 0 ? argv[at + 1] : undefined;
  };
  const workerOnly = argv.includes("--worker-only");
  const inspector = valueOf("--inspector-port");
  return {
    port: Number(valueOf("--port") ?? 4173),
    pageCacheSeconds: valueOf("--page-cache-seconds"),
    workerOnly,
    // The Worker alone never ran the five-minute trigger; the benchmark asks for none (decision 0129).
    cron: !workerOnly && !argv.includes("--no-cron"),
    inspectorPort: inspector === undefined ? undefined : Number(inspector),
    bindings: Object.fromEntries(
      argv
        .flatMap((arg, i) => (arg === "--binding" ? [argv[i + 1] ?? ""] : []))
        .map((pair) => [pair.slice(0, pair.indexOf("=")), pair.slice(pair.indexOf("=") + 1)]),
    ),
  };
}
