import { expect, test } from "@playwright/test";

// Issue 16, item 4: the built app as Workers static assets serves it (public/_headers). Every
// file a page loads carries the security headers; the hashed build files are kept for a year.
// (One run is enough: it reads headers, not the page; hence .js.spec.)

const SECURITY = {
  "x-content-type-options": "nosniff",
  "x-frame-options": "DENY",
  "referrer-policy": "strict-origin-when-cross-origin",
};

test("every file a page loads carries the security headers; hashed build files are immutable", async ({ page }) => {
  const responses: { url: string; status: number; headers: Record<string, string> }[] = [];
  page.on("response", async (response) =>
    responses.push({ url: response.url(), status: response.status(), headers: await response.allHeaders() }),
  );
  for (const path of ["/", "/all-products", "/auth"]) {
    await page.goto(path);
    await page.waitForLoadState("networkidle");
  }
  const own = responses.filter((r) => new URL(r.url).origin === new URL(page.url()).origin);
  const assets = own.filter((r) => new URL(r.url).pathname.startsWith("/assets/"));
  expect(assets.map((a) => new URL(a.url).pathname)).toEqual(
    expect.arrayContaining([expect.stringMatching(/\.js$/), expect.stringMatching(/\.css$/)]),
  );
  for (const response of own) {
    expect(response.headers, response.url).toMatchObject(SECURITY);
  }
  for (const asset of assets) {
    expect(asset.status, asset.url).toBe(200);
    expect(asset.headers["cache-control"], asset.url).toBe("public, max-age=31536000, immutable");
  }
});

test("files outside /assets/ are revalidated, and a missing asset is an ordinary 404", async ({ request }) => {
  const favicon = await request.get("/favicon.svg");
  expect(favicon.status()).toBe(200);
  expect(favicon.headers()).toMatchObject(SECURITY);
  expect(favicon.headers()["cache-control"]).not.toContain("immutable");

  const missing = await request.get("/assets/no-such-file-0123abcd.js");
  expect(missing.status()).toBe(404);
  expect(missing.headers()).toMatchObject(SECURITY);
  expect(missing.headers()["cache-control"] ?? "").not.toContain("immutable");

  // The rules file itself is not served.
  const rules = await request.get("/_headers");
  expect(await rules.text()).not.toContain("/assets/*");
});
