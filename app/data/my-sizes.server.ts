import { and, eq, notInArray } from "drizzle-orm";
import { userSizes } from "../../db/schema";
import { MY_SIZE_SYSTEMS, type MySizeSystem, type SavedSizes } from "../domain/my-sizes";
import type { Database } from "./db.server";

// The sizes a shopper saved (issue 25, item 3; migration 0030), one per size system.

export async function savedSizes(db: Database, userId: string): Promise<SavedSizes> {
  const rows = await db.select({ system: userSizes.sizeSystem, size: userSizes.size }).from(userSizes).where(eq(userSizes.userId, userId));
  const saved: SavedSizes = {};
  for (const row of rows) if ((MY_SIZE_SYSTEMS as readonly string[]).includes(row.system)) saved[row.system as MySizeSystem] = row.size;
  return saved;
}

/** Replaces the shopper's sizes with these (a system left empty is forgotten), in one batch. */
export async function saveSizes(db: Database, userId: string, sizes: SavedSizes, now: number) {
  const chosen = MY_SIZE_SYSTEMS.filter((system) => sizes[system]);
  await db.batch([
    db.delete(userSizes).where(and(eq(userSizes.userId, userId), ...(chosen.length ? [notInArray(userSizes.sizeSystem, chosen)] : []))),
    ...chosen.map((system) =>
      db
        .insert(userSizes)
        .values({ userId, sizeSystem: system, size: sizes[system]!, updatedAt: now })
        .onConflictDoUpdate({ target: [userSizes.userId, userSizes.sizeSystem], set: { size: sizes[system]!, updatedAt: now } }),
    ),
  ] as [any, ...any[]]);
}
