import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { database } from "../../app/data/db.server";
import { sellerCountQueries } from "../../app/data/seller.server";
import { ordersTabPart, sellerOrderLinesQuery, storeOrderLinesQuery } from "../../app/data/handler-orders-tab.server";
import { ownerEarningsPart, storeRevenuePart } from "../../app/data/finance.server";
import { itemsBeingPrepared } from "../../app/data/renting.server";
import { adminProductsPart } from "../../app/data/admin-products.server";
import { deliveryFeesOwed, financeOverviewPart } from "../../app/data/finance-report.server";
import { createProduct, createUser, insertSoldLine } from "./factories";
import { plan } from "./query-plan-helpers";

// The dashboards at 100,000 products and a year of orders (issue 47 item 3; decision 0107;
// migrations 0078 and 0079): each statement that read every row of a seller, a store or a table
// reads its own rows from an index. A walk of a whole table along an index ("SCAN products USING
// INDEX") is a full scan too: the bench measured them at 75–270 ms.

const db = database(env.DB);
type Query = { toSQL(): { sql: string; params: unknown[] } };
const planOf = async (query: unknown) => (await plan(query as Query)).join(" | ");
const statementsOf = (part: { statements: readonly unknown[] }) => part.statements as unknown as Query[];

describe("the seller's and the store's dashboards read their own rows from an index", () => {
  it("the seller's cards count live and waiting products inside the index, each in its own range", async () => {
    const counts = await planOf(sellerCountQueries(db, "u")[0]);
    expect(
      counts.match(/COVERING INDEX products_owner_counts_idx \(owner_id=\? AND product_status=\?\)/g),
    ).toHaveLength(2);
    expect(counts).not.toMatch(/SCAN products/);
  });

  it("the seller's earnings and the store's revenue are summed from their indexes", async () => {
    const [earnings] = statementsOf(ownerEarningsPart(db, "u"));
    expect(await planOf(earnings)).toMatch(/COVERING INDEX transactions_owner_money_idx \(owner_id=\? AND status=\?\)/);
    const [revenue] = statementsOf(storeRevenuePart(db, "s"));
    const revenuePlan = await planOf(revenue);
    expect(revenuePlan).toMatch(/COVERING INDEX commissions_recipient_idx \(recipient_type=\? AND recipient_id=\?\)/);
    expect(revenuePlan).not.toMatch(/SCAN commissions/);
  });

  it("items being prepared are found among the few with a date, the seller's and the store's", async () => {
    expect(await planOf(itemsBeingPrepared(db, { ownerId: "u" }))).toMatch(
      /products USING INDEX products_owner_prepared_idx \(owner_id=\? AND prepared_until>\?\)/,
    );
    expect(await planOf(itemsBeingPrepared(db, { storeId: "s" }))).toMatch(
      /products USING INDEX products_store_prepared_idx \(store_id=\? AND prepared_until>\?\)/,
    );
  });

  it("a store's lines are its newest, searched newest first in two indexes: no line of the store is read beyond them", async () => {
    const lines = await planOf(storeOrderLinesQuery(db, "s"));
    expect(lines).toMatch(
      /order_items USING COVERING INDEX order_items_handler_created_idx \(handler=\? AND seller_id=\?\)/,
    );
    expect(lines).toMatch(/COVERING INDEX products_store_status_idx \(store_id=\?\)/);
    expect(lines).toMatch(/COVERING INDEX order_items_product_lines_idx \(product_id=\?\)/);
    expect(lines).not.toMatch(/MULTI-INDEX OR/);
    // Every statement of the store's Orders tab (its lines, its orders' money) reads them so.
    for (const statement of statementsOf(ordersTabPart(db, { storeId: "s" }, Date.now()))) {
      const text = await planOf(statement);
      expect(text).not.toMatch(/MULTI-INDEX OR|SCAN (products|orders|order_items|transactions|payments)\b/);
    }
  });

  it("a page of older orders (decision 0108) is a range of the same indexes: the seller's and the store's", async () => {
    const seller = await planOf(sellerOrderLinesQuery(db, "u", "order_X"));
    expect(seller).toMatch(/order_items USING INDEX order_items_owner_idx \(owner_id=\? AND created_at<\?\)/);
    const store = await planOf(storeOrderLinesQuery(db, "s", "order_X"));
    expect(store).toMatch(
      /COVERING INDEX order_items_handler_created_idx \(handler=\? AND seller_id=\? AND created_at<\?\)/,
    );
    for (const part of [
      ordersTabPart(db, { storeId: "s" }, Date.now(), "order_X"),
      ordersTabPart(db, { ownerId: "u" }, Date.now(), "order_X"),
    ])
      for (const statement of statementsOf(part))
        expect(await planOf(statement)).not.toMatch(
          /MULTI-INDEX OR|SCAN (products|orders|order_items|transactions|payments)\b/,
        );
  });

  it("a seller's lines in a status (rentals out, orders to send, returns to check) are searched by owner and status", async () => {
    const [, , rentals] = sellerCountQueries(db, "u");
    expect(await planOf(rentals)).toMatch(/order_items USING (COVERING )?INDEX order_items_owner_status_idx/);
  });
});

describe("a store's lines, found in two indexes, are the ones it always listed", () => {
  it("lists the lines it handles and those of the products it manages, newest order first, and no one else's", async () => {
    const stamp = Date.now();
    const [owner, seller, shopper] = [await createUser(), await createUser(), await createUser()];
    const storeId = `store_lines_${stamp}`;
    await env.DB.prepare("INSERT INTO stores (id, name, owner_id, created_at) VALUES (?, 'Line Rails', ?, 1)")
      .bind(storeId, owner.id)
      .run();
    const handled = await createProduct(seller.id);
    const managed = await createProduct(seller.id);
    const elsewhere = await createProduct(seller.id);
    await env.DB.prepare("UPDATE products SET store_id = ?, concierge_status = 'yes' WHERE id IN (?, ?)")
      .bind(storeId, handled.id, managed.id)
      .run();
    // [order, product, handler, seller, placed]: a concierge line, a line of a managed product its
    // seller posted (sold before the store took it on), and a line of a product that is not the store's.
    const lines = [
      [`o_handled_${stamp}`, handled.id, "store", storeId, stamp - 3000],
      [`o_managed_${stamp}`, managed.id, "vendor", seller.id, stamp - 2000],
      [`o_elsewhere_${stamp}`, elsewhere.id, "vendor", seller.id, stamp - 1000],
    ] as const;
    for (const [id, productId, handler, sellerId, at] of lines)
      await insertSoldLine({
        id,
        userId: shopper.id,
        productId,
        status: "completed",
        at,
        handler,
        sellerId,
        deliveryFee: 399,
      });
    const listed = await storeOrderLinesQuery(db, storeId);
    expect(listed.map((l) => l.orderId)).toEqual([`o_managed_${stamp}`, `o_handled_${stamp}`]);
  });
});

describe("admin's Products and Financial tabs at a year of orders (migration 0079)", () => {
  it("admin Products walks products newest first down their index, not every product sorted", async () => {
    const [page] = statementsOf(adminProductsPart(db, { q: "", status: null, page: 1 }));
    const lines = (await planOf(page)).split(" | ");
    expect(lines[0]).toMatch(/^SCAN products USING INDEX products_created_idx/);
    expect(lines.filter((l) => /^SCAN products USING INDEX products_owner_idx/.test(l))).toEqual([]);
  });

  it("the delivery fees owed find each fee's capture attempts by key, never by walking the payments", async () => {
    const lines = await plan(deliveryFeesOwed(db));
    expect(
      lines.filter((l) => /SCAN p\b/.test(l)),
      lines.join(" | "),
    ).toEqual([]);
    expect(lines.join(" | ")).toMatch(/payments_key_idx \(idempotency_key=\? AND status=\?\)/);
    // Only the orders whose fee no capture collected are read (migration 0080), not every order.
    expect(lines.join(" | ")).toMatch(/SCAN orders USING (COVERING )?INDEX orders_fee_uncollected_idx/);
  });

  it("a period's commissions, the latest and their totals, are read from their index by date (migration 0080)", async () => {
    const period = { from: Date.now() - 90 * 86_400_000, to: Date.now() };
    // The commissions' list is read when it is the list shown (decision 0126).
    const [commissionList, , commissionTotals] = statementsOf(financeOverviewPart(db, period, "commissions"));
    expect(await planOf(commissionList!)).toMatch(
      /^SEARCH commissions USING INDEX commissions_calculated_idx \(calculated_at>\? AND calculated_at<\?\)/,
    );
    // Newest first down the index: nothing sorted afterwards.
    expect(await planOf(commissionList!)).not.toMatch(/TEMP B-TREE FOR ORDER BY/);
    expect(await planOf(commissionTotals!)).toMatch(
      /SEARCH commissions USING COVERING INDEX commissions_calculated_idx \(calculated_at>\? AND calculated_at<\?\)/,
    );
  });

  it("a delivery fee's succeeded capture marks its order collected, whoever writes the payment (migration 0080's triggers)", async () => {
    const shopper = await createUser();
    const orderId = `o_fee_${crypto.randomUUID().slice(0, 8)}`;
    const at = Date.now();
    const item = await createProduct((await createUser()).id);
    await insertSoldLine({
      id: orderId,
      userId: shopper.id,
      productId: item.id,
      status: "delivered",
      at,
      deliveryFee: 399,
    });
    const payment = (status: string, key: string, when: number) =>
      env.DB.prepare(
        "INSERT INTO payments (id, order_id, operation, amount, idempotency_key, provider, status, created_at) VALUES (?, ?, 'capture', 399, ?, 'local', ?, ?)",
      ).bind(`pay_${crypto.randomUUID()}`, orderId, key, status, when);
    const collectedAt = async () =>
      (await env.DB.prepare("SELECT fee_collected_at AS at FROM orders WHERE id = ?")
        .bind(orderId)
        .first<{ at: number | null }>())!.at;
    // A failed attempt and another order's key leave it owed; the fee's own success marks it, once.
    await env.DB.batch([
      payment("failed", `capture:delivery:${orderId}`, at + 1),
      payment("succeeded", `capture:item:${orderId}`, at + 2),
    ]);
    expect(await collectedAt()).toBeNull();
    await payment("succeeded", `capture:delivery:${orderId}`, at + 3).run();
    expect(await collectedAt()).toBe(at + 3);
  });
});
