import { describe, expect, it } from "vitest";
import { combined, interleaved, PAGE_SECONDS, STATIC_SECONDS, TURNS } from "./interleaved.mjs";

const run = (total, duration, p50, tail = p50 * 3, errors = 0) => ({
  requests: { total },
  duration,
  latency: { p50, p97_5: tail, p99: tail + 1 },
  errors,
  non2xx: 0,
  timeouts: 0,
});

describe("a page measured in turns with the static file (decision 0119)", () => {
  it("sums requests over seconds, takes the median p50, the worst tail and every error", () => {
    expect(combined([run(300, 2, 60), run(200, 2, 80, 400, 1), run(340, 2, 58)])).toEqual({
      requestsPerSecond: 140,
      p50: 60,
      p97_5: 400,
      p99: 401,
      errors: 1,
    });
  });

  it("loads the static file then the page, turn after turn, the page with its own headers", async () => {
    const calls = [];
    const load = async (url, opts) => {
      calls.push([url, opts.duration, opts.headers?.cookie ?? null]);
      return url === "/favicon.svg"
        ? run(900 * opts.duration, opts.duration, 10)
        : run(150 * opts.duration, opts.duration, 60);
    };
    const { page, beside } = await interleaved(load, "/favicon.svg", "/vendor", { cookie: "s=1" });
    expect(calls).toHaveLength(2 * TURNS);
    expect(calls.slice(0, 2)).toEqual([
      ["/favicon.svg", STATIC_SECONDS, null],
      ["/vendor", PAGE_SECONDS, "s=1"],
    ]);
    expect([page.requestsPerSecond, beside.requestsPerSecond]).toEqual([150, 900]);
  });
});
