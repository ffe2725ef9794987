// Conversations as a newcomer should find them (issue 26): the demo shopper asked the demo
// vendor about a live item and has the vendor's answer unread; the shopper asked the demo store
// about a concierge item (unread for the store); and a conversation the shopper reported (the
// seller asked to be paid outside Closetloop) waits in the admin area's Reported messages tab. A
// regular's thread with the vendor about a dress they rent again and again (56 messages) opens on
// its latest 50, with 'Earlier messages' above them (decision 0112).
// Written as the conversation's Durable Object writes them (sequence numbers, read state); the
// object reads where a conversation stands from D1 when it next wakes. Idempotent: fixed ids.

const MINUTE = 60_000;

export async function seed({ db, now, batch }) {
  const pick = (sql, ...binds) =>
    db
      .prepare(sql)
      .bind(...binds)
      .first();
  const vendorItem = await pick(
    "SELECT id, name FROM products WHERE owner_id = 'user_vendor' AND product_status = 'live' AND availability = 'available' AND (store_id IS NULL OR concierge_status <> 'yes') ORDER BY id LIMIT 1",
  );
  const storeItem = await pick(
    "SELECT id, name, owner_id FROM products WHERE store_id = 'store_kensington' AND concierge_status = 'yes' AND product_status = 'live' ORDER BY id LIMIT 1",
  );
  const regularItem = await pick(
    "SELECT id, name FROM products WHERE owner_id = 'user_vendor' AND product_status = 'live' AND availability = 'available' AND (store_id IS NULL OR concierge_status <> 'yes') ORDER BY id LIMIT 1 OFFSET 1",
  );
  const reportedItem = await pick(
    "SELECT id, name FROM products WHERE owner_id = 'user_vendor2' AND product_status = 'live' AND availability = 'available' AND (store_id IS NULL OR concierge_status <> 'yes') ORDER BY id LIMIT 1",
  );
  const statements = [];
  /** A conversation with its messages ([party, sender, text, minutes ago]) and each party's unread count. */
  const conversation = (id, item, handler, messages, unread) => {
    const last = now - messages[messages.length - 1][3] * MINUTE;
    statements.push(
      db
        .prepare(
          "INSERT INTO conversations (id, product_id, product_name, shopper_id, seller_id, store_id, owner_id, created_at, last_message_at, last_seq) VALUES (?, ?, ?, 'user_shopper', ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING",
        )
        .bind(
          id,
          item.id,
          item.name,
          handler.sellerId ?? null,
          handler.storeId ?? null,
          item.owner_id ?? handler.sellerId,
          now - messages[0][3] * MINUTE,
          last,
          messages.length,
        ),
    );
    messages.forEach(([party, sender, text, ago], i) => {
      statements.push(
        db
          .prepare(
            "INSERT INTO messages (id, conversation_id, seq, sender_id, sender_party, body, client_token, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING",
          )
          .bind(`msg_${id}_${i + 1}`, id, i + 1, sender, party, text, `demo_${id}_${i + 1}`, now - ago * MINUTE),
      );
    });
    const handlerUser = handler.sellerId ?? "user_store";
    for (const [party, userId] of [
      ["shopper", "user_shopper"],
      ["handler", handlerUser],
    ]) {
      const seen = messages.length - unread[party];
      statements.push(
        db
          .prepare(
            "INSERT INTO conversation_reads (conversation_id, party, user_id, read_seq, delivered_seq, unread, emailed_at) VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING",
          )
          .bind(id, party, userId, seen, seen, unread[party], unread[party] > 0 ? last : null),
      );
    }
  };
  if (vendorItem) {
    conversation(
      "cnv_demo_vendor",
      vendorItem,
      { sellerId: "user_vendor" },
      [
        ["shopper", "user_shopper", "Hi! Does this run true to size? I'm usually a UK 10.", 180],
        [
          "handler",
          "user_vendor",
          "It does — I'm a 10 too and it fitted perfectly. Happy to measure the waist for you if that helps.",
          150,
        ],
        ["shopper", "user_shopper", "Yes please, that would be great.", 140],
        [
          "handler",
          "user_vendor",
          "Waist is 70 cm laid flat and doubled. I can post it tomorrow if you rent it today.",
          20,
        ],
      ],
      { shopper: 1, handler: 0 },
    );
  }
  if (storeItem) {
    conversation(
      "cnv_demo_store",
      storeItem,
      { storeId: "store_kensington" },
      [["shopper", "user_shopper", "Could I collect this from the shop in Kensington instead of delivery?", 45]],
      { shopper: 0, handler: 1 },
    );
  }
  if (regularItem)
    conversation("cnv_demo_regular", regularItem, { sellerId: "user_vendor" }, regularsThread(), {
      shopper: 0,
      handler: 0,
    });
  if (reportedItem) {
    conversation(
      "cnv_demo_reported",
      reportedItem,
      { sellerId: "user_vendor2" },
      [
        ["shopper", "user_shopper", "Is this still available to rent next weekend?", 600],
        [
          "handler",
          "user_vendor2",
          "Yes. Pay me by bank transfer instead and I'll knock 20% off — no need to go through Closetloop.",
          590,
        ],
      ],
      { shopper: 0, handler: 0 },
    );
    statements.push(
      db
        .prepare(
          "INSERT INTO conversation_reports (id, conversation_id, reporter_id, reason, created_at) VALUES ('rep_demo_1', 'cnv_demo_reported', 'user_shopper', 'The seller asks me to pay outside Closetloop.', ?) ON CONFLICT DO NOTHING",
        )
        .bind(now - 580 * MINUTE),
    );
  }
  await batch(statements);
}

/** A regular's thread: the same dress rented for seven occasions over seven months, eight messages each. */
function regularsThread() {
  const occasions = [
    ["my sister's wedding", "the 14th"],
    ["a charity gala", "the 3rd"],
    ["a day at the races", "the 21st"],
    ["a christening", "the 9th"],
    ["a summer party", "the 27th"],
    ["a work dinner", "the 12th"],
    ["an engagement party", "the 6th"],
  ];
  const DAY = 24 * 60;
  return occasions.flatMap(([occasion, day], i) => {
    const start = (occasions.length - i) * 30 * DAY;
    const lines = [
      ["shopper", `Hello again! Could I rent it for ${occasion} on ${day}?`],
      ["handler", `Of course, it's free that week. I'll post it three days before ${day}.`],
      ["shopper", "Perfect, I've booked it. Could you steam it before it goes?"],
      ["handler", "Will do. Posted today with tracking."],
      ["shopper", "It arrived this morning, thank you! Fits as well as ever."],
      ["handler", `Lovely. Enjoy ${occasion}!`],
      ["shopper", "Posted it back this afternoon. Thanks again."],
      ["handler", "Back safe and sound. Thanks for taking such good care of it."],
    ];
    return lines.map(([party, text], j) => [
      party,
      party === "shopper" ? "user_shopper" : "user_vendor",
      text,
      start - j * 2 * DAY + 60,
    ]);
  });
}
