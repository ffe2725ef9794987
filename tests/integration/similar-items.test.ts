import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { database } from "../../app/data/db.server";
import { productDetail, refreshSimilarLists, RELATED_PRODUCTS } from "../../app/data/product.server";
import { rankSimilar, type SimilarityFacts } from "../../app/domain/similar";
import { createProduct, createUser } from "./factories";

// 'You may also like' from the lists the five-minute job keeps (decision 0123): the product page
// shows what ranking the category would show, a listing sold since leaves at once, a listing new
// since comes in at the job's next run, and an item changed since ranks its category again.

const db = database(env.DB);
const DAY = 86_400_000;

type Facts = SimilarityFacts & { id: string; createdAt: number };

const shown = async (id: string) =>
  (await productDetail(db, id, null, Date.now()))!.product.related.map((item) => item.id);

/** What the page would show ranking the whole pool, as app/domain/similar.ts ranks it. */
async function expected(id: string) {
  const pub = "product_status = 'live' AND availability <> 'sold'";
  const facts = `id, category, product_type AS productType, size, brand, tags, coalesce(rental_price, price) AS price, created_at AS createdAt`;
  const read = async (where: string) =>
    (await env.DB.prepare(`SELECT ${facts} FROM products WHERE ${where}`).bind(id).all<Facts & { tags: string }>())
      .results;
  const [item] = await read("id = ?");
  const pool = [
    ...(await read(`${pub} AND id <> ?1 AND category = (SELECT category FROM products WHERE id = ?1)`)),
    ...(await read(`${pub} AND id <> ? ORDER BY created_at DESC LIMIT ${RELATED_PRODUCTS}`)),
  ];
  const parse = (row: Facts & { tags: string }): Facts => ({ ...row, tags: JSON.parse(row.tags) as string[] });
  const unique = [...new Map(pool.map((row) => [row.id, parse(row)])).values()];
  return rankSimilar(parse(item!), unique, RELATED_PRODUCTS).map((row) => row.id);
}

const similarAt = async (id: string) =>
  (await env.DB.prepare("SELECT similar_at AS at FROM products WHERE id = ?").bind(id).first<{ at: number | null }>())!
    .at;

describe("'You may also like' from the kept lists", () => {
  it("shows what ranking the category shows; a sold listing leaves at once, a new one comes in at the next run, a changed item ranks again", async () => {
    const seller = await createUser();
    const category = `Kept coats ${seller.id}`;
    const old = Date.now() - 3650 * DAY;
    const facts = { category, brand: "Ganni", size: "UK 10", tags: ["wool", "winter"], rentalPrice: 2000 };
    const item = await createProduct(seller.id, facts);
    // A category of a dozen listings that differ in brand, size, tags and price, all older than
    // the newest listings overall (so only the kept list can bring them in).
    const brands = ["Ganni", "Reiss", "Ganni", "Toast"];
    const sizes = ["UK 10", "UK 12", "UK 8", "UK 16", null];
    for (let i = 0; i < 12; i++)
      await createProduct(seller.id, {
        category,
        brand: brands[i % brands.length],
        size: sizes[i % sizes.length],
        tags: i % 3 === 0 ? ["wool", "winter"] : i % 3 === 1 ? ["wool"] : ["linen"],
        rentalPrice: 1000 + 250 * i,
        productType: i % 2 ? "Women" : "Men",
        createdAt: old - i * 60_000,
      });

    // The newest listings overall, which every pool holds: elsewhere, and newer than all of the above.
    for (let i = 0; i < RELATED_PRODUCTS; i++)
      await createProduct(seller.id, { category: `Elsewhere ${seller.id}`, brand: "Toast", tags: ["linen"] });

    const ranked = await expected(item.id);
    expect(ranked).toHaveLength(RELATED_PRODUCTS);
    // No list yet: the category is ranked.
    expect(await shown(item.id)).toEqual(ranked);

    await refreshSimilarLists(db, Date.now(), 100_000);
    expect(await similarAt(item.id)).not.toBeNull();
    expect(await shown(item.id)).toEqual(ranked);

    // The best match sells: it leaves the list at once and the next best takes its place.
    await env.DB.prepare("UPDATE products SET availability = 'sold' WHERE id = ?").bind(ranked[0]).run();
    const afterSale = await expected(item.id);
    expect(afterSale).not.toContain(ranked[0]);
    expect(await shown(item.id)).toEqual(afterSale);

    // A twin of the item, listed long ago (not among the newest): not in the kept list until the next run.
    const twin = await createProduct(seller.id, { ...facts, createdAt: old + DAY });
    expect((await expected(item.id))[0]).toBe(twin.id);
    expect(await shown(item.id)).toEqual(afterSale);
    await refreshSimilarLists(db, Date.now(), 100_000);
    expect((await shown(item.id))[0]).toBe(twin.id);
    expect(await shown(item.id)).toEqual(await expected(item.id));

    // The item changes after its list was made: its category is ranked again, at once.
    const another = await createProduct(seller.id, { ...facts, createdAt: old + 2 * DAY });
    expect(await shown(item.id)).not.toContain(another.id);
    await env.DB.prepare("UPDATE products SET updated_at = ? WHERE id = ?")
      .bind((await similarAt(item.id))! + 1, item.id)
      .run();
    expect(await shown(item.id)).toContain(another.id);
    expect(await shown(item.id)).toEqual(await expected(item.id));
  });

  it("the job remakes the lists of items changed since first, then the oldest, and never those of items not on sale", async () => {
    const seller = await createUser();
    const pending = await createProduct(seller.id, { productStatus: "pending" });
    const first = Date.now() + DAY;
    await refreshSimilarLists(db, first, 100_000);
    expect(await similarAt(pending.id)).toBeNull();

    const changed = await createProduct(seller.id, { createdAt: first - DAY });
    expect(await refreshSimilarLists(db, first + 1, 1)).toBe(1);
    expect(await similarAt(changed.id)).toBe(first + 1);

    await env.DB.prepare("UPDATE products SET updated_at = ? WHERE id = ?")
      .bind(first + 2, changed.id)
      .run();
    expect(await refreshSimilarLists(db, first + 3, 1)).toBe(1);
    expect(await similarAt(changed.id)).toBe(first + 3);

    // Nothing changed since: the oldest list is remade, one made at `first`.
    expect(await refreshSimilarLists(db, first + 4, 1)).toBe(1);
    expect(await similarAt(changed.id)).toBe(first + 3);
    const remade = await env.DB.prepare("SELECT count(*) AS n FROM products WHERE similar_at = ?")
      .bind(first + 4)
      .first<{ n: number }>();
    expect(remade!.n).toBe(1);
    expect(await similarAt(pending.id)).toBeNull();
  });
});
