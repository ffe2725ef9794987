import { env } from "cloudflare:workers";
import { expect } from "vitest";
import { signedInBrowser as signIn, type Actor } from "./actors";
import { createUser } from "./factories";
import type { Browser, FormFields } from "./http";

// Shared by the seller area's tests (seller-upload, seller-edit): the tag, the store the seed makes,
// the upload form and the toast reader. Each test file calls seedSellerStore in its own beforeAll:
// every file runs in its own isolated storage.

export const tag = `sl${Date.now().toString(36)}`;
export const BRAND = `Sellerbrand ${tag}`;
export const STORE = `store_${tag}`;
export const rows = async <T = Record<string, unknown>>(sql: string, ...binds: unknown[]) =>
  (
    await env.DB.prepare(sql)
      .bind(...binds)
      .all()
  ).results as T[];
export const one = async <T = Record<string, unknown>>(sql: string, ...binds: unknown[]) =>
  (await rows<T>(sql, ...binds))[0];
let ipSeq = 0;
/** A signed-in user of a kind, each from an address of its own (sign-in is rate limited per address). */
export const signedInBrowser = (actor: Actor) =>
  signIn(actor, { ip: `10.77.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}` });
export const objectsUnder = async (prefix: string) => (await env.IMAGES.list({ prefix })).objects.map((o) => o.key);

export async function seedSellerStore() {
  const storeOwner = await createUser();
  const now = Date.now();
  await env.DB.batch([
    env.DB.prepare("INSERT INTO brands (id, name, created_at) VALUES (?, ?, ?)").bind(`brand_${tag}`, BRAND, now),
    env.DB.prepare("INSERT INTO stores (id, name, owner_id, created_at) VALUES (?, ?, ?, ?)").bind(
      STORE,
      `Shop ${tag}`,
      storeOwner.id,
      now,
    ),
  ]);
}

export const upload = (name: string, extra: FormFields = {}): FormFields => ({
  intent: "create_product",
  name,
  description: "A long camel coat, worn twice.",
  brand: BRAND.toUpperCase(),
  productType: "Women",
  category: "Coats",
  condition: "Almost New",
  color: "Camel",
  originalPrice: "400",
  rentalPrice: "24.50",
  buyingPrice: "£180",
  tags: " wool, camel ,Wool, ",
  materials: "Wool",
  careInstructions: "Dry clean only.",
  memoryStory: "",
  size: "UK 10",
  ...extra,
});

export async function followToast(browser: Browser, response: Response) {
  expect(response.status).toBe(302);
  const location = response.headers.get("location")!;
  return { location, html: await (await browser.fetch(location)).text() };
}
