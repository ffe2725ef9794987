import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createProduct, createUser, databaseFingerprint } from "./factories";

// The sweeps' "changes nothing" rests on databaseFingerprint: it must tell every kind of change.
describe("the database fingerprint", () => {
  it("stays the same when nothing changes, and tells a new row, a product and a role changed in place, and an image", async () => {
    const owner = await createUser();
    const product = await createProduct(owner.id);
    await env.DB.prepare(
      "INSERT INTO user_roles (user_id, role, admin_subrole, seller_role, assigned_at) VALUES (?, 'team_member', 'admin', NULL, 1)",
    )
      .bind(owner.id)
      .run();
    const steps: [string, () => Promise<unknown>][] = [
      ["a new row", () => createUser()],
      [
        "a product changed in place",
        () => env.DB.prepare("UPDATE products SET status = 'sold' WHERE id = ?").bind(product.id).run(),
      ],
      [
        "a role changed in place",
        () =>
          env.DB.prepare("UPDATE user_roles SET admin_subrole = 'customer_support' WHERE user_id = ?")
            .bind(owner.id)
            .run(),
      ],
      ["an image stored", () => env.IMAGES.put(`fingerprint/${crypto.randomUUID()}.png`, new Uint8Array([1]))],
    ];
    let before = await databaseFingerprint();
    expect(await databaseFingerprint()).toBe(before);
    for (const [change, make] of steps) {
      await make();
      const after = await databaseFingerprint();
      expect(after, change).not.toBe(before);
      before = after;
    }
  });
});
