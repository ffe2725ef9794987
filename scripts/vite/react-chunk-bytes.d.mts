import type { Plugin } from "vite";

/** React's server build with its string chunks counted by their length (decision 0110). */
export function reactChunkBytes(): Plugin;
