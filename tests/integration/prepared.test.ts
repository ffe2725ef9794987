import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { products, users } from "../../db/schema";
import { aliased } from "../../app/data/columns.server";
import { database } from "../../app/data/db.server";
import { batchParts, mapPart, partsOf, rowsPart } from "../../app/data/parts.server";
import { preparedOnce, preparedPart, ROWS_ONLY } from "../../app/data/prepared.server";
import { ordersTabPart, sellerOrderLinesQuery, storeOrderLinesQuery } from "../../app/data/handler-orders-tab.server";
import { orderDetailPart } from "../../app/data/account.server";
import { orderClaimFactsPart } from "../../app/data/claims.server";
import { parcelsOfOrderPart } from "../../app/data/labels.server";
import { orderMoneyPart } from "../../app/data/order-money.server";
import { orderPaymentPart } from "../../app/data/orders.server";
import { orderPagePart } from "../../app/services/order-page.server";
import { laterChargesOwedPart } from "../../app/services/payments.server";
import { openingPart } from "../../app/services/conversation-reading.server";
import { conversationMessagesPart, conversationPart, partyStatesPart } from "../../app/data/conversation-page.server";
import { offersOfConversationPart } from "../../app/data/offers.server";
import { partySafetyPart } from "../../app/data/conversation-safety.server";
import { unreadByLinkPart } from "../../app/data/notifications.server";
import {
  deliveryFeesOwed,
  financeOverviewPart,
  financialTabPart,
  payeeBalances,
} from "../../app/data/finance-report.server";
import { holdsBetween } from "../../app/data/payout-holds.server";
import { productDetail } from "../../app/data/product.server";
import { newItems, newItemsPart } from "../../app/data/catalog.server";
import { brandByNamePart, brandByNameQuery } from "../../app/data/brands.server";
import { followedOfItemQuery, newFromFollowed, newFromFollowedPart } from "../../app/data/follows.server";
import { aroundItemPart } from "../../app/data/page-parts.server";
import { itemSellerStandingPart } from "../../app/data/ratings.server";
import { shippingQuery } from "../../app/data/shipping.server";
import { favoriteQuery } from "../../app/data/favorites.server";
import { ownerOfItem, storeOfItem } from "../../app/data/columns.server";
import { namedSellerProfilePart, sellerProfilePart } from "../../app/data/profiles.server";
import { encodeCursor, FIRST_PAGE } from "../../app/domain/catalog";
import { createProduct, createUser } from "./factories";
import { queryOf } from "./statement-text";

// Statements built once per isolate (app/data/prepared.server.ts; decision 0111).

const tag = `prep${Date.now().toString(36)}`;

describe("a statement prepared once", () => {
  it("is built at its first use, and binds each use's own values in one batch, with its columns mapped", async () => {
    const owner = await createUser({ displayName: `Owner${tag}` });
    const [a, b] = [
      await createProduct(owner.id, { name: `First ${tag}` }),
      await createProduct(owner.id, { name: `Second ${tag}` }),
    ];
    let builds = 0;
    const nameOf = preparedOnce(["id"], (db, { id }) => {
      builds++;
      return db
        .select({ name: products.name, owner: aliased(users.displayName, "owner_name") })
        .from(products)
        .innerJoin(users, eq(users.id, products.ownerId))
        .where(eq(products.id, id));
    });
    const db = database(env.DB);
    const [first, second, none] = await batchParts(db, [
      nameOf(db, { id: a.id }),
      nameOf(db, { id: b.id }),
      nameOf(db, { id: "no-such-product" }),
    ] as const);
    expect(first).toEqual([{ name: `First ${tag}`, owner: `Owner${tag}` }]);
    expect(second).toEqual([{ name: `Second ${tag}`, owner: `Owner${tag}` }]);
    expect(none).toEqual([]);
    const [again] = await batchParts(database(env.DB), [nameOf(database(env.DB), { id: b.id })] as const);
    expect(again).toEqual([{ name: `Second ${tag}`, owner: `Owner${tag}` }]);
    expect(builds).toBe(1);
  });

  it("gives the product page each item's own details, one after another", async () => {
    const owner = await createUser({ displayName: `Seller${tag}` });
    const [coat, dress] = [
      await createProduct(owner.id, { name: `Coat ${tag}` }),
      await createProduct(owner.id, { name: `Dress ${tag}` }),
    ];
    const db = database(env.DB);
    const detail = (id: string) => productDetail(db, id, null, Date.now());
    expect((await detail(coat.id))?.product.name).toBe(`Coat ${tag}`);
    expect((await detail(dress.id))?.product.name).toBe(`Dress ${tag}`);
    expect((await detail(dress.id))?.product.ownerName).toBe(`Seller${tag}`);
    expect(await detail(`missing-${tag}`)).toBeNull();
  });
});

/**
 * Two products and a part reading each named one (and a second when given), prepared with
 * `options`; `builds` counts the part's builds. Each use's read gives the names it read.
 */
async function twoNamesPart(label: string, options?: typeof ROWS_ONLY) {
  const owner = await createUser({ displayName: `${label}${tag}` });
  const [a, b] = [
    await createProduct(owner.id, { name: `${label} A ${tag}` }),
    await createProduct(owner.id, { name: `${label} B ${tag}` }),
  ];
  const counted = { builds: 0 };
  const named = preparedPart((db, values: { id: string; other?: string }) => {
    counted.builds++;
    const byId = (id: string) => db.select({ name: products.name }).from(products).where(eq(products.id, id));
    return mapPart(
      partsOf([rowsPart(byId(values.id)), rowsPart(values.other ? byId(values.other) : byId("none"))] as const),
      // Without ROWS_ONLY a read may use the values: this one names the product asked for.
      ([[one], [two]]) => ({
        ...(options ? {} : { asked: values.id }),
        one: one?.name ?? null,
        two: two?.name ?? null,
      }),
    );
  }, options);
  const db = database(env.DB);
  const results = await batchParts(db, [
    named(db, { id: a.id }),
    named(db, { id: b.id }),
    named(db, { id: b.id, other: a.id }),
  ] as const);
  const asked = (id: string) => (options ? {} : { asked: id });
  expect(results).toEqual([
    { ...asked(a.id), one: `${label} A ${tag}`, two: null },
    { ...asked(b.id), one: `${label} B ${tag}`, two: null },
    { ...asked(b.id), one: `${label} B ${tag}`, two: `${label} A ${tag}` },
  ]);
  return counted.builds;
}

describe("a part prepared once (a dashboard tab's statements; decision 0132)", () => {
  it("builds a shape's SQL once and binds each use's values, with the part's read made from them", async () => {
    // Each use builds its part (for its read); each of the two shapes once more, with placeholders.
    expect(await twoNamesPart("Part")).toBe(3 + 2);
  });

  it("with ROWS_ONLY builds each shape once and reads every use's rows with that build's read (decision 0141)", async () => {
    // Only the two shapes' builds with placeholders: no use builds its part.
    expect(await twoNamesPart("Rows", ROWS_ONLY)).toBe(2);
  });

  it("gives the Orders tabs the statements a fresh build gives, handler after handler, page after page", () => {
    const db = database(env.DB);
    for (const [handler, before] of [
      [{ ownerId: "u1" }, null],
      [{ ownerId: "u2" }, null],
      [{ ownerId: "u2" }, "order_A"],
      [{ ownerId: "u3" }, "order_B"],
      [{ storeId: "s1" }, null],
      [{ storeId: "s2" }, "order_C"],
    ] as const) {
      const statements = ordersTabPart(db, handler as { storeId: string }, Date.now(), before).statements.map(queryOf);
      const lines = queryOf(
        "ownerId" in handler
          ? sellerOrderLinesQuery(db, handler.ownerId, before)
          : storeOrderLinesQuery(db, handler.storeId, before),
      );
      expect(statements).toContainEqual(lines);
      const id = "ownerId" in handler ? handler.ownerId : handler.storeId;
      expect(statements.flatMap((s) => s.params)).not.toContain(before === null ? "order_A" : "u1");
      expect(statements.filter((s) => s.params.includes(id)).length).toBeGreaterThanOrEqual(5);
    }
  });

  it("gives the order page the statements a fresh build gives, shopper after shopper, and staff theirs", () => {
    const db = database(env.DB);
    for (const [orderId, viewer] of [
      ["order_1", { id: "shopper_1", staff: false }],
      ["order_2", { id: "shopper_2", staff: false }],
      ["order_2", { id: "staff_1", staff: true }],
      ["order_3", { id: "staff_2", staff: true }],
    ] as const) {
      const fresh = [
        ...orderDetailPart(db, orderId, viewer).statements,
        ...orderMoneyPart(db, orderId).statements,
        ...orderPaymentPart(db, orderId).statements,
        ...laterChargesOwedPart(db, orderId).statements,
        ...orderClaimFactsPart(db, orderId).statements,
        ...parcelsOfOrderPart(db, orderId).statements,
      ].map(queryOf);
      expect(orderPagePart(db, orderId, viewer).statements.map(queryOf)).toEqual(fresh);
    }
  });

  it("gives opening a conversation the statements a fresh build gives, reader after reader, page after page", () => {
    const db = database(env.DB);
    for (const [conversationId, userId, before] of [
      ["cnv_1", "user_1", null],
      ["cnv_2", "user_2", null],
      ["cnv_2", "user_3", 41],
      ["cnv_3", "user_1", 7],
    ] as const) {
      const link = `/account/messages/${conversationId}`;
      const fresh = [
        ...conversationPart(db, conversationId).statements,
        ...conversationMessagesPart(db, conversationId, before).statements,
        ...partyStatesPart(db, conversationId).statements,
        ...offersOfConversationPart(db, conversationId, 0).statements,
        ...partySafetyPart(db, conversationId, userId).statements,
        ...unreadByLinkPart(db, userId, link).statements,
      ].map(queryOf);
      const values = { conversationId, userId, link, now: 0 };
      const part = openingPart(db, before === null ? values : { ...values, before });
      expect(part.statements.map(queryOf)).toEqual(fresh);
    }
  });

  it("gives admin Financial the statements a fresh build gives, period after period, list after list", () => {
    const db = database(env.DB);
    for (const [period, list] of [
      [{ from: 1_000, to: 2_000 }, "transactions"],
      [{ from: 3_000, to: 9_000 }, "transactions"],
      [{ from: 3_000, to: 9_000 }, "payouts"],
      [{ from: 5_000, to: 6_000 }, "commissions"],
    ] as const) {
      const fresh = [
        ...financeOverviewPart(db, period, list).statements,
        deliveryFeesOwed(db),
        payeeBalances(db),
        holdsBetween(db, period),
      ].map(queryOf);
      expect(financialTabPart(db, period, list).statements.map(queryOf)).toEqual(fresh);
    }
  });
});

describe("shopper pages' statements built once (decision 0135)", () => {
  it("gives home's new items and its rail of followed sellers the statements a fresh build gives, day after day", () => {
    const db = database(env.DB);
    for (const [userId, now] of [
      ["user_1", 1_800_000_000_000],
      ["user_2", 1_800_000_000_000],
      ["user_2", 1_800_086_400_000],
    ] as const) {
      expect(newItemsPart(db, now).statements.map(queryOf)).toEqual([queryOf(newItems(db, now))]);
      expect(newFromFollowedPart(db, userId, now).statements.map(queryOf)).toEqual([
        queryOf(newFromFollowed(db, userId, now)),
      ]);
    }
  });

  it("gives the product page what is around each item as a fresh build does, signed out and signed in", () => {
    const db = database(env.DB);
    for (const [itemId, viewerId] of [
      ["prod_a", null],
      ["prod_b", "user_1"],
      ["prod_c", "user_2"],
    ] as const) {
      const fresh = [
        ...itemSellerStandingPart(db, itemId, 0).statements,
        shippingQuery(db, "vendor", ownerOfItem(itemId)),
        shippingQuery(db, "store", storeOfItem(itemId)),
        ...(viewerId ? [followedOfItemQuery(db, viewerId, itemId), favoriteQuery(db, viewerId, itemId)] : []),
      ].map(queryOf);
      expect(aroundItemPart(db, itemId, viewerId, 0).statements.map(queryOf)).toEqual(fresh);
    }
  });

  it("gives the brand page its brand as a fresh build does, in any case, brand after brand", () => {
    const db = database(env.DB);
    for (const name of ["Ganni", "ganni", "Other Brand"]) {
      expect(brandByNamePart(db, name).statements.map(queryOf)).toEqual([queryOf(brandByNameQuery(db, name))]);
    }
  });

  it("gives a seller's profile, page after page, the statements a fresh build gives", () => {
    const db = database(env.DB);
    const later = { ...FIRST_PAGE, after: encodeCursor(1_800_000_000_000, "prod_x") };
    for (const [name, page] of [
      ["vintagevera", FIRST_PAGE],
      ["another seller", FIRST_PAGE],
      ["another seller", later],
      ["vintagevera", FIRST_PAGE],
    ] as const) {
      expect(namedSellerProfilePart(db, name, page).statements.map(queryOf)).toEqual(
        sellerProfilePart(db, name, page).statements.map(queryOf),
      );
    }
  });
});
