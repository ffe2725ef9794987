import { env } from "cloudflare:workers";

// Test data factories: each test creates what it needs through the real local D1.
let seq = 0;
const next = () => `${Date.now().toString(36)}${(++seq).toString(36)}`;

/** Where a test seller's items come back: every factory user has one unless told otherwise (issue 22). */
export const RETURN_ADDRESS = {
  fullName: "Test Seller",
  addressLine1: "2 Return Lane",
  city: "Leeds",
  postalCode: "LS1 4AP",
  country: "United Kingdom",
};

export async function createUser(
  overrides: Partial<{
    id: string;
    email: string;
    fullName: string;
    displayName: string;
    returnAddress: Record<string, string> | null;
  }> = {},
) {
  const id = overrides.id ?? `user_${next()}`;
  const now = Date.now();
  const user = {
    id,
    email: overrides.email ?? `${id}@example.test`,
    fullName: overrides.fullName ?? "Test Person",
    displayName: overrides.displayName ?? `tester-${id}`,
  };
  await env.DB.prepare(
    "INSERT INTO users (id, email, full_name, display_name, return_address, password_hash, password_salt, email_verified_at, created_at, updated_at) VALUES (?, ?, ?, ?, ?, 'x', 'x', ?, ?, ?)",
  )
    .bind(
      user.id,
      user.email,
      user.fullName,
      user.displayName,
      overrides.returnAddress === null ? null : JSON.stringify(overrides.returnAddress ?? RETURN_ADDRESS),
      now,
      now,
      now,
    )
    .run();
  return user;
}

export async function createProduct(
  ownerId: string,
  overrides: Partial<{
    id: string;
    name: string;
    rentalPrice: number | null;
    buyingPrice: number;
    productStatus: "pending" | "live" | "archived";
    createdAt: number;
    images: string[];
    brand: string;
    category: string;
    productType: string;
    description: string;
    tags: string[];
    color: string;
    /** A size (issue 25): none unless asked for. */
    size: string | null;
  }> = {},
) {
  const id = overrides.id ?? `prod_${next()}`;
  const now = Date.now();
  const product = {
    id,
    name: overrides.name ?? `Test Jacket ${id}`,
    rentalPrice: overrides.rentalPrice === undefined ? 1500 : overrides.rentalPrice,
    buyingPrice: overrides.buyingPrice ?? 12000,
    productStatus: overrides.productStatus ?? "live",
    createdAt: overrides.createdAt ?? now,
    images: overrides.images ?? [`/images/products/${id}_1.png`],
  };
  await env.DB.prepare(
    `INSERT INTO products (id, name, description, price, original_price, rental_price, buying_price, brand, condition, color, product_type, category, tags, images, owner_id, status, product_status, created_at, updated_at, size)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'Almost New', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  )
    .bind(
      id,
      product.name,
      overrides.description ?? "A test item.",
      product.buyingPrice,
      product.buyingPrice * 2,
      product.rentalPrice,
      product.buyingPrice,
      overrides.brand ?? "Test Brand",
      overrides.color ?? "Black",
      overrides.productType ?? "Women",
      overrides.category ?? "Coats",
      JSON.stringify(overrides.tags ?? ["test"]),
      JSON.stringify(product.images),
      ownerId,
      product.productStatus === "live" ? "approved" : "pending",
      product.productStatus,
      product.createdAt,
      now,
      overrides.size ?? null,
    )
    .run();
  return product;
}

/**
 * An order of one £10 line written as it stands (no checkout, no money rows): for what reads orders
 * and lines alone (lists, pages of them, query plans). The line has the order's status and time.
 */
export async function insertSoldLine(order: {
  id: string;
  userId: string;
  productId: string;
  status: string;
  at: number;
  handler?: "vendor" | "store";
  sellerId?: string | null;
  deliveryFee?: number;
}) {
  const fee = order.deliveryFee ?? 0;
  await env.DB.batch([
    env.DB.prepare(
      "INSERT INTO orders (id, user_id, status, subtotal_amount, delivery_fee, total_amount, billing_address, shipping_address, created_at, updated_at) VALUES (?, ?, ?, 1000, ?, ?, '{}', '{}', ?, ?)",
    ).bind(order.id, order.userId, order.status, fee, 1000 + fee, order.at, order.at),
    env.DB.prepare(
      "INSERT INTO order_items (id, order_id, product_id, name, type, price, status, handler, seller_id, created_at) VALUES (?, ?, ?, 'Sold item', 'purchase', 1000, ?, ?, ?, ?)",
    ).bind(
      `item_${order.id}`,
      order.id,
      order.productId,
      order.status,
      order.handler ?? "vendor",
      order.sellerId ?? null,
      order.at,
    ),
  ]);
}

/** Polls until `check` returns a value (the queue consumer runs asynchronously). */
export async function eventually<T>(check: () => Promise<T | null | undefined>, timeoutMs = 8000): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() - started > timeoutMs) throw new Error("condition not met in time");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** A valid billing form for checkout (the shipping address is the same). */
export const BILLING = {
  "billing.fullName": "Ada Lovelace",
  "billing.email": "ada@example.test",
  "billing.addressLine1": "12 St James's Square",
  "billing.city": "London",
  "billing.postalCode": "SW1Y 4JH",
  "billing.country": "United Kingdom",
  sameAsBilling: "on",
};

/** Every table an action may write. */
export const WRITABLE_TABLES = [
  "users",
  "user_roles",
  "user_verifications",
  "auth_tokens",
  "stores",
  "store_requests",
  "brands",
  "brand_suggestions",
  "categories",
  "products",
  "cart_items",
  "favorites",
  "orders",
  "order_items",
  "order_idempotency_keys",
  "order_status_history",
  "reviews",
  "price_change_requests",
  "site_content",
  "media_library",
  "blog_posts",
  "transactions",
  "commissions",
  "payouts",
  "audit_log",
  "notification_outbox",
  "payments",
  "conversations",
  "messages",
  "conversation_reads",
  "message_blocks",
  "conversation_reports",
  "message_suspensions",
  "back_in_stock_requests",
  "saved_searches",
  "saved_search_hits",
  "shipping_labels",
  "tracking_events",
  "follows",
];

/**
 * Waits until the notification queue has delivered what earlier tests sent: test files share a
 * workerd one after another (setup.ts), so the previous file's last e-mails can land in this one's
 * first moments. Quiet means the outbox did not grow for longer than the queue's batch timeout
 * (1 s, wrangler.toml); at most 5 s.
 */
export async function outboxQuiet() {
  const count = async () =>
    (await env.DB.prepare("SELECT count(*) AS n FROM notification_outbox").first<{ n: number }>())!.n;
  const until = Date.now() + 5_000;
  for (let last = await count(); Date.now() < until;) {
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    const now = await count();
    if (now === last) return;
    last = now;
  }
}

/** What the fingerprint reads, in one statement (a batch of ~45 cost a round trip and a result each). */
const FINGERPRINT_SQL = `SELECT ${[
  ...WRITABLE_TABLES.map((t) => `(SELECT count(*) FROM ${t})`),
  "(SELECT group_concat(id || ':' || availability || ':' || status || ':' || product_status || ':' || updated_at, ',') FROM products)",
  "(SELECT group_concat(id || ':' || updated_at || ':' || coalesce(deactivated_at, ''), ',') FROM users)",
  "(SELECT group_concat(id || ':' || status || ':' || updated_at, ',') FROM orders)",
  // Rows changed in place by staff: roles, store requests, payouts.
  "(SELECT group_concat(user_id || ':' || role || ':' || coalesce(admin_subrole, '') || ':' || coalesce(seller_role, '') || ':' || assigned_at, ',') FROM user_roles)",
  "(SELECT group_concat(id || ':' || status || ':' || coalesce(reviewed_at, ''), ',') FROM store_requests)",
  "(SELECT group_concat(id || ':' || status || ':' || coalesce(paid_at, ''), ',') FROM payouts)",
]
  .map((expression, i) => `${expression} AS c${i}`)
  .join(", ")}`;

/**
 * Counts of every table an action may write, the last change of every product, user and order,
 * the rows staff change in place (roles, store requests, payouts) and the number of stored
 * images: equal before and after means nothing changed.
 */
export async function databaseFingerprint() {
  const row = await env.DB.prepare(FINGERPRINT_SQL).raw();
  let objects = 0;
  for (let cursor: string | undefined, more = true; more;) {
    const page = await env.IMAGES.list({ cursor, limit: 1000 });
    objects += page.objects.length;
    more = page.truncated;
    cursor = page.truncated ? page.cursor : undefined;
  }
  // The counts as they are (a failing test shows which table grew), the rows changed in place as a digest.
  const values = row[0]!;
  const inPlace = JSON.stringify(values.slice(WRITABLE_TABLES.length));
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(inPlace)));
  return JSON.stringify([...values.slice(0, WRITABLE_TABLES.length), [...digest.slice(0, 8)].join("."), objects]);
}
