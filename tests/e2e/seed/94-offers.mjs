// Make an offer and bundle discounts' browser test (tests/e2e/offers.spec.ts; decisions 0088,
// 0089): per browser project, an item of VintageVera's to make an offer on (£50), and two items of
// RetroRob's, who gives 10% off two items bought together. The spec's own shopper
// (offers-<js|nojs>@closetloop.test, 80-own-accounts.mjs) starts with no offers; the last run's
// orders of these items are removed, so they are on sale again.
import { PROJECTS, clearTrades, item } from "./lib/kit.mjs";

export const OFFER_ITEMS = { js: "Offered Corduroy Jacket", nojs: "Offered Velvet Jacket" };
export const BUNDLE_ITEMS = {
  js: ["Bundled Silk Scarf", "Bundled Wool Beret"],
  nojs: ["Bundled Linen Scarf", "Bundled Felt Beret"],
};

export async function seed({ db, now, DAY, pad, batch }) {
  const ids = PROJECTS.flatMap((p) => [`prod_e2e_offers_${p}`, `prod_e2e_offers_${p}_b1`, `prod_e2e_offers_${p}_b2`]);
  const statements = [
    ...clearTrades(db, ids),
    db.prepare(`DELETE FROM offers WHERE product_id IN (${ids.map(() => "?").join(", ")})`).bind(...ids),
  ];
  for (const p of PROJECTS) {
    statements.push(
      await item(db, { id: `prod_e2e_offers_${p}`, name: OFFER_ITEMS[p], buying: 5000, imageOf: 94 }, now, pad, DAY),
    );
    for (const [n, name] of BUNDLE_ITEMS[p].entries()) {
      statements.push(
        await item(
          db,
          {
            id: `prod_e2e_offers_${p}_b${n + 1}`,
            name,
            owner: "user_vendor2",
            buying: 2000 + n * 500,
            imageOf: 95 + n,
          },
          now,
          pad,
          DAY,
        ),
      );
    }
  }
  statements.push(
    db
      .prepare(
        "INSERT INTO bundle_discounts (handler, handler_id, tiers, updated_at) VALUES ('vendor', 'user_vendor2', ?, ?) ON CONFLICT DO UPDATE SET tiers = excluded.tiers",
      )
      .bind(
        JSON.stringify([
          { minItems: 2, percent: 10 },
          { minItems: 3, percent: 15 },
        ]),
        now,
      ),
  );
  await batch(statements);
}
