import { describe, expect, it } from "vitest";
import { ownStartupMs } from "./worker-size.mjs";

// A profile as `wrangler check startup --outfile` writes it: nodes with their call frames, the
// sampled node of each sample and the microseconds since the sample before.
const profile = (samples) => ({
  nodes: [
    { id: 1, callFrame: { functionName: "(root)" } },
    { id: 2, callFrame: { functionName: "(idle)" } },
    { id: 3, callFrame: { functionName: "(program)" } },
    { id: 4, callFrame: { functionName: "" } },
  ],
  samples: samples.map(([id]) => id),
  timeDeltas: samples.map(([, micros]) => micros),
});

describe("the Worker's own startup CPU", () => {
  it("counts the samples taken at the profiler's interval while the isolate was busy", () => {
    const busy = Array.from({ length: 20 }, () => [4, 1100]);
    expect(ownStartupMs(profile([[2, 1300], ...busy, [3, 1100], [2, 17500]]))).toBeCloseTo(23.1);
  });

  it("leaves out the gap in which the profiler took no sample, whatever the sample after it found", () => {
    const busy = Array.from({ length: 20 }, () => [4, 1100]);
    const gapIdle = ownStartupMs(profile([[2, 52600], [2, 21100], ...busy]));
    const gapBusy = ownStartupMs(profile([[2, 52600], [3, 19800], ...busy]));
    expect(gapIdle).toBeCloseTo(22);
    expect(gapBusy).toBe(gapIdle);
  });
});
