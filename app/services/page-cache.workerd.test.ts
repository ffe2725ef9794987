import path from "node:path";
import { convertV4MiniflareOptions, Log, LogLevel, Miniflare } from "miniflare";
import { buildSync } from "esbuild";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

// The page cache's waiting, in workerd itself, with each request in a context of its own as on
// Cloudflare (the Workers integration tests send every request from one test's context, where
// this cannot go wrong). Concurrent misses of one page wait for one render; when that render keeps
// nothing (a private answer), each waiting request renders for itself. Awaiting the renderer's
// promise made those renders the renderer's: 'Cannot perform I/O on behalf of a different
// request' and a 500 for every waiting request (issue 41, decision 0070).

// The page cache with what it imports (the display currency, issue 45), bundled into one module.
const pageCache = buildSync({
  entryPoints: [path.join(import.meta.dirname, "page-cache.server.ts")],
  bundle: true,
  format: "esm",
  target: "es2022",
  write: false,
}).outputFiles[0]!.text;

// A render with I/O of its own and a streamed body, as React Router's is; then what the Worker
// does to every answer (workers/app.ts): a copy of it with its headers.
const harness = `
import { withPageCache } from "./page-cache.js";
export default {
  async fetch(request, env, ctx) {
    const url = new URL(request.url);
    const control = url.searchParams.get("share") === "1" ? "public, max-age=0, s-maxage=30" : "private, no-store";
    const options = { capSeconds: 30, now: Date.now(), freshNonce: () => crypto.randomUUID(), waitUntil: (work) => ctx.waitUntil(work) };
    const page = await withPageCache(request, options, async () => {
      await env.KV.get("anything");
      await scheduler.wait(20);
      const body = new ReadableStream({ start(c) { c.enqueue(new TextEncoder().encode("<p>" + url.search + "</p>")); c.close(); } });
      return new Response(body, { headers: { "content-type": "text/html", "cache-control": control } });
    });
    return new Response(page.body, page);
  },
};`;

let mf: Miniflare;
let base: URL;
beforeAll(async () => {
  mf = new Miniflare(
    convertV4MiniflareOptions({
      log: new Log(LogLevel.NONE),
      workers: [
        {
          name: "page-cache",
          compatibilityDate: "2026-10-01",
          compatibilityFlags: ["nodejs_compat"],
          modules: [
            { type: "ESModule", path: "harness.js", contents: harness },
            { type: "ESModule", path: "page-cache.js", contents: pageCache },
          ],
          kvNamespaces: ["KV"],
        },
      ],
    }),
  );
  base = await mf.ready;
}, 30_000);
afterAll(() => mf?.dispose());

/** 20 visitors at once for the same page, each its own request; statuses, bodies and cache states. */
async function crowd(search: string) {
  const answers = await Promise.all(
    Array.from({ length: 20 }, async () => {
      const response = await fetch(new URL(`/page${search}`, base));
      return { status: response.status, body: await response.text(), state: response.headers.get("x-page-cache") };
    }),
  );
  return answers;
}

describe("the page cache in workerd, twenty requests at once", () => {
  it("answers every waiting request when the render it waited for kept nothing", async () => {
    for (let round = 0; round < 5; round++) {
      const answers = await crowd(`?share=0&round=${round}`);
      expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
      expect(new Set(answers.map((a) => a.body))).toEqual(
        new Set([`<p>?share=0&amp;round=${round}</p>`.replace("&amp;", "&")]),
      );
    }
  });

  it("renders a shareable page once and answers the others with it", async () => {
    const answers = await crowd("?share=1");
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    expect(answers.filter((a) => a.state === "miss")).toHaveLength(1);
    expect(answers.filter((a) => a.state === "coalesced")).toHaveLength(19);
  });
});
