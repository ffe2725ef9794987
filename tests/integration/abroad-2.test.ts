import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { signedInBrowser } from "./actors";
import { createProduct } from "./factories";
import { seller } from "./cart-helpers";
import { Browser } from "./http";

// Issue 45, the rest of items 4 and 5 (decision 0094): the listings' 'Ships to <country>' filter,
// a rental's return from abroad, the store's own address.

async function ships(table: "users" | "stores", id: string, reach: "uk" | "europe" | "worldwide", europeFee: number | null = null, worldFee: number | null = null) {
  await env.DB.prepare(`UPDATE ${table} SET ship_reach = ?, ship_fee_europe = ?, ship_fee_world = ? WHERE id = ?`).bind(reach, europeFee, worldFee, id).run();
}

/** A seller who ships to Europe, one who keeps the UK, and a store (handling a third seller's item) that ships worldwide, all of one brand. */
async function catalogAbroad() {
  const brand = `Abroad${crypto.randomUUID().slice(0, 8)}`;
  const [vera, rob, owner, consignor] = await Promise.all([seller(), seller(), seller(), seller()]);
  await ships("users", vera.id, "europe", 1299);
  // The consignor ships nowhere abroad, but the store that handles the item does.
  const storeId = `store_${crypto.randomUUID().slice(0, 8)}`;
  await env.DB.prepare("INSERT INTO stores (id, name, owner_id, created_at) VALUES (?, 'World Rail', ?, 1)").bind(storeId, owner.id).run();
  await ships("stores", storeId, "worldwide", 999, 2499);
  const scarf = await createProduct(vera.id, { brand, name: "Europe Scarf" });
  const boots = await createProduct(rob.id, { brand, name: "Homebound Boots" });
  const coat = await createProduct(consignor.id, { brand, name: "Worldly Coat" });
  await env.DB.prepare("UPDATE products SET store_id = ?, status = 'approved' WHERE id = ?").bind(storeId, coat.id).run();
  return { brand, scarf, boots, coat };
}

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
    expect(names(await (await open("ships_to=GB")).text())).toEqual(["Europe Scarf", "Homebound Boots", "Worldly Coat"]);
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
    await env.DB.prepare("INSERT INTO orders (id, user_id, status, subtotal_amount, delivery_fee, total_amount, billing_address, shipping_address, created_at, updated_at) VALUES (?, ?, 'cancelled', 0, 0, 0, ?, ?, ?, ?)")
      .bind(`ord_${crypto.randomUUID().slice(0, 8)}`, shopper.id, JSON.stringify({ country: "GB" }), JSON.stringify({ country: "FR", city: "Paris" }), now, now)
      .run();
    const mine = await shopper.browser.fetch(`/all-products?brand=${brand}&ships_to=mine`);
    expect(mine.status).toBe(302);
    const back = await shopper.browser.fetch(mine.headers.get("location")!);
    expect(back.headers.get("location")).toBe(`/all-products?brand=${brand}&ships_to=FR`);
    expect(names(await (await shopper.browser.fetch(back.headers.get("location")!)).text())).toEqual(["Europe Scarf", "Worldly Coat"]);
    // Somewhere else than our own site: All Products.
    expect((await anonymous.fetch("/ships-to?return=https%3A%2F%2Fevil.example%2F")).headers.get("location")).toBe("/all-products?ships_to=GB");
  });
});
