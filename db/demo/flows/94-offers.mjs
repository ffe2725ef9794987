// Make an offer and bundle discounts (issue 43 items 4-6; docs/decisions/0088-offers.md,
// 0089-bundle-discounts.md): what a newcomer sees after `npm start` as the demo shopper
// (shopper@closetloop.test), VintageVera (vendor@), RetroRob (vendor2@) or the Kensington Closet
// (store@):
// - three items in the shopper's basket with an offer each, said in the conversation about the
//   item (/account/messages): one of VintageVera's waiting for her answer (Accept, Decline,
//   Counter on its card); one the Kensington Closet countered (the shopper accepts or declines);
//   one VintageVera accepted, which the basket shows at the agreed price for 24 hours.
// - RetroRob gives bundle discounts (2 items −10%, 3 or more −15%: his dashboard's 'Bundle
//   discounts'), and two of his items are in the basket: the basket takes 10% off that group.
// Idempotent: fixed ids; a flow already seeded is left alone.

const SHOPPER = "user_shopper";
const HOUR = 3_600_000;
const MINUTE = 60_000;
const pounds = (pence) => `£${(pence / 100).toFixed(2)}`;

export async function seed({ db, now }) {
  if (await db.prepare("SELECT 1 FROM offers WHERE id = 'ofr_demo_pending'").first()) return;
  // Items nobody ordered, put in a basket or asked about yet, from the end of the catalogue (the other flows take from its start).
  const free = `product_status = 'live' AND availability = 'available' AND buying_price IS NOT NULL
    AND id NOT IN (SELECT product_id FROM order_items WHERE product_id IS NOT NULL)
    AND id NOT IN (SELECT product_id FROM cart_items)
    AND id NOT IN (SELECT product_id FROM conversations WHERE product_id IS NOT NULL)`;
  const pick = async (where, n) =>
    (
      await db
        .prepare(
          `SELECT id, name, images, owner_id, store_id, buying_price FROM products WHERE ${free} AND ${where} ORDER BY id DESC LIMIT ${n}`,
        )
        .all()
    ).results;
  const vera = await pick("owner_id = 'user_vendor' AND (store_id IS NULL OR concierge_status <> 'yes')", 2);
  const store = await pick("store_id = 'store_kensington' AND concierge_status = 'yes' AND status = 'approved'", 1);
  const rob = await pick("owner_id = 'user_vendor2' AND (store_id IS NULL OR concierge_status <> 'yes')", 2);
  if (vera.length < 2 || store.length < 1 || rob.length < 2) return;
  const statements = [];
  const s = (sql, ...binds) => statements.push(db.prepare(sql).bind(...binds));
  const image = (p) => {
    try {
      return JSON.parse(p.images)[0] ?? null;
    } catch {
      return null;
    }
  };
  const inBasket = (p, minutesAgo, byStore) =>
    s(
      "INSERT INTO cart_items (id, user_id, product_id, name, image_url, type, price, duration, quantity, vendor, seller_id, seller_avatar, seller_type, handler, concierge_status, created_at) VALUES (?, ?, ?, ?, ?, 'purchase', ?, NULL, 1, ?, ?, NULL, ?, ?, ?, ?) ON CONFLICT DO NOTHING",
      `cart_demo_${p.id}`,
      SHOPPER,
      p.id,
      p.name,
      image(p),
      p.buying_price,
      byStore ? "Store" : null,
      byStore ? p.store_id : p.owner_id,
      byStore ? "store" : "vendor",
      byStore ? "store" : "vendor",
      byStore ? "yes" : "no",
      now - minutesAgo * MINUTE,
    );

  /** An offer said in the conversation about its item: the shopper's message, and the handler's answer when there is one. */
  const offer = (id, p, handler, o) => {
    const cnv = `cnv_demo_${id}`;
    const made = now - o.hoursAgo * HOUR;
    const msgs = [
      [
        "shopper",
        SHOPPER,
        `I'd like to offer ${pounds(o.amount)} for this item (listed at ${pounds(p.buying_price)}).`,
        made,
      ],
    ];
    if (o.answer) msgs.push(["handler", handler.userId, o.answer, made + HOUR]);
    s(
      "INSERT INTO conversations (id, product_id, product_name, shopper_id, seller_id, store_id, owner_id, created_at, last_message_at, last_seq) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING",
      cnv,
      p.id,
      p.name,
      SHOPPER,
      handler.sellerId ?? null,
      handler.storeId ?? null,
      p.owner_id,
      made,
      msgs[msgs.length - 1][3],
      msgs.length,
    );
    msgs.forEach(([party, sender, body, at], i) =>
      s(
        "INSERT INTO messages (id, conversation_id, seq, sender_id, sender_party, body, client_token, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING",
        `msg_${cnv}_${i + 1}`,
        cnv,
        i + 1,
        sender,
        party,
        body,
        `demo_${cnv}_${i + 1}`,
        at,
      ),
    );
    // The handler has not read a pending offer yet; the shopper has not read the answer.
    const unread = { shopper: o.answer ? 1 : 0, handler: o.answer ? 0 : 1 };
    for (const [party, userId] of [
      ["shopper", SHOPPER],
      ["handler", handler.userId],
    ]) {
      const seen = msgs.length - unread[party];
      s(
        "INSERT INTO conversation_reads (conversation_id, party, user_id, read_seq, delivered_seq, unread) VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING",
        cnv,
        party,
        userId,
        seen,
        seen,
        unread[party],
      );
    }
    s(
      "INSERT INTO offers (id, product_id, shopper_id, conversation_id, seller_id, store_id, list_price, amount, counter_amount, status, expires_at, buy_by, answered_by, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING",
      id,
      p.id,
      SHOPPER,
      cnv,
      handler.sellerId ?? null,
      handler.storeId ?? null,
      p.buying_price,
      o.amount,
      o.counter ?? null,
      o.status,
      o.expiresAt,
      o.buyBy ?? null,
      o.answer ? handler.userId : null,
      made,
      o.answer ? made + HOUR : made,
    );
  };
  const [pendingItem, acceptedItem] = vera;
  const [counteredItem] = store;
  const share = (p, percent) => Math.ceil((p.buying_price * percent) / 100);

  // Waiting for VintageVera: 80% of the price, made 3 hours ago (lapses in 45 hours).
  offer(
    "ofr_demo_pending",
    pendingItem,
    { sellerId: "user_vendor", userId: "user_vendor" },
    { amount: share(pendingItem, 80), status: "pending", hoursAgo: 3, expiresAt: now + 45 * HOUR },
  );
  inBasket(pendingItem, 170, false);
  // Countered by the Kensington Closet: 70% offered, 85% asked back; the shopper has 46 hours to answer.
  const counter = share(counteredItem, 85);
  offer(
    "ofr_demo_countered",
    counteredItem,
    { storeId: "store_kensington", userId: "user_store" },
    {
      amount: share(counteredItem, 70),
      counter,
      status: "countered",
      hoursAgo: 3,
      expiresAt: now + 46 * HOUR,
      answer: `We can do ${pounds(counter)} for this one.`,
    },
  );
  inBasket(counteredItem, 160, true);
  // Accepted by VintageVera an hour ago: the shopper may buy at 75% for the next 23 hours.
  offer(
    "ofr_demo_accepted",
    acceptedItem,
    { sellerId: "user_vendor", userId: "user_vendor" },
    {
      amount: share(acceptedItem, 75),
      status: "accepted",
      hoursAgo: 2,
      expiresAt: now + 46 * HOUR,
      buyBy: now + 23 * HOUR,
      answer: "Deal: it's yours at that price if you check out today.",
    },
  );
  inBasket(acceptedItem, 150, false);

  // RetroRob's bundle discounts, and two of his items in the basket.
  s(
    "INSERT INTO bundle_discounts (handler, handler_id, tiers, updated_at) VALUES ('vendor', 'user_vendor2', ?, ?) ON CONFLICT DO NOTHING",
    JSON.stringify([
      { minItems: 2, percent: 10 },
      { minItems: 3, percent: 15 },
    ]),
    now - 5 * 86_400_000,
  );
  inBasket(rob[0], 140, false);
  inBasket(rob[1], 139, false);
  await db.batch(statements);
}
