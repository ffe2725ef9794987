// Items of their own for the browser tests that order, approve or reprice one (issue 28 item 5):
// per spec and browser project, so the spec files can run side by side and the js and no-js runs
// of one file too. Every seed puts them back on the shelf (or in the review queue) and removes
// what the last run made of them: baskets, orders, money, reviews, a price change answered.
// Idempotent. Product ids are prod_e2e_…: the tests that pick any buyable item from the listing
// skip them (openBuyableProduct in tests/e2e/fixtures.ts).
import { PROJECTS, clearTrades, item } from "./lib/kit.mjs";

const STORE = "store_kensington";
const pick = (p, js, nojs) => (p === "js" ? js : nojs);

/** [spec, project] → the items its tests act on (names are what the tests look for). */
export const OWN_ITEMS = PROJECTS.flatMap((p) => [
  // admin.spec.ts: one waiting in the review queue for the reviewer, one the shopper orders and support ships.
  {
    id: `prod_e2e_admin_${p}_review`,
    name: pick(p, "Juniper Review Trench", "Linden Review Trench"),
    pending: true,
    imageOf: 21,
  },
  { id: `prod_e2e_admin_${p}_ship`, name: pick(p, "Cobalt Shipping Parka", "Russet Shipping Parka"), imageOf: 31 },
  // mobile.spec.ts and shopping.spec.ts: checked out on a phone, bought outright.
  { id: `prod_e2e_mobile_${p}`, name: pick(p, "Pocket Rental Raincoat", "Compact Rental Raincoat"), imageOf: 41 },
  { id: `prod_e2e_shop_${p}`, name: pick(p, "Checkout Camel Overcoat", "Checkout Navy Overcoat"), imageOf: 51 },
  // trade.spec.ts: one posted, delivered and returned, one cancelled; sold by VintageVera (js) or RetroRob (no-js).
  {
    id: `prod_e2e_trade_${p}_post`,
    name: pick(p, "Posted Tweed Cape", "Posted Linen Cape"),
    owner: pick(p, "user_vendor", "user_vendor2"),
    imageOf: 61,
  },
  {
    id: `prod_e2e_trade_${p}_cancel`,
    name: pick(p, "Cancelled Tweed Cape", "Cancelled Linen Cape"),
    owner: pick(p, "user_vendor", "user_vendor2"),
    imageOf: 71,
  },
  // labels.spec.ts: rented, posted with a label, delivered by the carrier's event; sold by VintageVera (js) or RetroRob (no-js).
  {
    id: `prod_e2e_labels_${p}`,
    name: pick(p, "Labelled Silk Slip Dress", "Labelled Satin Slip Dress"),
    owner: pick(p, "user_vendor", "user_vendor2"),
    imageOf: 63,
  },
  // abroad.spec.ts: VintageVera's, who ships to Europe (db/demo/flows/91-abroad.mjs), bought from Paris.
  {
    id: `prod_e2e_abroad_${p}`,
    name: pick(p, "Parisian Wool Cape", "Lyonnais Wool Cape"),
    owner: "user_vendor",
    imageOf: 42,
  },
  // race.js.spec.ts: two shoppers check out the same item (the js run's only; both projects get one, as every own item).
  { id: `prod_e2e_race_${p}`, name: pick(p, "Contested Velvet Blazer", "Contested Corduroy Blazer"), imageOf: 91 },
  // renting.spec.ts: rented for a need-by date, then back around (decision 0080).
  {
    id: `prod_e2e_renting_${p}`,
    name: pick(p, "Occasion Sequin Gown", "Occasion Velvet Gown"),
    rental: 2500,
    buying: 15000,
    imageOf: 93,
  },
  // unpaid.spec.ts: checked out, not paid, then called off.
  { id: `prod_e2e_unpaid_${p}`, name: pick(p, "Unpaid Satin Bomber", "Unpaid Suede Bomber"), imageOf: 92 },
  // seller.spec.ts: VintageVera's item that the Kensington Closet manages and asks to reprice.
  {
    id: `prod_e2e_seller_${p}_pcr`,
    name: pick(p, "Repriced Cashmere Wrap", "Repriced Merino Wrap"),
    rental: 1299,
    buying: 8999,
    storeId: STORE,
    concierge: "yes",
    category: "Accessories",
    imageOf: 81,
  },
]);

export async function seed({ db, now, DAY, pad, batch }) {
  const statements = [
    ...clearTrades(
      db,
      OWN_ITEMS.map((i) => i.id),
    ),
  ];
  for (const spec of OWN_ITEMS) statements.push(await item(db, spec, now, pad, DAY));
  for (const p of PROJECTS) {
    statements.push(
      // One request per product and store waits at a time (migration 0046): one a run sent is answered.
      db
        .prepare(
          "UPDATE price_change_requests SET status = 'rejected', reviewed_at = ? WHERE product_id = ? AND store_id = ? AND status = 'pending' AND id <> ?",
        )
        .bind(now, `prod_e2e_seller_${p}_pcr`, STORE, `pcr_e2e_${p}`),
      db
        .prepare(
          `INSERT INTO price_change_requests (id, product_id, owner_id, store_id, suggested_rental_price, suggested_buying_price, reason, status, created_at)
         VALUES (?, ?, 'user_vendor', ?, 999, 7499, 'Wraps rent faster here at this price.', 'pending', ?)
         ON CONFLICT (id) DO UPDATE SET status = 'pending', reviewed_at = NULL, reviewed_by = NULL`,
        )
        .bind(`pcr_e2e_${p}`, `prod_e2e_seller_${p}_pcr`, STORE, now - DAY),
    );
  }
  await batch(statements);
}
