import { createExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import worker from "../../workers/app";
import { cachedEnv, cachedPage } from "./cached-page";
import { forgetPagesVersion } from "../../app/services/freshness.server";
import { forgetPages } from "../../app/services/page-cache.server";
import { PASSWORD, signedIn, signedInBrowser } from "./actors";
import { BILLING, createProduct, createUser } from "./factories";

// The Worker as deployed (PAGE_CACHE_SECONDS on); the rest of the suite runs with it off.
const tag = `pc${Date.now().toString(36)}`;

const get = cachedPage;

function noncesOf(text: string) {
  return [...text.matchAll(/<script[^>]*\snonce="([^"]+)"/g)].map((m) => m[1]);
}

beforeEach(() => forgetPages());

describe("page cache for anonymous visitors", () => {
  it("reuses a shared page, with a fresh nonce that matches the CSP on every script", async () => {
    const vendor = await createUser();
    const product = await createProduct(vendor.id, { name: `Cached Coat ${tag}` });
    const first = await get(`/product/${product.id}`);
    expect(first.state).toBe("miss");
    expect(first.response.headers.get("cache-control")).toBe("public, max-age=0, s-maxage=30");

    await env.DB.prepare("UPDATE products SET name = ? WHERE id = ?").bind(`Renamed Coat ${tag}`, product.id).run();
    const second = await get(`/product/${product.id}`);
    expect(second.state).toBe("memory");
    expect(second.text).toContain(`Cached Coat ${tag}`);

    const csp = (r: Response) => /'nonce-([^']+)'/.exec(r.headers.get("content-security-policy") ?? "")?.[1];
    expect(csp(second.response)).toBeTruthy();
    expect(csp(second.response)).not.toBe(csp(first.response));
    const nonces = noncesOf(second.text);
    expect(nonces.length).toBeGreaterThan(0);
    expect(new Set(nonces)).toEqual(new Set([csp(second.response)]));
    expect(second.text).not.toContain(csp(first.response)!);
  });

  it("comes from the shared Cache API when this isolate has forgotten it", async () => {
    await get(`/all-products?search=${tag}shared`);
    forgetPages();
    const again = await get(`/all-products?search=${tag}shared`);
    expect(again.state).toBe("shared");
    expect(again.text).toContain("0 products found");
  });

  it("never stores or serves a signed-in visitor's page", async () => {
    const user = await signedIn("shopper");
    const signIn = await worker.fetch(
      new Request("http://localhost/auth", {
        method: "POST",
        body: new URLSearchParams({ intent: "signin", email: user.email, password: PASSWORD }),
        redirect: "manual",
      }),
      cachedEnv,
      createExecutionContext(),
    );
    const session = signIn.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    expect(session).toContain("cl_session=");

    // The sign-in left a toast to show, so the page is rendered for this visitor (without one,
    // a shared page is served with their parts stitched in: tests/integration/personal-page-*.test.ts).
    const mine = await get(`/all-brands?${tag}`, { cookie: session });
    expect(mine.state).toBeNull();
    expect(mine.response.headers.get("cache-control")).toBe("private, no-store");
    expect(mine.text).toContain(`Test shopper`);

    const anonymous = await get(`/all-brands?${tag}`);
    expect(anonymous.state).toBe("miss");
    expect(anonymous.text).not.toContain("Test shopper");
    expect((await get(`/all-brands?${tag}`, { cookie: session })).state).toBeNull();
  });

  it("keeps one copy per consent choice, and skips visitors with a toast to show", async () => {
    const path = `/privacy-policy?${tag}`;
    expect((await get(path)).state).toBe("miss");
    const withConsent = await get(path, { cookie: "cl_consent=eyJ4IjoxfQ%3D%3D" });
    expect(withConsent.state).toBe("miss");
    expect((await get(path, { dnt: "1" })).state).toBe("miss");
    expect((await get(path)).state).toBe("memory");
    expect((await get(path, { cookie: "cl_toast=abc" })).state).toBeNull();
  });

  it("leaves pages that are not shared, and errors, alone", async () => {
    expect((await get("/cart")).state).toBeNull();
    expect((await get("/auth")).state).toBeNull();
    const missing = await get(`/product/no-such-${tag}`);
    expect(missing.response.status).toBe(404);
    expect(missing.state).toBeNull();
  });

  it("is off when PAGE_CACHE_SECONDS is 0", async () => {
    const off = { ...env, PAGE_CACHE_SECONDS: "0" } as unknown as Env;
    await get("/all-brands", {}, off);
    expect((await get("/all-brands", {}, off)).state).toBeNull();
  });
});

describe("public pages stay fresh after the writes that change them", () => {
  it("an order that reserves an item ends every cached page that offered it", async () => {
    const vendor = await createUser();
    const product = await createProduct(vendor.id, { name: `Reserved Coat ${tag}`, buyingPrice: 4400 });
    const listing = `/all-products?search=Reserved`;
    expect((await get(`/product/${product.id}`)).state).toBe("miss");
    expect((await get(`/product/${product.id}`)).text).toContain("ADD TO BASKET");
    expect((await get(listing)).text).toContain(`Reserved Coat ${tag}`);
    expect((await get(listing)).state).toBe("memory");

    const shopper = await signedInBrowser("shopper");
    await shopper.browser.post("/cart", { intent: "add", productId: product.id, option: "purchase", enhanced: "1" });
    const toPay = await shopper.browser.post("/cart", {
      intent: "checkout",
      idempotencyKey: crypto.randomUUID(),
      ...BILLING,
    });
    expect(toPay.status).toBe(303);

    // The product page is drawn again: it says the item is reserved and no longer offers it (decision 0064).
    const after = await get(`/product/${product.id}`);
    expect(after.state).toBe("miss");
    expect(after.text).toContain(">Reserved<");
    expect(after.text).not.toContain("ADD TO BASKET");
    const list = await get(listing);
    expect(list.state).toBe("miss");
    expect(list.text).not.toContain(`Reserved Coat ${tag}`);
  });

  it("another isolate sees the new version within a second", async () => {
    const path = `/privacy-policy?fresh${tag}`;
    expect((await get(path)).state).toBe("miss");
    expect((await get(path)).state).toBe("memory");
    // Another isolate wrote the version in KV; this one trusts its memo for at most a second.
    await env.CACHE.put("pages:version", `elsewhere-${tag}`);
    forgetPagesVersion();
    expect((await get(path)).state).toBe("miss");
  });
});
