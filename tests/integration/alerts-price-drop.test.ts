import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { tellPriceDrop } from "../../app/services/alerts.server";
import { signedInBrowser } from "./actors";
import { createProduct, createUser, eventually } from "./factories";
import { Browser } from "./http";
import { app, nextIp, shopper, noticesOf, settle } from "./alerts-helpers";

// Issue 25, item 7: favourites' price drops (told once per drop).

describe("a favourite's price drop", () => {
  /** The store's price request, answered by the owner (the way prices change besides the edit form). */
  async function acceptedPrice(
    owner: { id: string; browser: Browser },
    productId: string,
    rental: number,
    buying: number,
  ) {
    const storeId = `store_al_${crypto.randomUUID().slice(0, 8)}`;
    const requestId = `pcr_${crypto.randomUUID()}`;
    const storeOwner = await createUser();
    await env.DB.batch([
      env.DB.prepare(
        "INSERT INTO stores (id, name, owner_id, contact_email, created_at) VALUES (?, 'Drop Rails', ?, ?, ?)",
      ).bind(storeId, storeOwner.id, `${storeId}@example.test`, Date.now()),
      env.DB.prepare(
        "INSERT INTO price_change_requests (id, product_id, store_id, owner_id, suggested_rental_price, suggested_buying_price, reason, status, created_at) VALUES (?, ?, ?, ?, ?, ?, 'Sells faster', 'pending', ?)",
      ).bind(requestId, productId, storeId, owner.id, rental, buying, Date.now()),
    ]);
    const response = await owner.browser.post("/vendor?tab=notifications", { intent: "accept_price", requestId });
    expect(response.status).toBe(302);
    return requestId;
  }

  it("tells each shopper who saved it once per drop: a further drop again, the same prices never twice, a rise never", async () => {
    const owner = await signedInBrowser("vendor", { ip: nextIp() });
    const product = await createProduct(owner.id, { rentalPrice: 3000, buyingPrice: 20000 });
    const fan = await shopper();
    const other = await shopper();
    expect(
      (await fan.browser.post("/favorites", { intent: "toggle", productId: product.id, enhanced: "1" })).status,
    ).toBe(200);

    await acceptedPrice(owner, product.id, 2500, 20000);
    const first = await eventually(async () => (await noticesOf(fan.id, "price_drop"))[0]);
    expect(first).toMatchObject({ title: `${product.name} is now cheaper`, link: `/product/${product.id}` });
    expect(first.body).toContain("Rent it for 7 days: £25.00 (was £30.00)");

    // The same drop told again (a replayed answer, a second call): nothing new.
    await tellPriceDrop(app(), product.id, { rentalPrice: 3000, buyingPrice: 20000 });
    // A rise: nothing.
    await acceptedPrice(owner, product.id, 2800, 21000);
    await settle();
    expect(await noticesOf(fan.id, "price_drop")).toHaveLength(1);

    // A further drop to new prices: told again.
    await acceptedPrice(owner, product.id, 2000, 19000);
    const both = await eventually(async () => {
      const rows = await noticesOf(fan.id, "price_drop");
      return rows.length === 2 ? rows : null;
    });
    expect(both[1]!.body).toContain("Buy it: £190.00 (was £210.00)");
    expect(await noticesOf(other.id, "price_drop")).toEqual([]);
  });
});
