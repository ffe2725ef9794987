// The columns every table shares: text ids (URLs never expose counts), epoch-millisecond times,
// JSON text lists (tags, images).
import { sql } from "drizzle-orm";
import { integer, text } from "drizzle-orm/sqlite-core";

export const id = () => text("id").primaryKey();
export const createdAt = () => integer("created_at").notNull();
export const jsonList = (name: string) => text(name, { mode: "json" }).$type<string[]>().notNull().default(sql`'[]'`);
