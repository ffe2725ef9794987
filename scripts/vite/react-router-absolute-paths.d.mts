import type { Plugin } from "vite";

export const TARGETS_KEPT: number;
/** React Router's useResolvedPath, with absolute targets resolved once (decision 0111). */
export function reactRouterAbsolutePaths(): Plugin;
