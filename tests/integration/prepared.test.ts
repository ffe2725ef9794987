import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { products, users } from "../../db/schema";
import { aliased } from "../../app/data/columns.server";
import { database } from "../../app/data/db.server";
import { batchParts } from "../../app/data/parts.server";
import { preparedOnce } from "../../app/data/prepared.server";
import { productDetail } from "../../app/data/product.server";
import { createProduct, createUser } from "./factories";

// Statements built once per isolate (app/data/prepared.server.ts; decision 0111).

const tag = `prep${Date.now().toString(36)}`;

describe("a statement prepared once", () => {
  it("is built at its first use, and binds each use's own values in one batch, with its columns mapped", async () => {
    const owner = await createUser({ displayName: `Owner${tag}` });
    const [a, b] = [
      await createProduct(owner.id, { name: `First ${tag}` }),
      await createProduct(owner.id, { name: `Second ${tag}` }),
    ];
    let builds = 0;
    const nameOf = preparedOnce(["id"], (db, { id }) => {
      builds++;
      return db
        .select({ name: products.name, owner: aliased(users.displayName, "owner_name") })
        .from(products)
        .innerJoin(users, eq(users.id, products.ownerId))
        .where(eq(products.id, id));
    });
    const db = database(env.DB);
    const [first, second, none] = await batchParts(db, [
      nameOf(db, { id: a.id }),
      nameOf(db, { id: b.id }),
      nameOf(db, { id: "no-such-product" }),
    ] as const);
    expect(first).toEqual([{ name: `First ${tag}`, owner: `Owner${tag}` }]);
    expect(second).toEqual([{ name: `Second ${tag}`, owner: `Owner${tag}` }]);
    expect(none).toEqual([]);
    const [again] = await batchParts(database(env.DB), [nameOf(database(env.DB), { id: b.id })] as const);
    expect(again).toEqual([{ name: `Second ${tag}`, owner: `Owner${tag}` }]);
    expect(builds).toBe(1);
  });

  it("gives the product page each item's own details, one after another", async () => {
    const owner = await createUser({ displayName: `Seller${tag}` });
    const [coat, dress] = [
      await createProduct(owner.id, { name: `Coat ${tag}` }),
      await createProduct(owner.id, { name: `Dress ${tag}` }),
    ];
    const db = database(env.DB);
    const detail = (id: string) => productDetail(db, id, null, Date.now());
    expect((await detail(coat.id))?.product.name).toBe(`Coat ${tag}`);
    expect((await detail(dress.id))?.product.name).toBe(`Dress ${tag}`);
    expect((await detail(dress.id))?.product.ownerName).toBe(`Seller${tag}`);
    expect(await detail(`missing-${tag}`)).toBeNull();
  });
});
