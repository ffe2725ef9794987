import type { Plugin } from "vite";

export const ORIGINAL_LIMIT: string;
export const WRITTEN_LIMIT: string;
export const ORIGINAL_SET_LIMIT: string;
/** Drizzle's SQLite dialect writing whole-number limits into the statement's text (decision 0145). */
export function drizzleLimitWritten(): Plugin;
