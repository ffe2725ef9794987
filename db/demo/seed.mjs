// The demo shop's records (`npm run db:seed`, scripts/db-seed.mjs), written through any D1
// binding: the seed's, from Node through wrangler's platform proxy, or an integration test's
// inside workerd (tests/integration/demo-shop.ts: the public pages' private-data sweep, issue 41).
// Idempotent: fixed ids and ON CONFLICT clauses, so running it twice changes nothing.
import {
  BLOG_POSTS,
  BRANDS,
  CATEGORIES,
  CATEGORY_SHAPES,
  COLOURS,
  PAGES,
  PASSWORD,
  REVIEW_COMMENTS,
  SETTINGS,
  STORE,
  USERS,
  demoProduct,
  PRODUCT_COLUMNS,
  productValues,
  slug,
} from "./data.mjs";
import { flatImage, garmentImage } from "./png.mjs";

export const DEFAULT_PRODUCTS = 120;
export const pad = (i) => `prod_${String(i).padStart(6, "0")}`;
export const q = (v) =>
  v === null || v === undefined ? "NULL" : typeof v === "number" ? String(v) : `'${String(v).replace(/'/g, "''")}'`;

/**
 * Seeds the demo: accounts, categories, brands, the store, content, `total` products, reviews,
 * then each of `flows` (the modules of db/demo/flows, in name order). `hash(password)` gives an
 * account's { hash, salt }; `putImage(key, bytes)` stores an image and returns its URL. Without
 * `productImages` the products get their images' URLs but no bytes (a test that reads pages only).
 */
export async function seedDemo({
  db,
  env,
  now,
  hash,
  putImage,
  flows,
  total = DEFAULT_PRODUCTS,
  productImages = true,
}) {
  const batch = async (statements, size = 50) => {
    for (let i = 0; i < statements.length; i += size) await db.batch(statements.slice(i, i + size));
  };
  // Accounts: one per actor, verified; passwords hashed by `hash` (the seed: as the app does).
  const userStatements = [];
  for (const u of USERS) {
    const { hash: h, salt } = hash(PASSWORD);
    userStatements.push(
      db
        .prepare(
          "INSERT INTO users (id, email, full_name, display_name, user_type, return_address, password_hash, password_salt, email_verified_at, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING",
        )
        .bind(
          u.id,
          u.email,
          u.fullName,
          u.displayName,
          u.userType,
          u.returnAddress ? JSON.stringify(u.returnAddress) : null,
          h,
          salt,
          now,
          now - 200 * 86400000,
          now,
        ),
      db
        .prepare(
          "INSERT INTO user_verifications (user_id, is_verified, verified_at) VALUES (?, 1, ?) ON CONFLICT DO NOTHING",
        )
        .bind(u.id, now),
    );
    if (u.role) {
      userStatements.push(
        db
          .prepare(
            "INSERT INTO user_roles (user_id, role, admin_subrole, seller_role, assigned_at) VALUES (?, ?, ?, ?, ?) ON CONFLICT DO NOTHING",
          )
          .bind(u.id, ...u.role, now),
      );
    }
  }
  await batch(userStatements);

  // Categories, brands, the partner store, site content.
  const categoryStatements = [];
  for (const [i, [catSlug, name, description, rgb]] of CATEGORIES.entries()) {
    const image = await putImage(`categories/${catSlug}.png`, garmentImage(rgb, CATEGORY_SHAPES[name], 300, 300));
    categoryStatements.push(
      db
        .prepare(
          "INSERT INTO categories (id, name, slug, description, image_url, is_active, sort_order, created_at) VALUES (?, ?, ?, ?, ?, 1, ?, ?) ON CONFLICT DO NOTHING",
        )
        .bind(`cat_${catSlug}`, name, catSlug, description, image, i + 1, now),
    );
  }
  for (const b of BRANDS) {
    const logo = b.popular ? await putImage(`brands/${slug(b.name)}.png`, flatImage(b.rgb, 200, 200)) : null;
    categoryStatements.push(
      db
        .prepare(
          "INSERT INTO brands (id, name, logo_url, website_url, description, is_popular, created_at) VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING",
        )
        .bind(b.id, b.name, logo, b.website, b.description, b.popular ? 1 : 0, now),
    );
  }
  const storeLogo = await putImage(`stores/${STORE.id}.png`, flatImage([31, 61, 54], 200, 200, [194, 65, 12]));
  categoryStatements.push(
    db
      .prepare(
        "INSERT INTO stores (id, name, description, logo_url, owner_id, contact_email, created_at) VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING",
      )
      .bind(
        STORE.id,
        STORE.name,
        STORE.description,
        storeLogo,
        STORE.ownerId,
        STORE.contactEmail,
        now - 150 * 86400000,
      ),
  );
  const hero = await putImage("banners/home_hero.png", flatImage([31, 61, 54], 1600, 600, [232, 239, 233]));
  const content = [
    ["banner", "home_hero", "Home hero", null, hero],
    ...Object.entries(SETTINGS).map(([key, value]) => ["site_settings", key, null, value, null]),
    ...Object.entries(PAGES).map(([key, [title, text]]) => ["page", key, title, text, null]),
  ];
  for (const [type, key, title, text, image] of content) {
    categoryStatements.push(
      db
        .prepare(
          "INSERT INTO site_content (id, content_type, content_key, title, content, image_url, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (content_type, content_key) DO NOTHING",
        )
        .bind(`content_${type}_${key}`, type, key, title, text, image, now),
    );
  }
  for (const [i, post] of BLOG_POSTS.entries()) {
    const image = await putImage(`blog/${post.id}.png`, flatImage(COLOURS[(i * 3) % COLOURS.length][1], 800, 450));
    categoryStatements.push(
      db
        .prepare(
          "INSERT INTO blog_posts (id, title, excerpt, content, category, tags, featured_image_url, author_id, status, published_at, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, 'user_admin', 'published', ?, ?) ON CONFLICT DO NOTHING",
        )
        .bind(
          post.id,
          post.title,
          post.excerpt,
          post.content,
          post.category,
          JSON.stringify(post.tags),
          image,
          now - (i + 1) * 5 * 86400000,
          now - (i + 1) * 5 * 86400000,
        ),
    );
  }
  categoryStatements.push(
    db
      .prepare(
        "INSERT INTO brand_suggestions (id, suggested_name, description, suggested_by, status, created_at) VALUES ('suggestion_1', 'Nobody Knows Vintage', 'A small London label I sell a lot of.', 'user_vendor', 'pending', ?) ON CONFLICT DO NOTHING",
      )
      .bind(now),
    db
      .prepare(
        "INSERT INTO store_requests (id, contact_name, store_name, store_address, store_website, contact_email, status, created_at) VALUES ('store_request_1', 'Priya Patel', 'Brick Lane Rails', '88 Brick Lane, London E1 6RL', 'https://bricklanerails.example', 'priya@bricklanerails.test', 'pending', ?) ON CONFLICT DO NOTHING",
      )
      .bind(now),
  );
  await batch(categoryStatements);

  // Products. Images: the demo catalog gets its own; a large catalog reuses a shared pool.
  const owners = ["user_vendor", "user_vendor2"];
  const pool = new Map();
  async function imagesFor(p, shared) {
    const urls = [];
    if (!productImages) return Array.from({ length: p.imageCount }, (_, k) => `/images/products/${p.id}_${k + 1}.png`);
    for (let k = 0; k < p.imageCount; k++) {
      // The item's own silhouette (its category's) in its colour, on one background: every demo name
      // is unique now (a colour per noun), and the seed decodes each distinct picture once for its
      // variants, so more backgrounds would triple the seed's time (issue 46, decision 0091).
      const view = 0;
      const key = shared ? `products/pool/${slug(p.color)}-${p.shape}-${view}.png` : `products/${p.id}_${k + 1}.png`;
      const poolKey = `${p.color}-${p.shape}-${view}`;
      // 1000 × 1250: wide enough for the 400 and 800 px variants a product photo gets after an upload.
      if (!pool.has(poolKey)) pool.set(poolKey, garmentImage(p.rgb, p.shape, 1000, 1250, view));
      urls.push(await putImage(key, pool.get(poolKey)));
    }
    return urls;
  }

  const COLUMNS = `id, ${PRODUCT_COLUMNS}, size, fit_note, measurements, images, owner_id, store_id, status, product_status, concierge_status, created_at, updated_at`;
  const rows = [];
  for (let i = 1; i <= total; i++) {
    const p = demoProduct(i, now, owners);
    p.id = pad(i);
    // Concierge: a dozen approved store-managed items and two waiting for the store's answer.
    let storeId = null;
    let concierge = "no";
    if (i <= DEFAULT_PRODUCTS && i % 10 === 4) {
      storeId = STORE.id;
      concierge = "yes";
      p.status = "approved";
      p.productStatus = "live";
    } else if (i === 9 || i === 19) {
      storeId = STORE.id;
      concierge = "pending";
      p.status = "pending";
      p.productStatus = "pending";
    }
    const images = await imagesFor(p, i > DEFAULT_PRODUCTS);
    rows.push([
      p.id,
      ...productValues(p),
      p.size,
      p.fitNote,
      p.measurements ? JSON.stringify(p.measurements) : null,
      JSON.stringify(images),
      p.ownerId,
      storeId,
      p.status,
      p.productStatus,
      concierge,
      p.createdAt,
      now,
    ]);
  }
  const productStatements = [];
  for (let i = 0; i < rows.length; i += 100) {
    const values = rows
      .slice(i, i + 100)
      .map((r) => `(${r.map(q).join(", ")})`)
      .join(",\n");
    productStatements.push(db.prepare(`INSERT INTO products (${COLUMNS}) VALUES ${values} ON CONFLICT DO NOTHING`));
  }
  await batch(productStatements, 20);

  // Reviews of the two vendors, on their live items.
  const reviewStatements = [];
  for (let r = 1; r <= 25; r++) {
    const productIndex = r * 4 - 1;
    const p = demoProduct(productIndex, now, owners);
    reviewStatements.push(
      db
        .prepare(
          "INSERT INTO reviews (id, rating, comment, reviewer_id, reviewed_user_id, product_id, created_at) VALUES (?, ?, ?, 'user_shopper', ?, ?, ?) ON CONFLICT DO NOTHING",
        )
        .bind(
          `review_${r}`,
          3 + (r % 3),
          REVIEW_COMMENTS[r % REVIEW_COMMENTS.length],
          p.ownerId,
          pad(productIndex),
          now - r * 86400000,
        ),
    );
  }
  await batch(reviewStatements);

  // Each flow the dashboards show gets its demo records from a file of its own in db/demo/flows
  // (run in name order, after the catalog above): a pending product, a store request, orders in
  // every state, finance records. Each file exports `seed(kit)` and must be idempotent too.
  for (const flow of flows) await flow.seed({ db, env, now, batch, putImage, q, pad, DAY: 86400000 });
}
