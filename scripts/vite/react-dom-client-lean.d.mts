import type { Plugin } from "vite";

export const VIEW_TRANSITIONS_LEFT_OUT: string;
export const FRAGMENT_REFS_LEFT_OUT: string;
export const ACTION_STATE_LEFT_OUT: string;
export function reactDomWithoutUnusedFeatures(): Plugin;
