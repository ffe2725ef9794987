// Follows, ratings and badges (issue 46 items 1-2; docs/decisions/0090 and 0091): what a newcomer
// sees after `npm start`.
// - AtelierAnna, a seller with both earned badges and a verified one: payouts active with the
//   payment provider, her last 12 orders each posted within a day, and 12 ratings averaging 4.9
//   (Verified seller, Top rated, Ships fast on her page, /AtelierAnna). Her five newest listings
//   are on the shop.
// - The demo shopper (shopper@closetloop.test) follows AtelierAnna, VintageVera and the
//   Kensington Closet: 'From sellers you follow' on the home page, /account/following, and a
//   'New from AtelierAnna' notification. Three of AtelierAnna's trades are the shopper's: each
//   side rated the other on two, and the third (completed 3 days ago) waits for both ratings.
// Idempotent: fixed ids; ON CONFLICT DO NOTHING throughout.
import { splitSale } from "../../../app/domain/commission.ts";
import { commissionId, transactionId } from "../../../app/domain/finance-ids.ts";

const SELLER = "user_demo_anna";
const SHOPPER = "user_shopper";
const BUYERS = ["user_demo_buyer_mo", "user_demo_buyer_jo"];
const HOUR = 3_600_000;

/** AtelierAnna's sold pieces: name, brand, category, colour, product type, size, buying price. */
const SOLD = [
  ["Camel Belted Trench Coat", "Burberry", "Coats", "Camel", "Women", "UK 10", 18900],
  ["Ivory Silk Slip Dress", "Reformation", "Dresses", "White", "Women", "UK 8", 6900],
  ["Navy Tweed Blazer", "Paul Smith", "Jackets & Blazers", "Navy", "Men", "M", 8900],
  ["Green Wax Field Jacket", "Barbour", "Jackets & Blazers", "Green", "Unisex", "L", 9900],
  ["Black Leather Crossbody Bag", "Mulberry", "Accessories", "Black", "Women", "One size", 24900],
  ["Pink Floral Midi Dress", "Rixo", "Dresses", "Pink", "Women", "UK 12", 7900],
  ["Grey Cashmere Jumper", "Jigsaw", "Tops", "Grey", "Women", "M", 4900],
  ["Blue Straight Jeans", "Levi's", "Bottoms", "Blue", "Men", "L", 3900],
  ["Beige Wide-Leg Trousers", "Me+Em", "Bottoms", "Beige", "Women", "UK 10", 5900],
  ["Red Wool Wrap Coat", "Whistles", "Coats", "Red", "Women", "UK 12", 11900],
  ["Brown Suede Belt", "Toast", "Accessories", "Brown", "Unisex", "One size", 2900],
  ["White Oxford Shirt", "COS", "Tops", "White", "Men", "M", 2900],
];
/** Her listings on the shop now, newest first. */
const LIVE = [
  ["Black Double-Breasted Pea Coat", "Reiss", "Coats", "Black", "Women", "UK 10", 12900, 1599],
  ["Yellow Silk Scarf", "Vivienne Westwood", "Accessories", "Yellow", "Unisex", "One size", 5900, 799],
  ["Green Quilted Gilet Jacket", "Barbour", "Jackets & Blazers", "Green", "Men", "L", 7900, 999],
  ["Navy Pleated Midi Skirt", "Sézane", "Bottoms", "Navy", "Women", "UK 8", 6900, 899],
  ["Red Ruffle Party Dress", "Ganni", "Dresses", "Red", "Women", "UK 12", 9900, 1299],
];
const RATINGS = [5, 5, 5, 4, 5, 5, 5, 5, 5, 5, 5, 5];
const COMMENTS = [
  "Beautifully packed and even nicer than the photos.",
  "Posted the same day. Exactly as described.",
  "Lovely seller, quick to answer my questions.",
  "Good coat, a little more worn at the cuffs than I expected.",
  "Arrived the next day, wrapped in tissue. Thank you!",
  "Perfect fit, and the measurements were spot on.",
];
const ADDRESS = (name) =>
  JSON.stringify({
    fullName: name,
    email: "",
    phone: "",
    addressLine1: "5 Demo Street",
    addressLine2: "",
    city: "London",
    county: "",
    postalCode: "N1 1AA",
    country: "United Kingdom",
  });
const GROUP_FEE = 399;

export async function seed({ db, env, now, DAY, batch }) {
  // The local provider's own record of her connected account (as 80-payouts.mjs does for Vera's):
  // the weekly job's transfer to her reads it, and without it her payout's transfer failed. Its id is
  // letters and digits after acct_local_, as the local provider accepts (payouts-local.server.ts).
  const accountKey = "payouts:local:account:acct_local_demoanna";
  if (!(await env.CACHE.get(accountKey))) {
    await env.CACHE.put(
      accountKey,
      JSON.stringify({
        id: "acct_local_demoanna",
        object: "account",
        payee: { type: "owner", id: SELLER },
        details_submitted: true,
        payouts_enabled: true,
        capabilities: { transfers: "active" },
        returnUrl: null,
        refreshUrl: null,
      }),
    );
  }
  const known = await db.prepare("SELECT id FROM users WHERE id = ?").bind(SELLER).first();
  if (known) return;
  const statements = [];
  const s = (sql, ...binds) => statements.push(db.prepare(sql).bind(...binds));
  const picture = async (category) =>
    (
      await db
        .prepare("SELECT images FROM products WHERE category = ? AND images <> '[]' ORDER BY id LIMIT 1")
        .bind(category)
        .first()
    )?.images ?? "[]";

  // The seller and two other shoppers (their names stay private: pages show display names only).
  const people = [
    [SELLER, "anna@closetloop.test", "Anna Atelier", "AtelierAnna", "vendor"],
    [BUYERS[0], "mo@closetloop.test", "Mo Buyer", "MoLovesMode", "individual"],
    [BUYERS[1], "jo@closetloop.test", "Jo Buyer", "JoThrifts", "individual"],
  ];
  for (const [id, email, fullName, displayName, type] of people) {
    // The demo password, as every demo account has it: VintageVera's hash and salt.
    s(
      "INSERT INTO users (id, email, full_name, display_name, user_type, password_hash, password_salt, email_verified_at, created_at, updated_at) SELECT ?, ?, ?, ?, ?, password_hash, password_salt, ?, ?, ? FROM users WHERE id = 'user_vendor' ON CONFLICT DO NOTHING",
      id,
      email,
      fullName,
      displayName,
      type,
      now - 300 * DAY,
      now - 300 * DAY,
      now,
    );
    s(
      "INSERT INTO user_verifications (user_id, is_verified, verified_at) VALUES (?, 1, ?) ON CONFLICT DO NOTHING",
      id,
      now - 300 * DAY,
    );
  }
  s(
    "INSERT INTO user_roles (user_id, role, admin_subrole, seller_role, assigned_at) VALUES (?, 'individual', NULL, 'vendor', ?) ON CONFLICT DO NOTHING",
    SELLER,
    now - 300 * DAY,
  );
  s(
    "UPDATE users SET return_address = ? WHERE id = ?",
    JSON.stringify({
      fullName: "Anna Atelier",
      addressLine1: "9 Mill Lane",
      city: "Leeds",
      postalCode: "LS1 4AP",
      country: "United Kingdom",
    }),
    SELLER,
  );
  // Verified seller: payouts set up and active with the payment provider (which checked her identity).
  s(
    "INSERT INTO payee_accounts (payee_type, payee_id, provider, provider_account_id, status, created_at, updated_at) VALUES ('owner', ?, 'local', 'acct_local_demoanna', 'active', ?, ?) ON CONFLICT DO NOTHING",
    SELLER,
    now - 280 * DAY,
    now - 280 * DAY,
  );

  const COLUMNS =
    "id, name, description, price, original_price, rental_price, buying_price, brand, condition, color, product_type, category, tags, materials, care_instructions, size, images, owner_id, status, product_status, availability, concierge_status, created_at, updated_at";
  const product = async (id, [name, brand, category, colour, type, size, buying, rental = null], createdAt, sold) =>
    s(
      `INSERT INTO products (${COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'Almost New', ?, ?, ?, '["designer","classic"]', NULL, 'Dry clean only.', ?, ?, ?, 'approved', 'live', ?, 'no', ?, ?) ON CONFLICT DO NOTHING`,
      id,
      name,
      `An almost new ${name.toLowerCase()} by ${brand}, from AtelierAnna's own wardrobe. Checked by our team.`,
      buying,
      buying * 2,
      rental,
      buying,
      brand,
      colour,
      type,
      category,
      size,
      await picture(category),
      SELLER,
      sold ? "sold" : "available",
      createdAt,
      createdAt,
    );

  // Twelve completed trades, newest first; each posted within a day of the order and rated.
  for (const [k, piece] of SOLD.entries()) {
    const productId = `prod_demo_anna_sold_${k + 1}`;
    const orderId = `order_demo_anna_${k + 1}`;
    const itemId = `item_demo_anna_${k + 1}`;
    const buyer = k < 3 ? SHOPPER : BUYERS[k % 2];
    const placed = now - (5 + k * 6) * DAY;
    const shipped = placed + (10 + (k % 3) * 4) * HOUR;
    const deliveredAt = shipped + 2 * DAY;
    // The shopper's newest trade ended 3 days ago: both ratings are still to give (30 days).
    const completedAt = k === 0 ? now - 3 * DAY : deliveredAt + 2 * DAY;
    await product(productId, piece, placed - 20 * DAY, true);
    const price = piece[6];
    s(
      "INSERT INTO orders (id, user_id, status, subtotal_amount, delivery_fee, total_amount, currency, billing_address, shipping_address, paid_at, created_at, updated_at) VALUES (?, ?, 'completed', ?, ?, ?, 'GBP', ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING",
      orderId,
      buyer,
      price,
      GROUP_FEE,
      price + GROUP_FEE,
      ADDRESS("Demo Buyer"),
      ADDRESS("Demo Buyer"),
      placed,
      placed,
      completedAt,
    );
    s(
      "INSERT INTO order_items (id, order_id, product_id, name, type, quantity, price, buying_price, seller_id, seller_type, handler, status, carrier, tracking_number, shipped_at, shipped_by, delivered_at, completed_at, created_at) VALUES (?, ?, ?, ?, 'purchase', 1, ?, ?, ?, 'vendor', 'vendor', 'completed', 'royal_mail', ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING",
      itemId,
      orderId,
      productId,
      piece[0],
      price,
      price,
      SELLER,
      `RM${String(100000000 + k).padStart(9, "0")}GB`,
      shipped,
      SELLER,
      deliveredAt,
      completedAt,
      placed,
    );
    const split = splitSale(price, false);
    const txn = transactionId(itemId, "sale");
    s(
      "INSERT INTO transactions (id, transaction_type, product_id, order_id, order_item_id, owner_id, store_id, gross_amount, net_amount, status, created_at) VALUES (?, 'sale', ?, ?, ?, ?, NULL, ?, ?, 'completed', ?) ON CONFLICT DO NOTHING",
      txn,
      productId,
      orderId,
      itemId,
      SELLER,
      split.gross,
      split.owner,
      deliveredAt,
    );
    s(
      "INSERT INTO commissions (id, transaction_id, recipient_type, recipient_id, commission_rate, commission_amount, status, calculated_at) VALUES (?, ?, 'platform', NULL, 1000, ?, 'calculated', ?) ON CONFLICT DO NOTHING",
      commissionId(txn, "platform"),
      txn,
      split.platform,
      deliveredAt,
    );
    if (k === 0) continue;
    // The shopper's side (of the seller) on every other trade; the seller's side (of the shopper) on the demo shopper's.
    s(
      "INSERT INTO reviews (id, rating, comment, reviewer_id, reviewed_user_id, product_id, order_item_id, side, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, 'shopper', ?) ON CONFLICT DO NOTHING",
      `review_demo_anna_${k + 1}`,
      RATINGS[k],
      COMMENTS[k % COMMENTS.length],
      buyer,
      SELLER,
      productId,
      itemId,
      completedAt + DAY,
    );
    if (buyer === SHOPPER) {
      s(
        "INSERT INTO reviews (id, rating, comment, reviewer_id, reviewed_user_id, product_id, order_item_id, side, created_at) VALUES (?, 5, ?, ?, ?, ?, ?, 'seller', ?) ON CONFLICT DO NOTHING",
        `review_demo_anna_of_shopper_${k + 1}`,
        "Paid at once and a pleasure to deal with. Welcome back any time.",
        SELLER,
        SHOPPER,
        productId,
        itemId,
        completedAt + 2 * HOUR,
      );
    }
  }
  // Ratings from before the shop kept order lines (the base seed's kind): two more five-star ones, so 12 in all.
  s(
    "INSERT INTO reviews (id, rating, comment, reviewer_id, reviewed_user_id, product_id, side, created_at) VALUES ('review_demo_anna_early_1', 5, 'My favourite seller on here.', ?, ?, NULL, 'shopper', ?) ON CONFLICT DO NOTHING",
    BUYERS[0],
    SELLER,
    now - 90 * DAY,
  );

  // Her listings on the shop now: the home page's 'From sellers you follow' for the demo shopper.
  for (const [k, piece] of LIVE.entries())
    await product(`prod_demo_anna_${k + 1}`, piece, now - (k * 2 + 1) * DAY, false);

  // The demo shopper follows her, VintageVera and the Kensington Closet; Mo follows her too.
  const follow = (id, follower, sellerId, storeId, at) =>
    s(
      "INSERT INTO follows (id, follower_id, seller_id, store_id, created_at) VALUES (?, ?, ?, ?, ?) ON CONFLICT DO NOTHING",
      id,
      follower,
      sellerId,
      storeId,
      at,
    );
  follow("follow_demo_shopper_anna", SHOPPER, SELLER, null, now - 40 * DAY);
  follow("follow_demo_shopper_vera", SHOPPER, "user_vendor", null, now - 20 * DAY);
  follow("follow_demo_shopper_kensington", SHOPPER, null, "store_kensington", now - 10 * DAY);
  follow("follow_demo_mo_anna", BUYERS[0], SELLER, null, now - 60 * DAY);
  follow("follow_demo_jo_anna", BUYERS[1], SELLER, null, now - 50 * DAY);
  // The notification of her newest listing going live.
  s(
    "INSERT INTO notifications (id, user_id, event_key, kind, category, title, body, link, created_at) VALUES ('notification_demo_followed_anna', ?, 'followed_listing:prod_demo_anna_1', 'followed_new_listing', 'following', ?, ?, '/product/prod_demo_anna_1', ?) ON CONFLICT DO NOTHING",
    SHOPPER,
    `New from AtelierAnna: ${LIVE[0][0]}`,
    `AtelierAnna, whom you follow, listed ${LIVE[0][0]} by ${LIVE[0][1]}.`,
    now - DAY + HOUR,
  );
  await batch(statements);
}
