// The columns every table shares: text ids (URLs never expose counts), epoch-millisecond times,
// JSON text lists (tags, images), and a row's link to the row it belongs to.
import { sql } from "drizzle-orm";
import { integer, text, type AnySQLiteColumn } from "drizzle-orm/sqlite-core";

export const id = () => text("id").primaryKey();
export const createdAt = () => integer("created_at").notNull();
export const jsonList = (name: string) =>
  text(name, { mode: "json" })
    .$type<string[]>()
    .notNull()
    .default(sql`'[]'`);
/** A row that belongs to another: its id, required, and the row goes when that one does. */
export const belongsTo = (name: string, target: () => AnySQLiteColumn) =>
  text(name).notNull().references(target, { onDelete: "cascade" });
