// The built Worker (`npm run build`) as workerd takes it through Miniflare: the options wrangler
// derives from the build's wrangler.json (bindings, compatibility), and its modules — the entry,
// the chunks it imports and the image codecs' WebAssembly, compiled. One place for the local
// server (serve.mjs), the jobs command (jobs.mjs) and the production-build test (deploy.test.mjs).
import { readdirSync } from "node:fs";
import path from "node:path";
import { unstable_getMiniflareWorkerOptions } from "wrangler";

/** `serverDir` is the build's server folder (build/server); spread the result into a Miniflare worker. */
export function builtWorker(serverDir = "build/server") {
  const root = path.resolve(serverDir);
  const { workerOptions, main } = unstable_getMiniflareWorkerOptions(path.join(root, "wrangler.json"));
  const { modulesRules: _rules, ...options } = workerOptions;
  const entry = path.resolve(main ?? path.join(root, "index.js"));
  const chunks = readdirSync(root, { recursive: true })
    .filter((file) => file.endsWith(".js") || file.endsWith(".wasm"))
    .map((file) => path.join(root, file))
    .filter((file) => file !== entry);
  const modules = [entry, ...chunks].map((file) => ({ type: file.endsWith(".wasm") ? "CompiledWasm" : "ESModule", path: file }));
  return { ...options, name: "closetloop", modulesRoot: root, modules };
}

/**
 * Where the local bindings keep their data: CLOSETLOOP_STATE (the benchmark's and the jobs
 * test's own folders) or .wrangler/state, the folder `npm start` seeds. Spread into Miniflare's options.
 */
export function localState() {
  return {
    cf: false,
    telemetry: { enabled: false },
    resourcePersistencePath: path.resolve(process.env.CLOSETLOOP_STATE ?? ".wrangler/state", "v3"),
    resourceTmpPath: path.resolve(".wrangler/tmp"),
  };
}
