import { performance } from "node:perf_hooks";
import { median } from "./stats.mjs";

/**
 * The header search box's suggestions (decision 0050): whole answers as a browser waits for them,
 * page cache off, for prefixes a shopper types. /healthz first: the floor of a whole answer over
 * loopback (no route, no D1) to read them against.
 */
export async function suggestionTimes(base) {
  const rows = [];
  for (const url of ["/healthz", ...["b", "ja", "bar", "coa", "zzz"].map((q) => `/search/suggestions?q=${q}`)]) {
    const times = [];
    for (let i = 0; i < 40; i++) {
      const started = performance.now();
      const response = await fetch(base + url);
      await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
      times.push(performance.now() - started);
    }
    const sorted = [...times].sort((a, b) => a - b);
    rows.push({
      url,
      medianMs: Number(median(times).toFixed(2)),
      p95Ms: Number(sorted[Math.floor(sorted.length * 0.95)].toFixed(2)),
    });
  }
  return rows;
}
