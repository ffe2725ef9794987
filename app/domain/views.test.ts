import { describe, expect, it } from "vitest";
import { viewedPage } from "./views";

const PERSON =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1";
const BOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

describe("counted views", () => {
  it("knows which pages are a person's views", () => {
    const get = (path: string, headers: Record<string, string> = { "user-agent": PERSON }) =>
      viewedPage({ method: "GET", url: `https://closetloop.test${path}`, headers: new Headers(headers) }, 200);
    expect(get("/product/prod_1")).toEqual({ page: "product", id: "prod_1" });
    expect(get("/product/prod_1.data")).toEqual({ page: "product", id: "prod_1" });
    expect(get("/store/store_k")).toEqual({ page: "store", id: "store_k" });
    expect(get("/VintageVera")).toEqual({ page: "profile", displayName: "VintageVera" });
    for (const path of ["/women", "/all-products", "/cart", "/product/a/b", "/store", "/"])
      expect(get(path), path).toBeNull();
    expect(get("/product/prod_1", { "user-agent": BOT })).toBeNull();
    expect(
      viewedPage({ method: "POST", url: "https://closetloop.test/product/p", headers: new Headers() }, 200),
    ).toBeNull();
    expect(
      viewedPage(
        { method: "GET", url: "https://closetloop.test/product/p", headers: new Headers({ "user-agent": PERSON }) },
        404,
      ),
    ).toBeNull();
  });
});
