import type { Plugin } from "vite";

export const INSTRUMENTATION_LEFT_OUT: string;
export function reactRouterWithoutInstrumentation(): Plugin;
export const BLOCKERS_LEFT_OUT: string;
export function reactRouterWithoutUnusedFeatures(): Plugin[];
