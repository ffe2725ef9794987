import { env } from "cloudflare:workers";

// The sweeps' size (issue 28, item 5). A sweep that sends every malformed variant to every action
// proves the request gate once per variant, not once per action: the gate is one piece of code in
// front of every route. So each run takes a rotating share of the combinations, chosen by a seed
// that vitest.workers.config.ts picks and prints (SWEEP_SEED=… repeats a run exactly), with every
// item of each list taken at least once per run; `npm run test:full` (SWEEP=full) sends them all.

const vars = env as unknown as { SWEEP?: string; SWEEP_SEED?: string };
export const FULL_SWEEP = vars.SWEEP === "full";
export const SWEEP_SEED = Number.parseInt(vars.SWEEP_SEED ?? "1", 10) >>> 0;

/**
 * `k` of `items` for the case numbered `index` (all of them in a full sweep): consecutive cases take
 * consecutive blocks, from an offset the seed chooses, so that any ⌈items / k⌉ consecutive cases
 * cover every item.
 */
export function rotating<T>(items: readonly T[], k: number, index: number): T[] {
  if (FULL_SWEEP || k >= items.length) return [...items];
  const start = (SWEEP_SEED + index * k) % items.length;
  return Array.from({ length: k }, (_, i) => items[(start + i) % items.length]!);
}

/** A property's runs: `perRun`, or `full` in a full sweep, from the printed seed mixed with the case's name (so cases differ). */
export function propertyRuns(perRun: number, full: number, caseName = "") {
  let seed = SWEEP_SEED;
  for (const char of caseName) seed = Math.imul(seed ^ char.charCodeAt(0), 16777619) >>> 0;
  return { numRuns: FULL_SWEEP ? full : perRun, seed: seed | 0 };
}

/** Whether the case numbered `index` takes a part sampled one case in `oneIn` (every case in a full sweep). */
export const sampledIn = (index: number, oneIn: number) => FULL_SWEEP || (SWEEP_SEED + index) % oneIn === 0;
