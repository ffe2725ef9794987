import { describe, expect, it } from "vitest";
import { BOOKMARK_COOKIE } from "../../app/services/d1-session.server";
import { nextIp } from "./access/kit";
import { signedInBrowser } from "./actors";
import { createProduct, createUser } from "./factories";
import { Browser } from "./http";

// Issue 17, item 4 (docs/decisions/0037-d1-sessions.md): every request reads through a D1
// session; a write hands the visitor a bookmark, and their next requests read at least as new.

const bookmarkSet = (response: Response) =>
  response.headers.getSetCookie().find((c) => c.startsWith(`${BOOKMARK_COOKIE}=`)) ?? null;

describe("D1 sessions and bookmarks", () => {
  it("a write hands back a bookmark, and the next page (carrying it) shows the write", async () => {
    const owner = await createUser();
    const product = await createProduct(owner.id);
    const shopper = await signedInBrowser("shopper", { ip: nextIp() });
    const saved = await shopper.browser.post("/favorites", { intent: "toggle", productId: product.id });
    expect(saved.status).toBeLessThan(400);
    const cookie = bookmarkSet(saved);
    expect(cookie).toMatch(new RegExp(`^${BOOKMARK_COOKIE}=[0-9a-f]+(-[0-9a-f]+)+; Path=/; HttpOnly; SameSite=Lax`));
    expect(shopper.browser.cookies.get(BOOKMARK_COOKIE)).toBeTruthy();
    const page = await shopper.browser.fetch("/favorites");
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(product.name);
    // Reading moves nothing: pages set no bookmark.
    expect(bookmarkSet(page)).toBeNull();
  });

  it("an anonymous page sets no bookmark (shared pages carry no cookie)", async () => {
    const browser = new Browser(nextIp());
    for (const path of ["/", "/all-products"]) {
      const response = await browser.fetch(path);
      expect(response.status, path).toBe(200);
      expect(bookmarkSet(response), path).toBeNull();
    }
  });

  it("a forged, malformed or ancient bookmark is never an error", async () => {
    const owner = await createUser();
    const product = await createProduct(owner.id);
    for (const value of [
      "zzz",
      "0",
      "00000000-00000000-00000000",
      "ffffffff-ffffffff-ffffffff-ffffffff",
      `${"a".repeat(400)}-1`,
      "%00-1",
      "1-1;x=2",
    ]) {
      const browser = new Browser(nextIp());
      browser.cookies.set(BOOKMARK_COOKIE, value);
      for (const path of ["/", `/product/${product.id}`, "/auth"]) {
        const response = await browser.fetch(path);
        expect(response.status, `${value} ${path}`).toBe(200);
      }
    }
  });
});
