// Sizes as a newcomer should find them (issue 25): every listing has a size (the catalog's from
// db/demo/data.mjs; the other flows' items here, spread the way migration 0029 spreads existing
// rows), and the demo shopper has saved their sizes, so 'Show my sizes' works at once when signed
// in as shopper@closetloop.test. Idempotent.

const WOMEN =
  '["UK 6","UK 8","UK 8","UK 10","UK 10","UK 10","UK 12","UK 12","UK 12","UK 14","UK 14","UK 16","UK 18","UK 20"]';
const CHILDREN =
  '["0–3 months","3–6 months","6–12 months","12–18 months","18–24 months","2–3 years","3–4 years","4–5 years","5–6 years","6–7 years","7–8 years","8–9 years","9–10 years","10–11 years","11–12 years","12–13 years","13–14 years","14–15 years"]';
const LETTERS = '["XS","S","S","M","M","M","L","L","XL","XXL"]';

export async function seed({ db, now, batch }) {
  await batch([
    db
      .prepare(
        `UPDATE products SET size = CASE
         WHEN category = 'Accessories' THEN 'One size'
         WHEN product_type = 'Women' THEN json_extract(?1, '$[' || (((rowid * 2654435761) % 4294967296) % 14) || ']')
         WHEN product_type = 'Children' THEN json_extract(?2, '$[' || (((rowid * 2654435761) % 4294967296) % 18) || ']')
         ELSE json_extract(?3, '$[' || (((rowid * 2654435761) % 4294967296) % 10) || ']')
       END
       WHERE size IS NULL`,
      )
      .bind(WOMEN, CHILDREN, LETTERS),
    ...[
      ["women", "UK 10"],
      ["men", "M"],
      ["shoes", "Shoe UK 6"],
    ].map(([system, size]) =>
      db
        .prepare(
          "INSERT INTO user_sizes (user_id, size_system, size, updated_at) VALUES ('user_shopper', ?, ?, ?) ON CONFLICT DO NOTHING",
        )
        .bind(system, size, now),
    ),
  ]);
}
