// What one call to each local binding costs workerd in CPU (`npm run bench -- --bindings-only`, and
// in every full run): the floor under every page the bench measures. Locally D1, KV and the Cache
// API are Miniflare's simulators, run by workerd beside the Worker: a D1 batch goes from the
// Worker to Miniflare's D1 entry Worker and on to a Durable Object that checks the request, opens a
// transaction, runs the SQL and answers JSON. In production none of this is the Worker's CPU: it is
// time spent waiting on the network. Measured in a Worker of its own, so nothing of the app is in it.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { convertV4MiniflareOptions, Miniflare } from "miniflare";

/** The kinds of call measured, in the order of the table (the Worker below makes each). */
export const BINDING_CALLS = [
  "nothing (the loop itself)",
  "D1 batch, 1 statement",
  "D1 batch, 17 statements",
  "D1 batch, 1 statement of 150 rows",
  "KV read (found)",
  "KV read (missing)",
  "Cache API match (missing)",
];

/** The Worker that makes `calls` calls of one kind and answers the wall time each took. */
const WORKER = `export default { async fetch(request, env) {
  const what = new URL(request.url).searchParams.get("what");
  const times = Number(new URL(request.url).searchParams.get("calls"));
  if (what === "seed") { await env.KV.put("kept", "x".repeat(200)); return new Response("ok"); }
  const calls = {
    "D1 batch, 1 statement": () => env.DB.batch([env.DB.prepare("select 1 as one")]),
    "D1 batch, 17 statements": () => env.DB.batch(Array.from({ length: 17 }, () => env.DB.prepare("select 1 as one"))),
    "D1 batch, 1 statement of 150 rows": () => env.DB.batch([env.DB.prepare("with recursive r(i) as (select 1 union all select i + 1 from r where i < 150) select i, 'name ' || i as name, i * 100 as price from r")]),
    "KV read (found)": () => env.KV.get("kept"),
    "KV read (missing)": () => env.KV.get("missing"),
    "Cache API match (missing)": () => caches.default.match("http://bench/missing"),
    "nothing (the loop itself)": () => Promise.resolve(),
  };
  const started = Date.now();
  for (let i = 0; i < times; i++) await calls[what]();
  return new Response(String((Date.now() - started) / times));
} }`;

/** CPU (user + system) of the workerd this process started, in ms (Linux: /proc). */
function workerdCpuMs() {
  let pids = [];
  try {
    pids = execFileSync("pgrep", ["-x", "-P", String(process.pid), "workerd"])
      .toString()
      .trim()
      .split("\n");
  } catch {
    return NaN;
  }
  const tick = 1000 / Number(execFileSync("getconf", ["CLK_TCK"]).toString().trim() || 100);
  return pids.reduce((sum, pid) => {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
      return sum + (Number(fields[11]) + Number(fields[12])) * tick;
    } catch {
      return sum;
    }
  }, 0);
}

/** Each kind of call: wall ms and workerd CPU ms per call (the least CPU of three rounds of `calls`). */
export async function bindingCosts({ calls = 300 } = {}) {
  const mf = new Miniflare(
    convertV4MiniflareOptions({
      workers: [
        {
          name: "bindings",
          modules: true,
          compatibilityDate: "2025-09-01",
          d1Databases: { DB: "bench-bindings" },
          kvNamespaces: { KV: "bench-bindings" },
          script: WORKER,
        },
      ],
    }),
  );
  try {
    await mf.ready;
    await mf.dispatchFetch("http://bench/?what=seed");
    const rows = [];
    for (const kind of BINDING_CALLS) {
      let best = null;
      for (let round = 0; round < 3; round++) {
        const before = workerdCpuMs();
        const asked = `http://bench/?what=${encodeURIComponent(kind)}&calls=${calls}`;
        const wall = Number(await (await mf.dispatchFetch(asked)).text());
        const cpu = (workerdCpuMs() - before) / calls;
        if (!best || cpu < best.cpuMs) best = { call: kind, wallMs: wall, cpuMs: cpu };
      }
      rows.push({ call: best.call, "wall ms": best.wallMs.toFixed(2), "workerd CPU ms": best.cpuMs.toFixed(2) });
    }
    return rows;
  } finally {
    await mf.dispose();
  }
}
