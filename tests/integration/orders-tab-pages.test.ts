import { describe, expect, it } from "vitest";
import { createProduct, createUser, insertSoldLine } from "./factories";
import { signedInBrowser } from "./actors";
import { shownReference } from "./orders";
import { storeOwner } from "./store-helpers";
import { env } from "cloudflare:workers";
import { database } from "../../app/data/db.server";
import {
  HANDLER_ORDERS_SHOWN as PAGE,
  sellerOrderLinesQuery,
  storeOrderLinesQuery,
} from "../../app/data/handler-orders-tab.server";

// The handlers' Orders tabs show their orders a page of 15 at a time (decision 0108): 'Older
// orders' leads to the next page and 'Newest orders' back, each a plain link, so a seller or a
// store that has traded for a year reaches every order, with or without JavaScript.

const run = crypto.randomUUID().slice(0, 8).toUpperCase();

/** A page and 3 more orders of one line each, newest first; the last of the page and the next placed in the same millisecond. */
async function orders(
  line: (i: number) => { productId: string; handler: "vendor" | "store"; sellerId: string | null },
) {
  const shopper = await createUser();
  const base = Date.now() - 60_000;
  const ids: string[] = [];
  for (let i = 0; i < PAGE + 3; i++) {
    const id = `order_${run}_${line(0).handler}_${String(i).padStart(2, "0")}`;
    const at = base - (i === PAGE ? PAGE - 1 : i) * 1000;
    await insertSoldLine({ id, userId: shopper.id, status: "delivered", at, ...line(i) });
    ids.push(id);
  }
  return ids;
}

const listed = async (html: string, ids: string[]) => {
  const shown: number[] = [];
  for (const [i, id] of ids.entries()) if (html.includes(`Order ${await shownReference(id)}`)) shown.push(i);
  return shown;
};

/** How many money lines of the factory's one-line orders the page shows. */
const moneyLines = (html: string) => html.split(">Purchase: Sold item<").length - 1;

/** Where the page's link with that text leads (its href, as HTML writes it), or undefined. */
const linkTo = (html: string, text: string) => html.match(new RegExp(`<a [^>]*href="([^"]*)"[^>]*>${text}</a>`))?.[1];

describe("the Orders tabs, a page at a time", () => {
  it("a seller sees a page of orders, then the older ones; the order placed in the same millisecond is on exactly one page", async () => {
    const vendor = await signedInBrowser("vendor");
    const products: { id: string }[] = [];
    for (let i = 0; i < PAGE + 3; i++)
      products.push(await createProduct(vendor.id, { name: `Paged order ${run} ${i}` }));
    const ids = await orders((i) => ({ productId: products[i]!.id, handler: "vendor", sellerId: vendor.id }));

    const first = await (await vendor.browser.fetch("/vendor?tab=orders")).text();
    // Same time: the greater id comes first (the lists' order), so the next page's first is on this one.
    expect(await listed(first, ids)).toEqual([...Array(PAGE - 1).keys(), PAGE]);
    expect(linkTo(first, "Older orders")).toBe(`/vendor?tab=orders&amp;before=${ids[PAGE]}`);
    expect(first).not.toContain("Newest orders");
    // Each order shown has its money, read for the page's orders only (decision 0111).
    expect(moneyLines(first)).toBe(PAGE);
    // Its lines are the page's orders' and the next one's, not every line of the newest 45 (decision 0114).
    const lines = await sellerOrderLinesQuery(database(env.DB), vendor.id);
    expect(new Set(lines.map((l) => l.orderId))).toEqual(new Set([...ids.slice(0, PAGE), ids[PAGE]]));

    const second = await (await vendor.browser.fetch(`/vendor?tab=orders&before=${ids[PAGE]}`)).text();
    expect(await listed(second, ids)).toEqual([PAGE - 1, PAGE + 1, PAGE + 2]);
    expect(moneyLines(second)).toBe(3);
    expect(linkTo(second, "Newest orders")).toBe("/vendor?tab=orders");
    expect(second).not.toContain("Older orders");

    // A cursor that is no order's id is the first page; an order that is not there has nothing older.
    expect(await listed(await (await vendor.browser.fetch("/vendor?tab=orders&before=x'--")).text(), ids)).toEqual(
      await listed(first, ids),
    );
    const unknown = await (await vendor.browser.fetch("/vendor?tab=orders&before=order_NOSUCHORDER")).text();
    expect(await listed(unknown, ids)).toEqual([]);
    expect(unknown).toContain("No older orders.");
  });

  it("a store's Orders tab pages its concierge orders the same way", async () => {
    const store = await storeOwner();
    const seller = await createUser();
    const products: { id: string }[] = [];
    for (let i = 0; i < PAGE + 3; i++)
      products.push(await createProduct(seller.id, { name: `Store order ${run} ${i}` }));
    const ids = await orders((i) => ({ productId: products[i]!.id, handler: "store", sellerId: store.storeId }));

    const first = await (await store.browser.fetch("/store?tab=orders")).text();
    expect(await listed(first, ids)).toEqual([...Array(PAGE - 1).keys(), PAGE]);
    expect(moneyLines(first)).toBe(PAGE);
    const lines = await storeOrderLinesQuery(database(env.DB), store.storeId);
    expect(new Set(lines.map((l) => l.orderId))).toEqual(new Set([...ids.slice(0, PAGE), ids[PAGE]]));
    expect(linkTo(first, "Older orders")).toBe(`/store?tab=orders&amp;before=${ids[PAGE]}`);
    const second = await (await store.browser.fetch(`/store?tab=orders&before=${ids[PAGE]}`)).text();
    expect(await listed(second, ids)).toEqual([PAGE - 1, PAGE + 1, PAGE + 2]);
    expect(linkTo(second, "Newest orders")).toBe("/store?tab=orders");
    expect(second).not.toContain("Older orders");
  });
});
