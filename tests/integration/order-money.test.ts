import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { inArray } from "drizzle-orm";
import { database } from "../../app/data/db.server";
import { listedMoneyPart, moneyPart } from "../../app/data/order-money.server";
import { batchParts } from "../../app/data/parts.server";
import { orders } from "../../db/schema";
import { appConfig } from "../../app/env.server";
import { changeOrderItem } from "../../app/services/order-lifecycle.server";
import { cancelItems } from "../../app/services/trade.server";
import { signedInBrowser } from "./actors";
import { createProduct, createUser } from "./factories";
import { deliver, placeOrder } from "./orders";

// One order's money (issue 22, item 8): the order page and My Orders show every charge and refund
// with its status, and a total paid that is their sum — after Buy it now too.
const services = () => ({ env, db: database(env.DB), config: appConfig(env) });

/** The money table's rows as a shopper reads them: label, status, amount. */
function moneyRows(html: string) {
  const table = html.slice(html.indexOf("<caption"), html.indexOf("</table>", html.indexOf("<caption")));
  return [
    ...table.matchAll(/<tr[^>]*><th scope="row"[^>]*>(.*?)<\/th>(?:<td[^>]*>(.*?)<\/td>)?<td[^>]*>(.*?)<\/td><\/tr>/g),
  ].map((m) => [m[1], m[2] ?? null, m[3]].map((s) => (s === null ? null : s!.replace(/<!-- -->/g, ""))));
}

describe("one order's money", () => {
  it("shows the checkout's lines, then Buy it now added, and My Orders shows the same total paid", async () => {
    const owner = await createUser();
    const dress = await createProduct(owner.id, { rentalPrice: 799, buyingPrice: 6999 });
    const shopper = await signedInBrowser("shopper");
    const { orderId, items } = await placeOrder(shopper, [{ productId: dress.id, option: "rental" }]);
    const fee = await env.DB.prepare("SELECT delivery_fee AS fee FROM orders WHERE id = ?")
      .bind(orderId)
      .first<{ fee: number }>();
    const delivery = `£${(fee!.fee / 100).toFixed(2)}`;

    const before = moneyRows(await (await shopper.browser.fetch(`/account/orders/${orderId}`)).text());
    expect(before).toEqual([
      [`Rental fee: ${dress.name}`, "Authorised", "£7.99"],
      ["Delivery", "Authorised", delivery],
      ["Total held on your card", null, `£${((799 + fee!.fee) / 100).toFixed(2)}`],
    ]);

    await deliver(orderId);
    const bought = await changeOrderItem(
      services(),
      items[0]!.id,
      { type: "buy_now" },
      { id: shopper.id, role: "shopper" },
      Date.now() + 1000,
      (o) => o.userId === shopper.id,
    );
    expect(bought.ok).toBe(true);

    const page = await (await shopper.browser.fetch(`/account/orders/${orderId}`)).text();
    const total = `£${((799 + 6999 + fee!.fee) / 100).toFixed(2)}`;
    expect(moneyRows(page)).toEqual([
      [`Rental fee: ${dress.name}`, "Paid", "£7.99"],
      ["Delivery", "Paid", delivery],
      [`Buy it now: ${dress.name}`, "Paid", "£69.99"],
      ["Total paid", null, total],
    ]);

    const list = await (await shopper.browser.fetch("/account?tab=orders")).text();
    const row = list.slice(list.indexOf(`href="/account/orders/${orderId}"`));
    expect(row.slice(0, row.indexOf("</tr>"))).toContain(total);
  });

  it("shows each seller only the charges and refunds of their own items on their Orders tab", async () => {
    const [a, b, shopper] = await Promise.all([
      signedInBrowser("vendor"),
      signedInBrowser("otherVendor"),
      signedInBrowser("shopper"),
    ]);
    const coat = await createProduct(a.id, { buyingPrice: 4500, rentalPrice: 900 });
    const bag = await createProduct(b.id, { buyingPrice: 3200, rentalPrice: 700 });
    const { orderId, items } = await placeOrder(shopper, [
      { productId: coat.id, option: "purchase" },
      { productId: bag.id, option: "purchase" },
    ]);
    const bagLine = items.find((i) => i.productId === bag.id)!;
    const cancelled = await cancelItems(
      services(),
      orderId,
      [bagLine.id],
      { id: shopper.id, role: "shopper" },
      Date.now(),
    );
    expect(cancelled.ok).toBe(true);

    const section = async (seller: typeof a) => {
      const html = await (await seller.browser.fetch("/vendor?tab=orders")).text();
      const start = html.indexOf("Charges and refunds for your items");
      expect(start).toBeGreaterThan(-1);
      return html.slice(start, html.indexOf("</details>", start));
    };
    const forA = await section(a);
    expect(forA.replace(/<!-- -->/g, "")).toContain("Charges and refunds for your items: £45.00");
    expect(moneyRows(forA)).toEqual([
      [`Purchase: ${coat.name}`, "Authorised", "£45.00"],
      ["Total for your items", null, "£45.00"],
    ]);
    const forB = await section(b);
    expect(forB).not.toContain(coat.name);
    expect(moneyRows(forB)[0]).toEqual([`Purchase: ${bag.name}`, "Cancelled", "£32.00"]);
  });
  it("reads the same money for the orders a query lists in one statement as in four (decision 0122)", async () => {
    const [seller, shopper] = await Promise.all([signedInBrowser("vendor"), signedInBrowser("shopper")]);
    const [coat, bag, scarf] = await Promise.all([
      createProduct(seller.id, { buyingPrice: 4500, rentalPrice: 900 }),
      createProduct(seller.id, { buyingPrice: 3200, rentalPrice: 700 }),
      createProduct(seller.id, { buyingPrice: 1500, rentalPrice: 400 }),
    ]);
    const first = await placeOrder(shopper, [
      { productId: coat.id, option: "purchase" },
      { productId: bag.id, option: "rental" },
    ]);
    const second = await placeOrder(shopper, [{ productId: scarf.id, option: "purchase" }]);
    const bagLine = first.items.find((i) => i.productId === bag.id)!;
    expect(
      (await cancelItems(services(), first.orderId, [bagLine.id], { id: shopper.id, role: "shopper" }, Date.now())).ok,
    ).toBe(true);
    // Delivered: its charges are captured, and its transactions written.
    await deliver(second.orderId);
    const db = database(env.DB);
    const ids = [first.orderId, second.orderId];
    const listed = db.select({ orderId: orders.id }).from(orders).where(inArray(orders.id, ids));
    const [four, one] = await batchParts(db, [moneyPart(db, ids), listedMoneyPart(db, listed)] as const);
    expect(one).toEqual(four);
    const money = one.get(first.orderId)!;
    expect(money.items.map((i) => [i.name, i.type, i.status])).toEqual(
      four.get(first.orderId)!.items.map((i) => [i.name, i.type, i.status]),
    );
    expect(money.items).toHaveLength(2);
    expect(money.items.find((i) => i.id === bagLine.id)?.status).toBe("cancelled");
    expect(money.payments.length).toBeGreaterThan(0);
    expect(one.get(second.orderId)!.items).toHaveLength(1);
    expect(one.get(second.orderId)!.transactions.length).toBeGreaterThan(0);
    // A query that lists nothing reads no money.
    const none = db
      .select({ orderId: orders.id })
      .from(orders)
      .where(inArray(orders.id, ["order_none"]));
    expect((await batchParts(db, [listedMoneyPart(db, none)] as const))[0].size).toBe(0);
  });
});
