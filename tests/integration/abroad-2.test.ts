import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { signedInBrowser } from "./actors";
import { createProduct } from "./factories";
import { seller } from "./cart-helpers";
import { catalogAbroad, ships, PARIS } from "./abroad-helpers";
import { Browser } from "./http";

// Issue 45, the rest of items 4 and 5 (decision 0094): the listings' 'Ships to <country>' filter,
// a rental's return from abroad, the store's own address.

/** The 'Ships to' box: its value, whether it is ticked, and its words. */
function shipsToBox(html: string) {
  const m = /<input type="checkbox" name="ships_to"([^>]*)\/>(Ships to [^<]+)</.exec(html);
  return m ? { value: /value="([^"]*)"/.exec(m[1]!)?.[1], checked: /checked/.test(m[1]!), label: m[2] } : null;
}

const names = (html: string) => ["Europe Scarf", "Homebound Boots", "Worldly Coat"].filter((n) => html.includes(n));

describe("listings filtered to what ships to the shopper's country", () => {
  it("keeps the items whose handler ships there: a seller's own reach, a store's for the items it handles", async () => {
    const { brand } = await catalogAbroad();
    const browser = new Browser();
    const open = async (qs: string) => {
      const response = await browser.fetch(`/all-products?brand=${brand}&${qs}`);
      expect(response.status, qs).toBe(200);
      return response;
    };
    const france = await open("ships_to=FR");
    const html = await france.text();
    expect(names(html)).toEqual(["Europe Scarf", "Worldly Coat"]);
    expect(html).toContain("2 products found");
    expect(shipsToBox(html)).toEqual({ value: "FR", checked: true, label: "Ships to France" });
    // The country is in the URL: the page is the same for everyone who opens it, and stays shared.
    expect(france.headers.get("cache-control")).toMatch(/public.*s-maxage/);
    expect(names(await (await open("ships_to=us")).text()), "us").toEqual(["Worldly Coat"]);
    // Everyone ships inside the UK.
    expect(names(await (await open("ships_to=GB")).text())).toEqual([
      "Europe Scarf",
      "Homebound Boots",
      "Worldly Coat",
    ]);
    // The other listings take it too.
    const category = await (await browser.fetch(`/women?brand=${brand}&ships_to=AU`)).text();
    expect(names(category), "/women").toEqual(["Worldly Coat"]);
    const search = await (await browser.fetch(`/all-products?search=${brand}&ships_to=DE`)).text();
    expect(names(search)).toEqual(["Europe Scarf", "Worldly Coat"]);
  });

  it("leaves out a country it does not know, and says so: never an error", async () => {
    const { brand } = await catalogAbroad();
    for (const bad of ["ZZ", "France%3B--", "x".repeat(300), "12"]) {
      const response = await new Browser().fetch(`/all-products?brand=${brand}&ships_to=${bad}`);
      expect(response.status, bad).toBe(200);
      const html = await response.text();
      expect(html).toContain("is not a country we deliver to, so it was left out.");
      expect(names(html)).toEqual(["Europe Scarf", "Homebound Boots", "Worldly Coat"]);
      expect(html).toContain("Ships to my country");
    }
  });

  it("'Ships to my country' puts the visitor's country in the URL: their last delivery address, else the UK", async () => {
    const { brand } = await catalogAbroad();
    const anonymous = new Browser();
    const unfiltered = await (await anonymous.fetch(`/all-products?brand=${brand}`)).text();
    expect(shipsToBox(unfiltered)).toEqual({ value: "mine", checked: false, label: "Ships to my country" });
    const asked = await anonymous.fetch(`/all-products?brand=${brand}&ships_to=mine&after=abc`);
    expect(asked.status).toBe(302);
    expect(asked.headers.get("cache-control")).toBe("private, no-store");
    const resolver = asked.headers.get("location")!;
    expect(resolver).toBe(`/ships-to?return=${encodeURIComponent(`/all-products?brand=${brand}`)}`);
    // Locally the edge's country is not trusted (the runtime makes one up): the UK.
    const local = await anonymous.fetch(resolver, { cf: { country: "FR" } } as RequestInit);
    expect(local.status).toBe(302);
    expect(local.headers.get("location")).toBe(`/all-products?brand=${brand}&ships_to=GB`);

    // A shopper whose last order went to Paris.
    const shopper = await signedInBrowser("shopper");
    const now = Date.now();
    await env.DB.prepare(
      "INSERT INTO orders (id, user_id, status, subtotal_amount, delivery_fee, total_amount, billing_address, shipping_address, created_at, updated_at) VALUES (?, ?, 'cancelled', 0, 0, 0, ?, ?, ?, ?)",
    )
      .bind(
        `ord_${crypto.randomUUID().slice(0, 8)}`,
        shopper.id,
        JSON.stringify({ country: "GB" }),
        JSON.stringify({ country: "FR", city: "Paris" }),
        now,
        now,
      )
      .run();
    const mine = await shopper.browser.fetch(`/all-products?brand=${brand}&ships_to=mine`);
    expect(mine.status).toBe(302);
    const back = await shopper.browser.fetch(mine.headers.get("location")!);
    expect(back.headers.get("location")).toBe(`/all-products?brand=${brand}&ships_to=FR`);
    expect(names(await (await shopper.browser.fetch(back.headers.get("location")!)).text())).toEqual([
      "Europe Scarf",
      "Worldly Coat",
    ]);
    // Somewhere else than our own site: All Products.
    expect((await anonymous.fetch("/ships-to?return=https%3A%2F%2Fevil.example%2F")).headers.get("location")).toBe(
      "/all-products?ships_to=GB",
    );
  });
});

describe("a rental's return from abroad", () => {
  it("is paid at checkout with the delivery, shown in the basket, and times the item's 'back around' by the zone", async () => {
    const vera = await seller();
    await ships("users", vera.id, "europe", 1299);
    const dress = await createProduct(vera.id, { rentalPrice: 2500, buyingPrice: 9000 });
    const shopper = await signedInBrowser("shopper");
    await shopper.browser.post("/cart", { intent: "add", productId: dress.id, option: "rental", enhanced: "1" });
    const before = Date.now();
    const placed = await shopper.browser.post("/cart", {
      intent: "checkout",
      idempotencyKey: crypto.randomUUID(),
      ...PARIS,
    });
    const after = Date.now();
    expect(placed.status).toBe(303);
    const order = await env.DB.prepare(
      "SELECT id, subtotal_amount, delivery_fee, total_amount FROM orders WHERE user_id = ?",
    )
      .bind(shopper.id)
      .first<{ id: string }>();
    // Out and back: Europe's £12.99 twice, in pounds.
    expect(order).toMatchObject({ subtotal_amount: 2500, delivery_fee: 2598, total_amount: 5098 });
    expect(
      await env.DB.prepare("SELECT group_delivery_fee FROM order_items WHERE order_id = ?").bind(order!.id).first(),
    ).toEqual({ group_delivery_fee: 2598 });

    // Five working days each way to France: the item is back later than from a UK address.
    const { placedBackAround } = await import("../../app/domain/rental-checkout");
    const line = { productId: dress.id, type: "rental" as const };
    const { back_around_at: back } = (await env.DB.prepare("SELECT back_around_at FROM products WHERE id = ?")
      .bind(dress.id)
      .first<{ back_around_at: number }>())!;
    expect([placedBackAround(line, undefined, before, "FR"), placedBackAround(line, undefined, after, "FR")]).toContain(
      back,
    );
    expect(back).toBeGreaterThan(placedBackAround(line, undefined, after, "GB")!);

    // The next basket starts from that address: it shows the return postage as its own line.
    const hat = await createProduct(vera.id, { rentalPrice: 1000, buyingPrice: 3000 });
    await shopper.browser.post("/cart", { intent: "add", productId: hat.id, option: "rental", enhanced: "1" });
    const basket = (await (await shopper.browser.fetch("/cart")).text()).replace(/<!-- -->/g, "");
    expect(basket).toMatch(/<dt>Delivery to France \(1 handler\)<\/dt><dd>£12\.99<\/dd>/);
    expect(basket).toMatch(/<dt>Return postage for rentals from France<\/dt><dd>£12\.99<\/dd>/);
    expect(basket).toMatch(/<dt>Total<\/dt><dd>£35\.98<\/dd>/);
  });

  it("moves the item's 'back around' by the order's zone when the rental moves", async () => {
    const { rentalProductChange } = await import("../../app/data/renting.server");
    const { loadOrder } = await import("../../app/data/order-lifecycle.server");
    const { database } = await import("../../app/data/db.server");
    const vera = await seller();
    await ships("users", vera.id, "worldwide", 999, 2499);
    const coat = await createProduct(vera.id, { rentalPrice: 2500 });
    const shopper = await signedInBrowser("shopper");
    await shopper.browser.post("/cart", { intent: "add", productId: coat.id, option: "rental", enhanced: "1" });
    const newYork = {
      ...PARIS,
      "billing.addressLine1": "350 Fifth Avenue",
      "billing.city": "New York",
      "billing.county": "NY",
      "billing.postalCode": "10118",
      "billing.country": "US",
    };
    expect(
      (await shopper.browser.post("/cart", { intent: "checkout", idempotencyKey: crypto.randomUUID(), ...newYork }))
        .status,
    ).toBe(303);
    const { id } = (await env.DB.prepare("SELECT id FROM orders WHERE user_id = ?")
      .bind(shopper.id)
      .first<{ id: string }>())!;
    const item = (await loadOrder(database(env.DB), id))!.items[0]!;
    expect(item.shipTo).toBe("US");
    const ends = Date.parse("2026-12-10T12:00Z");
    const change = rentalProductChange(item, "active", { type: "staff_set" } as never, ends, ends - 7 * 86_400_000);
    // Ten working days back from New York (Thursday 24 December), then the two days' turnaround.
    expect(new Date(change!.backAroundAt!).toISOString().slice(0, 10)).toBe("2026-12-26");
    expect(
      rentalProductChange({ ...item, shipTo: "GB" }, "active", { type: "staff_set" } as never, ends, ends)!
        .backAroundAt,
    ).toBeLessThan(change!.backAroundAt!);
  });
});

describe("the store's own address", () => {
  const PARIS_STORE = {
    "address.fullName": "Rive Gauche Rails",
    "address.addressLine1": "12 rue de la Paix",
    "address.city": "Paris",
    "address.postalCode": "75002",
    "address.country": "FR",
  };
  const settings = (browser: Browser, fields: Record<string, string>) =>
    browser.post("/store?tab=settings", { intent: "save_settings", description: "Vintage from Paris.", ...fields });
  const storeRow = (id: string) =>
    env.DB.prepare("SELECT description, address FROM stores WHERE id = ?")
      .bind(id)
      .first<{ description: string; address: string | null }>();

  it("has the country list and each country's checks, and is stored in the shape of every address", async () => {
    const { storeOwner } = await import("./store-helpers");
    const store = await storeOwner();
    const form = await (await store.browser.fetch("/store?tab=settings")).text();
    expect(form).toMatch(/<select[^>]*name="address\.country"/);
    expect(form).toContain('<option value="FR">France</option>');

    const saved = await settings(store.browser, PARIS_STORE);
    expect(saved.status).toBe(302);
    const row = await storeRow(store.storeId);
    expect(JSON.parse(row!.address!)).toEqual({
      fullName: "Rive Gauche Rails",
      addressLine1: "12 rue de la Paix",
      city: "Paris",
      postalCode: "75002",
      country: "FR",
    });
    // The store's page says where it is the way France writes it.
    expect(row!.description).toBe("Vintage from Paris.\n\nStore located at: 12 rue de la Paix, 75002 Paris, FRANCE");
    // Items come back to it, and labels are sent from it, in that shape.
    const { returnDestination } = await import("../../app/data/returns.server");
    const { database } = await import("../../app/data/db.server");
    expect(
      (await returnDestination(database(env.DB), { handler: "store", sellerId: store.storeId, ownerId: null })).lines,
    ).toEqual(["Rive Gauche Rails", "12 rue de la Paix", "75002 Paris", "FRANCE"]);
    // The form comes back filled from it.
    expect(await (await store.browser.fetch("/store?tab=settings")).text()).toMatch(
      /name="address\.postalCode"[^>]*value="75002"|value="75002"[^>]*name="address\.postalCode"/,
    );
  });

  it("lets a store from before save its other settings: its old text stays until the fields are filled", async () => {
    const { storeOwner } = await import("./store-helpers");
    const store = await storeOwner();
    await env.DB.prepare(
      "UPDATE stores SET description = 'Old rails. Store located at: 9 Upper Street, London N1 0PQ', address = NULL WHERE id = ?",
    )
      .bind(store.storeId)
      .run();
    expect(await (await store.browser.fetch("/store?tab=settings")).text()).toContain(
      "As written before: 9 Upper Street, London N1 0PQ.",
    );
    expect((await settings(store.browser, {})).status).toBe(302);
    expect(await storeRow(store.storeId)).toEqual({
      description: "Vintage from Paris.\n\nStore located at: 9 Upper Street, London N1 0PQ",
      address: null,
    });
  });

  it.each([
    [
      "a ZIP code in a UK address",
      { ...PARIS_STORE, "address.country": "GB", "address.postalCode": "10118" },
      "address.postalCode",
      "Enter a UK postcode, such as SW1A 1AA",
    ],
    [
      "a postcode for Hong Kong",
      { ...PARIS_STORE, "address.country": "HK", "address.postalCode": "999077" },
      "address.postalCode",
      "Leave the postcode empty: Hong Kong has no postcodes",
    ],
    [
      "a country not on the list",
      { ...PARIS_STORE, "address.country": "ZZ" },
      "address.country",
      "Choose a country from the list",
    ],
    ["no town", { ...PARIS_STORE, "address.city": "" }, "address.city", null],
    [
      "a US address without its state",
      { ...PARIS_STORE, "address.country": "US", "address.postalCode": "10118" },
      "address.county",
      "State is required",
    ],
  ])("refuses %s at its field with a 400, and changes nothing", async (_what, fields, field, message) => {
    const { storeOwner } = await import("./store-helpers");
    const store = await storeOwner();
    const before = await storeRow(store.storeId);
    const refused = await settings(store.browser, fields);
    expect(refused.status).toBe(400);
    const html = await refused.text();
    const error = new RegExp(`id="field-${field.replace(".", "\\.")}-error"[^>]*>([^<]+)<`).exec(html)?.[1];
    expect(error, html.slice(0, 200)).toBeTruthy();
    if (message) expect(error).toBe(message);
    expect(await storeRow(store.storeId)).toEqual(before);
  });
});
