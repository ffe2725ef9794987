// A page and the static file measured in turns (decision 0119): on this machine the speed moves by
// 10–30% within seconds, so a page's ratio is taken against the static file of the same seconds.
// Four turns of the static file for 1 s then the page for 2 s: the page gets its 8 s, as before.
import { median } from "./stats.mjs";

export const TURNS = 4;
export const STATIC_SECONDS = 1;
export const PAGE_SECONDS = 2;

/**
 * One row from several autocannon runs of one target: its requests over its seconds, the median
 * of the runs' p50s, the worst of their tails, and every error.
 */
export function combined(runs) {
  const requests = runs.reduce((n, r) => n + r.requests.total, 0);
  const seconds = runs.reduce((n, r) => n + r.duration, 0);
  return {
    requestsPerSecond: seconds > 0 ? Math.round(requests / seconds) : 0,
    p50: median(runs.map((r) => r.latency.p50)),
    p97_5: Math.max(...runs.map((r) => r.latency.p97_5)),
    p99: Math.max(...runs.map((r) => r.latency.p99)),
    errors: runs.reduce((n, r) => n + r.errors + r.non2xx + r.timeouts, 0),
  };
}

/** `url` and `staticUrl` in turns through `load` (bench/run.mjs): the page's row and the static file's beside it. */
export async function interleaved(load, staticUrl, url, headers) {
  const page = [];
  const beside = [];
  for (let turn = 0; turn < TURNS; turn++) {
    beside.push(await load(staticUrl, { duration: STATIC_SECONDS }));
    page.push(await load(url, { headers, duration: PAGE_SECONDS }));
  }
  return { page: combined(page), beside: combined(beside) };
}
