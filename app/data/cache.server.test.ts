import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { AGGREGATE_MEMO_MS, cached, forgetAggregates } from "./cache.server";

/** A KV namespace in memory that counts its reads. */
function memoryKv() {
  const store = new Map<string, string>();
  let reads = 0;
  const kv = {
    get: async (key: string) => {
      reads++;
      const text = store.get(key);
      return text === undefined ? null : JSON.parse(text);
    },
    put: async (key: string, value: string) => void store.set(key, value),
    delete: async (key: string) => void store.delete(key),
  } as unknown as KVNamespace;
  return { kv, store, reads: () => reads };
}

describe("aggregates every visitor shares", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date("2026-11-29T10:00:00Z"));
    forgetAggregates();
  });
  afterEach(() => vi.useRealTimers());

  it("are read from KV at most once per AGGREGATE_MEMO_MS by an isolate, then again", async () => {
    const { kv, store, reads } = memoryKv();
    store.set("k", JSON.stringify({ links: ["a"] }));
    const load = vi.fn(async () => ({ links: ["from the database"] }));
    expect(await cached(kv, "k", 300, load)).toEqual({ links: ["a"] });
    vi.advanceTimersByTime(AGGREGATE_MEMO_MS - 1);
    store.set("k", JSON.stringify({ links: ["b"] }));
    expect(await cached(kv, "k", 300, load)).toEqual({ links: ["a"] });
    expect(reads()).toBe(1);
    vi.advanceTimersByTime(1);
    expect(await cached(kv, "k", 300, load)).toEqual({ links: ["b"] });
    expect(reads()).toBe(2);
    expect(load).not.toHaveBeenCalled();
  });

  it("are read again at once after the isolate forgets them (a write that changed them)", async () => {
    const { kv, store } = memoryKv();
    store.set("k", JSON.stringify(1));
    expect(await cached(kv, "k", 300, async () => 0)).toBe(1);
    store.set("k", JSON.stringify(2));
    forgetAggregates();
    expect(await cached(kv, "k", 300, async () => 0)).toBe(2);
  });

  it("are loaded and kept in KV when KV has none, in the shape KV gives back, and frozen", async () => {
    const { kv, store } = memoryKv();
    const value = await cached(kv, "k", 300, async () => ({ at: new Date("2026-11-29T09:00:00Z"), rows: [{ n: 1 }] }));
    expect(value).toEqual({ at: "2026-11-29T09:00:00.000Z", rows: [{ n: 1 }] });
    expect(JSON.parse(store.get("k")!)).toEqual(value);
    expect(() => {
      (value.rows as { n: number }[])[0]!.n = 2;
    }).toThrow(TypeError);
  });
});
