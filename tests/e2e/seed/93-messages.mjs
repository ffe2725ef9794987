// The conversations' browser test (tests/e2e/messages.spec.ts): per browser project, a seller of
// its own with items to ask about, so the header's unread count the test reads moves only with
// its own conversation (the demo vendor's moves with every spec that writes to them, side by
// side). The shopper is the spec's own (80-own-accounts.mjs removes their conversations).
import { PROJECTS, account, demoPasswordHash, item } from "./lib/kit.mjs";

export const MESSAGE_SELLERS = PROJECTS.map((p) => ({
  id: `user_e2e_msgseller_${p}`,
  email: `msgseller-${p}@closetloop.test`,
  displayName: p === "js" ? "ReplySellerJs" : "ReplySellerNoJs",
}));

export async function seed({ db, now, DAY, pad, batch }) {
  const password = demoPasswordHash();
  const statements = [];
  for (const [i, seller] of MESSAGE_SELLERS.entries()) {
    statements.push(
      ...account(
        db,
        {
          id: seller.id,
          email: seller.email,
          fullName: `Remy Reply ${PROJECTS[i]}`,
          role: ["individual", null, "vendor"],
        },
        password,
        now,
      ),
      db.prepare("UPDATE users SET display_name = ? WHERE id = ?").bind(seller.displayName, seller.id),
      // Asked about in an earlier run of the spec on this state: their conversations go.
      db.prepare("DELETE FROM conversations WHERE seller_id = ?").bind(seller.id),
    );
    for (let n = 1; n <= 3; n++) {
      statements.push(
        await item(
          db,
          {
            id: `prod_e2e_messages_${PROJECTS[i]}_${n}`,
            name: `Questioned Wool Coat ${PROJECTS[i]} ${n}`,
            owner: seller.id,
            imageOf: 20 + n,
          },
          now,
          pad,
          DAY,
        ),
      );
    }
  }
  await batch(statements);
}
