import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { database } from "../../app/data/db.server";
import { changeOrderItem } from "../../app/services/order-lifecycle.server";
import { signedInBrowser } from "./actors";
import { createProduct, createUser } from "./factories";
import { deliver, placeOrder } from "./orders";

// One order's money (issue 22, item 8): the order page and My Orders show every charge and refund
// with its status, and a total paid that is their sum — after Buy it now too.
const services = () => ({ env, db: database(env.DB), config: { isDev: true } as never });

/** The money table's rows as a shopper reads them: label, status, amount. */
function moneyRows(html: string) {
  const table = html.slice(html.indexOf("<caption"), html.indexOf("</table>", html.indexOf("<caption")));
  return [...table.matchAll(/<tr[^>]*><th scope="row"[^>]*>(.*?)<\/th>(?:<td[^>]*>(.*?)<\/td>)?<td[^>]*>(.*?)<\/td><\/tr>/g)].map((m) => [m[1], m[2] ?? null, m[3]].map((s) => (s === null ? null : s!.replace(/<!-- -->/g, ""))));
}

describe("one order's money", () => {
  it("shows the checkout's lines, then Buy it now added, and My Orders shows the same total paid", async () => {
    const owner = await createUser();
    const dress = await createProduct(owner.id, { rentalPrice: 799, buyingPrice: 6999 });
    const shopper = await signedInBrowser("shopper");
    const { orderId, items } = await placeOrder(shopper, [{ productId: dress.id, option: "rental" }]);
    const fee = await env.DB.prepare("SELECT delivery_fee AS fee FROM orders WHERE id = ?").bind(orderId).first<{ fee: number }>();
    const delivery = `£${(fee!.fee / 100).toFixed(2)}`;

    const before = moneyRows(await (await shopper.browser.fetch(`/account/orders/${orderId}`)).text());
    expect(before).toEqual([
      [`Rental fee: ${dress.name}`, "Authorised", "£7.99"],
      ["Delivery", "Authorised", delivery],
      ["Total paid", null, `£${((799 + fee!.fee) / 100).toFixed(2)}`],
    ]);

    await deliver(orderId);
    const bought = await changeOrderItem(services(), items[0]!.id, { type: "buy_now" }, { id: shopper.id, role: "shopper" }, Date.now() + 1000, (o) => o.userId === shopper.id);
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
    const row = list.slice(list.indexOf(`(order ${orderId})`));
    expect(row.slice(0, row.indexOf("</tr>"))).toContain(total);
  });
});
