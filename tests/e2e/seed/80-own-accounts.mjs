// Accounts of their own for the browser tests that change what an account has (issue 28 item 5:
// the spec files run side by side, in two workers, and the js and no-js runs of one file may run
// at the same time): one shopper per spec and browser project, `<spec>-<js|nojs>@closetloop.test`
// (ownAccount in tests/e2e/fixtures.ts), and a store of its own per project for the store settings
// test. Every seed puts them back where their tests start: an empty basket, no favorites, the
// demo shopper's saved sizes, no conversations, the store's first description and no logo.
// Idempotent.
import { PROJECTS, account, demoPasswordHash } from "./lib/kit.mjs";

// The specs whose tests give a shopper a basket, orders, favorites, sizes or conversations.
export const SHOPPER_SPECS = [
  "a11y",
  "admin",
  "keyboard",
  "lifecycle",
  "messages",
  "mobile",
  "pages",
  "race",
  "shopping",
  "sizes",
  "trade",
  "unpaid",
  "claims",
  "labels",
  "currency",
  "renting",
  "offers",
];
const NAMES = { js: "Jo", nojs: "Noa" };
const cap = (s) => s[0].toUpperCase() + s.slice(1);

export const OWN_STORES = PROJECTS.map((p) => ({
  id: `store_e2e_${p}`,
  name: p === "js" ? "Marylebone Rails" : "Islington Rails",
  owner: {
    id: `user_store_e2e_${p}`,
    email: `store-${p}@closetloop.test`,
    fullName: p === "js" ? "Mara Marylebone" : "Ivo Islington",
    userType: "store",
    role: ["store", null, "store"],
  },
  description: `A partner store kept for the browser tests (${p}). Store located at: ${p === "js" ? "5 Marylebone Lane, London W1U 2NN" : "9 Upper Street, London N1 0PQ"}`,
}));

export async function seed({ db, now, batch }) {
  const password = demoPasswordHash();
  const statements = [];
  const shoppers = [];
  for (const spec of SHOPPER_SPECS) {
    for (const p of PROJECTS) {
      const id = `user_e2e_${spec}_${p}`;
      shoppers.push(id);
      statements.push(
        ...account(
          db,
          { id, email: `${spec}-${p}@closetloop.test`, fullName: `${NAMES[p]} ${cap(spec)}` },
          password,
          now,
        ),
      );
    }
  }
  const marks = shoppers.map(() => "?").join(", ");
  statements.push(
    db.prepare(`DELETE FROM cart_items WHERE user_id IN (${marks})`).bind(...shoppers),
    db.prepare(`DELETE FROM favorites WHERE user_id IN (${marks})`).bind(...shoppers),
    // Their offers first (each run offers anew), then their conversations.
    db.prepare(`DELETE FROM offers WHERE shopper_id IN (${marks})`).bind(...shoppers),
    // Their messages, read state and reports go with them (ON DELETE CASCADE); each run asks anew.
    db.prepare(`DELETE FROM conversations WHERE shopper_id IN (${marks})`).bind(...shoppers),
    // A block a run left behind (the messages spec blocks and unblocks the vendor) is not the next run's.
    db
      .prepare(`DELETE FROM message_blocks WHERE blocker_id IN (${marks}) OR blocked_id IN (${marks})`)
      .bind(...shoppers, ...shoppers),
  );
  for (const id of shoppers) {
    // Exactly these sizes, whatever a run saved (several per system are kept since migration 0057).
    statements.push(db.prepare("DELETE FROM user_sizes WHERE user_id = ?").bind(id));
    for (const [system, size] of [
      ["women", "UK 10"],
      ["men", "M"],
      ["shoes", "Shoe UK 6"],
    ]) {
      statements.push(
        db
          .prepare(
            "INSERT INTO user_sizes (user_id, size_system, size, updated_at) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING",
          )
          .bind(id, system, size, now),
      );
    }
  }
  for (const store of OWN_STORES) {
    statements.push(
      ...account(db, store.owner, password, now),
      db
        .prepare(
          "INSERT INTO stores (id, name, description, logo_url, owner_id, contact_email, created_at) VALUES (?, ?, ?, NULL, ?, ?, ?) ON CONFLICT (id) DO UPDATE SET description = excluded.description, logo_url = NULL",
        )
        .bind(store.id, store.name, store.description, store.owner.id, store.owner.email, now),
    );
  }
  await batch(statements);
}
