import type { Plugin } from "vite";

export const PENDING_TEXT: number;
/** React's server build joining its text before encoding it (decision 0111). */
export function reactTextChunks(): Plugin;
