import type { Plugin } from "vite";

export const PATHS_KEPT: number;
/** React Router's server matcher, keeping the matches of the paths it has seen (decision 0111). */
export function reactRouterMatchesRemembered(): Plugin;
