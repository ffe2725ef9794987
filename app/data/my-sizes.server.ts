import { eq } from "drizzle-orm";
import { userSizes } from "../../db/schema";
import { MY_SIZE_SYSTEMS, type MySizeSystem, type SavedSizes } from "../domain/my-sizes";
import type { Database } from "./db.server";

// The sizes a shopper saved (issue 25, item 3; migrations 0030 and 0057), any number per size system.

export async function savedSizes(db: Database, userId: string): Promise<SavedSizes> {
  const rows = await db
    .select({ system: userSizes.sizeSystem, size: userSizes.size })
    .from(userSizes)
    .where(eq(userSizes.userId, userId));
  const saved: SavedSizes = {};
  for (const row of rows)
    if ((MY_SIZE_SYSTEMS as readonly string[]).includes(row.system))
      (saved[row.system as MySizeSystem] ??= []).push(row.size);
  return saved;
}

/** Replaces the shopper's sizes with these (a system left empty is forgotten), in one batch. */
export async function saveSizes(db: Database, userId: string, sizes: SavedSizes, now: number) {
  const rows = MY_SIZE_SYSTEMS.flatMap((system) =>
    (sizes[system] ?? []).map((size) => ({ userId, sizeSystem: system, size, updatedAt: now })),
  );
  await db.batch([
    db.delete(userSizes).where(eq(userSizes.userId, userId)),
    ...(rows.length ? [db.insert(userSizes).values(rows)] : []),
  ] as [any, ...any[]]);
}
