// `npm run bench -- --profile <path>` (issue 47, item 1): a CPU profile of the Worker while it
// serves <path> under load (page cache off, 10 connections, 8 s), recorded through workerd's V8
// inspector (scripts/serve.mjs --inspector-port). Written to bench/profile.cpuprofile (open it
// in Chrome DevTools' Performance panel) and summed up here: each sample's function is traced
// back through the build's source maps to its package or app folder. The local D1 simulator runs
// in another isolate, so its time is not in this profile: Server-Timing's d1 figures show it.
import { readFileSync } from "node:fs";
import path from "node:path";
import { originalPositionFor, TraceMap } from "@jridgewell/trace-mapping";

const SERIALISE = /^(flatten|stringify|encode|encodeViaTurboStream|unflatten|serialize.*)$/;

/** Where a source file belongs, in the words of docs/performance.md. */
export function costOf(source, functionName) {
  if (!source) return functionName ? `native: ${functionName}` : "native";
  const file = source.replace(/\\/g, "/");
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(file)?.[1];
  if (pkg === "react-router" && SERIALISE.test(functionName)) return "loader data serialisation (turbo-stream)";
  if (pkg === "react-dom" || pkg === "react") return "React render (react-dom)";
  if (pkg) return `package: ${pkg}`;
  const app = /(app\/(?:data|routes|components|services|domain)|workers|db)\//.exec(file)?.[1];
  return app ? `${app}/` : file;
}

/** Self time per cost and the top functions, from a V8 CPU profile and the build's source maps. */
export function summarize(profile, mapsDir) {
  const maps = new Map();
  const mapFor = (url) => {
    const file = url.split("/").pop()?.split("?")[0];
    if (!file || !/\.js$/.test(file)) return null;
    if (!maps.has(file)) {
      try {
        const where =
          file === "index.js" ? path.join(mapsDir, "..", "index.js.map") : path.join(mapsDir, `${file}.map`);
        maps.set(file, new TraceMap(readFileSync(where, "utf8")));
      } catch {
        maps.set(file, null);
      }
    }
    return maps.get(file);
  };
  const self = new Map();
  profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
  const byCost = new Map();
  const byFunction = new Map();
  const names = new Map();
  const parents = new Map();
  for (const node of profile.nodes) {
    for (const child of node.children ?? []) parents.set(child, node.id);
    const { url, functionName, lineNumber, columnNumber } = node.callFrame;
    const map = url ? mapFor(url) : null;
    const original =
      map && lineNumber >= 0
        ? originalPositionFor(map, { line: lineNumber + 1, column: Math.max(0, columnNumber) })
        : null;
    const source = original?.source ?? (url || "");
    const name = `${original?.name || functionName || "(anonymous)"} ${original?.source ? `${original.source.replace(/^.*node_modules\//, "").replace(/^(\.\.\/)+/, "")}:${original.line}` : url.split("/").pop()}`;
    names.set(node.id, {
      name,
      cost: url ? costOf(source, functionName) : costOf("", functionName),
      idle: functionName === "(idle)",
    });
  }
  // Total time: each sample counts once for every distinct function on its stack (the app's own
  // functions only: a loader, a data function, a component), so a loader's statements and their
  // mapping show under it.
  const inclusive = new Map();
  let total = 0;
  for (const [id, us] of self) {
    const { name, cost, idle } = names.get(id) ?? {};
    if (!name || idle || !us) continue;
    total += us;
    byCost.set(cost, (byCost.get(cost) ?? 0) + us);
    byFunction.set(name, (byFunction.get(name) ?? 0) + us);
    const seen = new Set();
    for (let at = id; at !== undefined; at = parents.get(at)) {
      const own = names.get(at);
      if (!own || seen.has(own.name) || !/(^|\/)(app|workers)\//.test(own.cost)) continue;
      seen.add(own.name);
      inclusive.set(own.name, (inclusive.get(own.name) ?? 0) + us);
    }
  }
  const rows = (entries, n) =>
    [...entries]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([name, us]) => ({ name, ms: Math.round(us / 1000), share: `${((100 * us) / (total || 1)).toFixed(1)}%` }));
  return {
    busyMs: Math.round(total / 1000),
    costs: rows(byCost, 20),
    functions: rows(byFunction, 25),
    appTotals: rows(inclusive, 15),
  };
}

/** Records a CPU profile of the Worker for `seconds` while `load()` runs; `inspector` is the inspector's http base. */
export async function profileWhile(inspector, load, samplingMicros = 200) {
  const [target] = await (await fetch(`${inspector}/json/list`)).json();
  if (!target) throw new Error("the inspector lists no Worker");
  // Miniflare's inspector proxy takes only local origins (Node's WebSocket takes headers as undici's).
  const socket = new globalThis.WebSocket(target.webSocketDebuggerUrl, { headers: { origin: "http://localhost" } });
  await new Promise((resolve, reject) => {
    socket.addEventListener("open", resolve, { once: true });
    socket.addEventListener("error", reject, { once: true });
  });
  let next = 0;
  const pending = new Map();
  socket.addEventListener("message", (event) => {
    const message = JSON.parse(String(event.data));
    if (message.id !== undefined && pending.has(message.id)) {
      const { resolve, reject } = pending.get(message.id);
      pending.delete(message.id);
      if (message.error) reject(new Error(message.error.message));
      else resolve(message.result);
    }
  });
  const send = (method, params = {}) =>
    new Promise((resolve, reject) => {
      const id = ++next;
      pending.set(id, { resolve, reject });
      socket.send(JSON.stringify({ id, method, params }));
    });
  try {
    await send("Profiler.enable");
    await send("Profiler.setSamplingInterval", { interval: samplingMicros });
    await send("Profiler.start");
    const loadResult = await load();
    const { profile } = await send("Profiler.stop");
    return { profile, loadResult };
  } finally {
    socket.close();
  }
}

/**
 * The --profile run: serves the build with its inspector open and the page cache off (or on for
 * `cacheSeconds`: the shared and stitched pages as deployed), loads `url` (as `cookie`'s account
 * when given) and writes bench/profile.cpuprofile and the summary.
 */
export async function profileRun({ serve, load, url, cookie, inspectorPort, writeFile, cacheSeconds = 0 }) {
  const stop = await serve(cacheSeconds, false, ["--inspector-port", String(inspectorPort)]);
  try {
    const headers = cookie ? { cookie: await cookie() } : {};
    const { profile, loadResult } = await profileWhile(`http://127.0.0.1:${inspectorPort}`, () =>
      load(url, { headers }),
    );
    writeFile("bench/profile.cpuprofile", JSON.stringify(profile));
    const summary = summarize(profile, path.resolve("build/server/assets"));
    console.log(
      `\nCPU profile of the Worker serving ${url} (page cache ${cacheSeconds ? "on" : "off"}, 10 connections): ${Math.round(loadResult.requests.average)} requests/s, p50 ${loadResult.latency.p50} ms; ${summary.busyMs} ms busy (idle left out). Written to bench/profile.cpuprofile.`,
    );
    console.log("\nSelf time by where the code comes from:");
    console.table(summary.costs);
    console.log("\nThe functions with the most self time:");
    console.table(summary.functions);
    console.log("\nThe app's own functions with what they call (total time: a loader with its statements):");
    console.table(summary.appTotals);
    return summary;
  } finally {
    await stop();
  }
}
