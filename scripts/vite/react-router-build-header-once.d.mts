import type { Plugin } from "vite";

/** React Router's getBuildTimeHeader, its environment read once (the build's SSR bundle). */
export function reactRouterBuildHeaderOnce(): Plugin;
