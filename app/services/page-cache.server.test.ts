import { beforeEach, describe, expect, it } from "vitest";
import { forgetPages, SHARED_PAGE_SECONDS, STALE_SECONDS, withPageCache } from "./page-cache.server";

// The cache logic alone, on this isolate's memory (the Cache API layer runs in the Workers
// integration tests). `now` is passed in, so expiry is exact.
let renders = 0;
let version = "v1";
let background: Promise<unknown>[] = [];
let nonces = 0;

function render(cacheControl = `public, max-age=0, s-maxage=${SHARED_PAGE_SECONDS}`) {
  return async () => {
    renders++;
    const nonce = `render-nonce-${renders}`;
    // Characters past Latin-1 (a kept page is answered as UTF-8 bytes, cut at its nonce).
    return new Response(`<p>${version} – £12’</p><script nonce="${nonce}">1</script><i nonce="${nonce}">é</i>`, {
      headers: {
        "content-type": "text/html",
        "cache-control": cacheControl,
        "content-security-policy": `script-src 'nonce-${nonce}'`,
      },
    });
  };
}

const T0 = 1_800_000_000_000;
const get = async (now: number, renderer = render(), build = "build-1") => {
  const response = await withPageCache(
    new Request("https://closetloop.test/all-products"),
    { capSeconds: 30, build, now, freshNonce: () => `fresh-${++nonces}`, waitUntil: (p) => background.push(p) },
    renderer,
  );
  return {
    state: response.headers.get("x-page-cache"),
    body: await response.text(),
    csp: response.headers.get("content-security-policy"),
  };
};

beforeEach(() => {
  forgetPages();
  renders = 0;
  version = "v1";
  background = [];
});

describe("withPageCache", () => {
  it("renders once, then answers from memory with a fresh nonce in body and header", async () => {
    expect((await get(T0)).state).toBe("miss");
    const again = await get(T0 + 1000);
    expect(again.state).toBe("memory");
    expect(renders).toBe(1);
    const nonce = /'nonce-([^']+)'/.exec(again.csp!)![1];
    expect(nonce).toMatch(/^fresh-/);
    expect(again.body).toBe(`<p>v1 – £12’</p><script nonce="${nonce}">1</script><i nonce="${nonce}">é</i>`);
  });

  it("serves a stale page while one background render refreshes it", async () => {
    await get(T0);
    version = "v2";
    const later = T0 + (SHARED_PAGE_SECONDS + 5) * 1000;
    const [stale, alsoStale] = await Promise.all([get(later), get(later + 10)]);
    expect(stale.state).toBe("stale");
    expect(stale.body).toContain("v1");
    expect(alsoStale.state).toBe("stale");
    await Promise.all(background);
    expect(renders).toBe(2); // one refresh, not one per stale answer
    const fresh = await get(later + 20);
    expect(fresh.state).toBe("memory");
    expect(fresh.body).toContain("v2");
  });

  it("never serves a page kept by another build: it names that build's scripts", async () => {
    await get(T0);
    version = "v2";
    const deployed = await get(T0 + 1000, render(), "build-2");
    expect(deployed.state).toBe("miss");
    expect(deployed.body).toContain("v2");
  });

  it("renders in line once the stale window has passed", async () => {
    await get(T0);
    version = "v3";
    const expired = await get(T0 + (SHARED_PAGE_SECONDS + STALE_SECONDS + 1) * 1000);
    expect(expired.state).toBe("miss");
    expect(expired.body).toContain("v3");
  });

  it("lets concurrent misses wait for one render", async () => {
    const [a, b, c] = await Promise.all([get(T0), get(T0), get(T0)]);
    expect(renders).toBe(1);
    expect([a.state, b.state, c.state].sort()).toEqual(["coalesced", "coalesced", "miss"]);
    expect(b.body).toContain("v1");
  });

  it("never keeps a private answer", async () => {
    await get(T0, render("private, no-store"));
    expect((await get(T0 + 1, render("private, no-store"))).state).toBe(null);
    expect(renders).toBe(2);
  });
});
