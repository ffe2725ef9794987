import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import { database } from "../../app/data/db.server";
import { forgetRates, saveRates } from "../../app/data/rates.server";
import { DISPLAY_CURRENCIES, UNKNOWN_CURRENCY_MESSAGE, type DisplayCurrency } from "../../app/domain/currency";
import { formatPrice } from "../../app/domain/money";
import { forgetPages } from "../../app/services/page-cache.server";
import { LOCAL_RATES } from "../../app/services/rates.server";
import { PASSWORD, signedInBrowser } from "./actors";
import { cachedPage } from "./cached-page";
import { createProduct, createUser, eventually } from "./factories";
import { placeOrder } from "./orders";
import { Browser } from "./http";
import { cookieOf, settle } from "./personal-page-helpers";

// Display currency (issue 45, items 1 and 3; decision 0084): prices in the visitor's currency,
// one cached copy of a shared page per currency, and never another visitor's currency.

const tag = `cur${Date.now().toString(36)}`;
const today = () => new Date().toISOString().slice(0, 10);
const DAY = 86_400_000;
const PRICE = 5499;
const shown = (currency: DisplayCurrency) =>
  formatPrice(PRICE, currency === "GBP" ? null : { currency, perPound: LOCAL_RATES[currency]! });

async function ratesOf(date: string) {
  await saveRates(database(env.DB), { date, perPound: LOCAL_RATES }, "seed", Date.now());
  forgetRates();
}

/**
 * What a page says a £54.99 item costs: the visitor's currency's amount, and no other currency's
 * (a converted price has the pounds it stands for beside it; a page in pounds has nothing approximate).
 */
function expectOnlyCurrency(text: string, currency: DisplayCurrency) {
  expect(text, currency).toContain(shown(currency));
  for (const other of DISPLAY_CURRENCIES)
    if (other !== currency && other !== "GBP")
      expect(text, `${currency} page shows ${other}`).not.toContain(shown(other));
  if (currency === "GBP") expect(text).not.toContain("≈");
}

beforeEach(async () => {
  forgetPages();
  await ratesOf(today());
});

describe("prices in the visitor's currency, from the page cache", () => {
  it("never serves one currency's copy to another, with every currency asked for at once", async () => {
    const owner = await createUser();
    const product = await createProduct(owner.id, { name: `Euro Coat ${tag}`, rentalPrice: null, buyingPrice: PRICE });
    const path = `/product/${product.id}`;
    // Three visitors per currency, all at once, twice: misses, waits for one render, and hits.
    for (let round = 0; round < 2; round++) {
      const asked = DISPLAY_CURRENCIES.flatMap((currency) => [currency, currency, currency]).sort(
        () => Math.random() - 0.5,
      );
      const pages = await Promise.all(
        asked.map(async (currency) => ({
          currency,
          page: await cachedPage(path, { cookie: `cl_currency=${currency}` }),
        })),
      );
      for (const { currency, page } of pages) {
        expect(page.response.status).toBe(200);
        expectOnlyCurrency(page.text, currency);
        // The footer's form says which currency the page is in.
        expect(page.text).toMatch(new RegExp(`<option value="${currency}" selected=""`));
      }
      if (round === 1) expect(pages.every(({ page }) => page.state === "memory")).toBe(true);
    }
    // A visitor with no choice (and no country locally) gets pounds: their own copy.
    const plain = await cachedPage(path);
    expectOnlyCurrency(plain.text, "GBP");
    // Structured product data keeps pounds, in every currency's copy.
    const euros = await cachedPage(path, { cookie: "cl_currency=EUR" });
    expect(euros.text).toContain('"priceCurrency":"GBP"');
  });

  it("ignores a currency a client claims in the header the Worker sets, and a cookie it does not know", async () => {
    const owner = await createUser();
    const product = await createProduct(owner.id, { rentalPrice: null, buyingPrice: PRICE });
    await cachedPage(`/product/${product.id}`, { cookie: "cl_currency=JPY" });
    const claimed = await cachedPage(`/product/${product.id}`, { "x-closetloop-display-currency": "JPY" });
    expectOnlyCurrency(claimed.text, "GBP");
    const unknown = await cachedPage(`/product/${product.id}`, { cookie: "cl_currency=XYZ" });
    expect(unknown.response.status).toBe(200);
    expectOnlyCurrency(unknown.text, "GBP");
  });

  it("hands a client navigation's data request the same currency as the page, whatever header it claims", async () => {
    const chosenIn = async (headers: Record<string, string>) => {
      const response = await new Browser().fetch("/currency.data", { headers });
      expect(response.status).toBe(200);
      return /"chosen","([A-Z]{3})"/.exec(await response.text())?.[1];
    };
    expect(await chosenIn({ cookie: "cl_currency=EUR" })).toBe("EUR");
    expect(await chosenIn({ cookie: "cl_currency=SEK", "x-closetloop-display-currency": "JPY" })).toBe("SEK");
    expect(await chosenIn({ "x-closetloop-display-currency": "JPY" })).toBe("GBP");
  });

  it("gives a signed-in shopper the shared page in their own currency, stitched", async () => {
    const owner = await createUser();
    const product = await createProduct(owner.id, { rentalPrice: null, buyingPrice: PRICE });
    const euro = await signedInBrowser("shopper");
    const yen = await signedInBrowser("shopper");
    await euro.browser.post("/currency", { intent: "currency", currency: "EUR", returnTo: "/" });
    await yen.browser.post("/currency", { intent: "currency", currency: "JPY", returnTo: "/" });
    await settle(euro.browser, yen.browser);
    const path = `/product/${product.id}`;
    const [a, b, c] = await Promise.all([
      cachedPage(path, { cookie: cookieOf(euro.browser) }),
      cachedPage(path, { cookie: cookieOf(yen.browser) }),
      cachedPage(path),
    ]);
    expect(a.response.headers.get("x-page-cache")).toMatch(/^stitched-/);
    expectOnlyCurrency(a.text, "EUR");
    expect(b.response.headers.get("x-page-cache")).toMatch(/^stitched-/);
    expectOnlyCurrency(b.text, "JPY");
    expectOnlyCurrency(c.text, "GBP");
  });
});

describe("choosing a currency", () => {
  it("remembers the choice in a cookie, and on the account of a shopper who is signed in, for their next sign-in", async () => {
    const visitor = new Browser();
    const chosen = await visitor.post("/currency", { intent: "currency", currency: "sek", returnTo: "/all-products" });
    expect(chosen.status).toBe(302);
    expect(chosen.headers.get("location")).toBe("/all-products");
    expect(visitor.cookies.get("cl_currency")).toBe("SEK");

    const shopper = await signedInBrowser("shopper");
    await shopper.browser.post("/currency", { intent: "currency", currency: "CHF", returnTo: "/" });
    const saved = await env.DB.prepare("SELECT display_currency FROM users WHERE id = ?")
      .bind(shopper.id)
      .first<{ display_currency: string }>();
    expect(saved?.display_currency).toBe("CHF");
    // On another device: signing in brings the choice back.
    const elsewhere = new Browser();
    await elsewhere.signIn(shopper.email, PASSWORD);
    expect(elsewhere.cookies.get("cl_currency")).toBe("CHF");
  });

  it("refuses a currency it does not show with a clear message and a 400, changing nothing", async () => {
    const shopper = await signedInBrowser("shopper");
    for (const currency of ["XYZ", "", "<script>", "NOK"]) {
      const response = await shopper.browser.post("/currency", { intent: "currency", currency, returnTo: "/" });
      expect(response.status).toBe(400);
      expect(await response.text()).toContain(UNKNOWN_CURRENCY_MESSAGE);
    }
    expect(shopper.browser.cookies.has("cl_currency")).toBe(false);
    const saved = await env.DB.prepare("SELECT display_currency FROM users WHERE id = ?")
      .bind(shopper.id)
      .first<{ display_currency: string | null }>();
    expect(saved?.display_currency).toBeNull();
  });

  it("says at the basket what will be charged, in pounds", async () => {
    const owner = await createUser();
    const product = await createProduct(owner.id, { rentalPrice: null, buyingPrice: PRICE });
    const shopper = await signedInBrowser("shopper");
    await shopper.browser.post("/currency", { intent: "currency", currency: "EUR", returnTo: "/" });
    await shopper.browser.post("/cart", { intent: "add", productId: product.id, option: "purchase" });
    const basket = await (await shopper.browser.fetch("/cart")).text();
    // £54.99 and one seller's £3.99 delivery: £58.98, shown in euros and charged in pounds.
    expect(basket).toContain(formatPrice(PRICE + 399, { currency: "EUR", perPound: LOCAL_RATES.EUR! }));
    expect(basket.replace(/<!-- -->/g, "")).toMatch(/You&#x27;ll be charged <strong>£58\.98<\/strong>/);

    // Once paid, the order's e-mail says what was charged in pounds, with the euros the shopper reads beside it.
    const order = await placeOrder(shopper, []);
    const email = await eventually(() =>
      env.DB.prepare("SELECT body FROM notification_outbox WHERE message_key = ?")
        .bind(`order_placed:${order.orderId}:email`)
        .first<{ body: string }>(),
    );
    expect(email.body).toContain(
      `Total including delivery: £58.98\nCharged in pounds: £58.98 (${formatPrice(PRICE + 399, { currency: "EUR", perPound: LOCAL_RATES.EUR! })} in EUR at today's rate).`,
    );
    const charged = await env.DB.prepare("SELECT total_amount, currency FROM orders WHERE id = ?")
      .bind(order.orderId)
      .first();
    expect(charged).toEqual({ total_amount: 5898, currency: "GBP" });
  });
});

describe("rates too old are not shown", () => {
  it("shows prices in pounds alone, and says so, when the rates are older than four days", async () => {
    const owner = await createUser();
    const product = await createProduct(owner.id, { rentalPrice: null, buyingPrice: PRICE });
    await ratesOf(new Date(Date.now() - 5 * DAY).toISOString().slice(0, 10));
    const page = await cachedPage(`/product/${product.id}`, { cookie: "cl_currency=EUR" });
    expectOnlyCurrency(page.text, "GBP");
    expect(page.text).toContain("Today&#x27;s exchange rates are not available: prices show in pounds.");
  });

  it("shows staff the rates and their date", async () => {
    const admin = await signedInBrowser("admin");
    await ratesOf("2026-11-27");
    const text = await (await admin.browser.fetch("/admin/rates")).text();
    expect(text).toContain("Rates of 27 November 2026");
    expect(text).toContain("Euro (€)");
    expect(text).toContain(String(LOCAL_RATES.EUR));
  });
});
