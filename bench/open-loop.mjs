// An open-loop load generator: one request every 1000/rate ms on schedule, whether or not the
// earlier ones have answered (the way real visitors arrive), over keep-alive connections.
// autocannon's overallRate sends in bursts per connection, which on this 2-core machine gave even
// a static file a p99 over 200 ms; this measures the server instead of the bursts.
import http from "node:http";
import { performance } from "node:perf_hooks";

/**
 * GETs `url` at `rate` per second for `seconds`; returns latency percentiles in ms, and the
 * failures by kind (`failures`: an answer's status, or a socket's error code such as ECONNRESET),
 * so a 5xx is told apart from a connection the server or the client dropped.
 */
export async function openLoop(url, rate, seconds) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  const latencies = [];
  let errors = 0;
  const failures = {};
  const failed = (kind) => {
    errors++;
    failures[kind] = (failures[kind] ?? 0) + 1;
  };
  const once = () =>
    new Promise((resolve) => {
      const started = performance.now();
      const req = http.get(url, { agent }, (res) => {
        res.on("data", () => {});
        res.on("end", () => {
          if (res.statusCode !== 200) failed(String(res.statusCode));
          latencies.push(performance.now() - started);
          resolve();
        });
      });
      req.setTimeout(10_000, () => req.destroy(new Error("timeout")));
      req.on("error", (error) => {
        failed(error.code ?? error.message);
        resolve();
      });
    });
  const total = rate * seconds;
  const start = performance.now();
  const inFlight = [];
  for (let i = 0; i < total; i++) {
    const wait = start + (i * 1000) / rate - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    inFlight.push(once());
  }
  await Promise.all(inFlight);
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const at = (p) =>
    Number((latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))] ?? NaN).toFixed(1));
  return {
    requests: latencies.length,
    errors,
    failures: Object.entries(failures)
      .map(([kind, n]) => `${kind} ×${n}`)
      .join(", "),
    p50: at(0.5),
    p90: at(0.9),
    p99: at(0.99),
    max: at(1),
  };
}
