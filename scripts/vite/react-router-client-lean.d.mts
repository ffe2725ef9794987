import type { Plugin } from "vite";

export const INSTRUMENTATION_LEFT_OUT: string;
export function reactRouterWithoutInstrumentation(): Plugin;
