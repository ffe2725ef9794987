import type { Plugin } from "vite";

export const PLANNED_ROW: string;
/** Drizzle's row mapping with each statement's decoders and paths worked out once (decision 0117). */
export function drizzleRowPlan(): Plugin;
