// abroad.spec.ts's own shoppers (issue 45): `abroad-<js|nojs>@closetloop.test`, an empty basket and
// no time zone at every seed. In a file of their own: with one more spec in 80-own-accounts.mjs
// its shared batch failed in the local bindings (a closed socket) every time here. Idempotent.
import { PROJECTS, account, demoPasswordHash } from "./lib/kit.mjs";

export async function seed({ db, now, batch }) {
  const password = demoPasswordHash();
  const statements = [];
  for (const p of PROJECTS) {
    const id = `user_e2e_abroad_${p}`;
    statements.push(
      ...account(
        db,
        { id, email: `abroad-${p}@closetloop.test`, fullName: p === "js" ? "Jo Abroad" : "Noa Abroad" },
        password,
        now,
      ),
      db.prepare("DELETE FROM cart_items WHERE user_id = ?").bind(id),
      db.prepare("UPDATE users SET time_zone = NULL WHERE id = ?").bind(id),
    );
  }
  await batch(statements);
}
