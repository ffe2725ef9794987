import type { Plugin } from "vite";

export const REMEMBERED_IS: string;
/** Drizzle's `is` with its answer remembered per prototype and class (decision 0111). */
export function drizzleIsRemembered(): Plugin;
