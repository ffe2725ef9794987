import { inArray, sql } from "drizzle-orm";
import { products, stores, users, viewCounts } from "../../db/schema";
import type { Database } from "../data/db.server";
import { startOfWeekUTC } from "../domain/dates";
import type { ViewMessage } from "../domain/queue-messages";

// Counted views (issue 24, item 11), off the request path: the Worker answers, then queues one
// small message per page a person viewed, with the views of it an isolate gathered within a
// second (waitUntil: the visitor never waits for it); the queue consumer counts a whole batch at
// once, one upsert per subject and week. Delivery is at least once: a batch that fails half-way
// and is retried may count a few views twice. The queueing side is count-view.server.ts (it runs
// on every request; this file is the consumer's).

type Subject = { type: "product" | "owner" | "store"; id: string };

/** Count a batch of views: a product view for the product, its owner and its store; a profile for its owner; a store page for the store. */
export async function recordViews(db: Database, views: readonly ViewMessage[]) {
  if (views.length === 0) return;
  const productIds = [...new Set(views.flatMap((v) => (v.page === "product" ? [v.id] : [])))];
  const names = [...new Set(views.flatMap((v) => (v.page === "profile" ? [v.displayName] : [])))];
  const storeIds = [...new Set(views.flatMap((v) => (v.page === "store" ? [v.id] : [])))];
  const [productRows, ownerRows, storeRows] = await db.batch([
    db
      .select({ id: products.id, ownerId: products.ownerId, storeId: products.storeId })
      .from(products)
      .where(inArray(products.id, productIds.length ? productIds : [""])),
    db
      .select({ id: users.id, displayName: users.displayName })
      .from(users)
      .where(inArray(users.displayName, names.length ? names : [""])),
    db
      .select({ id: stores.id })
      .from(stores)
      .where(inArray(stores.id, storeIds.length ? storeIds : [""])),
  ]);
  const product = new Map(productRows.map((p) => [p.id, p]));
  const owner = new Map(ownerRows.map((u) => [u.displayName, u.id]));
  const store = new Set(storeRows.map((s) => s.id));

  const counts = new Map<string, { subject: Subject; week: number; views: number }>();
  const add = (subject: Subject, at: number, n: number) => {
    const week = startOfWeekUTC(at);
    const key = `${subject.type}\u0000${subject.id}\u0000${week}`;
    const row = counts.get(key) ?? { subject, week, views: 0 };
    row.views += n;
    counts.set(key, row);
  };
  for (const view of views) {
    if (view.page === "product") {
      const p = product.get(view.id);
      if (!p) continue;
      add({ type: "product", id: p.id }, view.at, view.n);
      add({ type: "owner", id: p.ownerId }, view.at, view.n);
      if (p.storeId) add({ type: "store", id: p.storeId }, view.at, view.n);
    } else if (view.page === "profile") {
      const id = owner.get(view.displayName);
      if (id) add({ type: "owner", id }, view.at, view.n);
    } else if (store.has(view.id)) {
      add({ type: "store", id: view.id }, view.at, view.n);
    }
  }
  const upserts = [...counts.values()].map((c) =>
    db
      .insert(viewCounts)
      .values({ subjectType: c.subject.type, subjectId: c.subject.id, weekStart: c.week, views: c.views })
      .onConflictDoUpdate({
        target: [viewCounts.subjectType, viewCounts.subjectId, viewCounts.weekStart],
        set: { views: sql`${viewCounts.views} + excluded.views` },
      }),
  );
  if (upserts.length > 0) await db.batch(upserts as [(typeof upserts)[number], ...typeof upserts]);
}
