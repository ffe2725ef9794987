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
  const modules = [entry, ...chunks].map((file) => ({
    type: file.endsWith(".wasm") ? "CompiledWasm" : "ESModule",
    path: file,
  }));
  return { ...options, name: "closetloop", modulesRoot: root, modules };
}

/**
 * Where the local bindings keep their data: CLOSETLOOP_STATE (the benchmark's and the jobs
 * test's own folders) or .wrangler/state, the folder `npm start` seeds. Spread into Miniflare's options.
 */
export function localState(state = process.env.CLOSETLOOP_STATE ?? ".wrangler/state") {
  return {
    cf: false,
    telemetry: { enabled: false },
    resourcePersistencePath: path.resolve(state, "v3"),
    resourceTmpPath: path.resolve(".wrangler/tmp"),
  };
}

/**
 * The local storage bindings alone (D1, R2, the two KV namespaces, with wrangler.toml's ids and
 * names) on the state localState() names, for the scripts that read or write it without the
 * Worker: the seed, the jobs test's checks, the soak's (`state`: another folder than localState's
 * default). No Durable Object or queue, so none of
 * wrangler's warnings about them (issue 48). Close it with `dispose()`.
 */
export async function localBindings(state) {
  const { convertV4MiniflareOptions, Log, LogLevel, Miniflare } = await import("miniflare");
  const mf = new Miniflare(
    convertV4MiniflareOptions({
      log: new Log(LogLevel.WARN),
      ...localState(state),
      workers: [
        {
          name: "local-bindings",
          modules: true,
          script: "export default {}",
          d1Databases: { DB: "local-closetloop-db" },
          r2Buckets: { IMAGES: "closetloop-images" },
          kvNamespaces: { SESSIONS: "local-sessions", CACHE: "local-cache" },
        },
      ],
    }),
  );
  await mf.ready;
  const env = {
    DB: await mf.getD1Database("DB"),
    IMAGES: await mf.getR2Bucket("IMAGES"),
    SESSIONS: await mf.getKVNamespace("SESSIONS"),
    CACHE: await mf.getKVNamespace("CACHE"),
  };
  return { env, dispose: () => mf.dispose() };
}
