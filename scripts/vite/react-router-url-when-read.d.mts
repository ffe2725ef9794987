import type { Plugin } from "vite";

/** The patched router's helpers: `url` kept once read or set, and arguments copied with `url` still made when read. */
export const URL_WHEN_READ_HELPERS: string;
/** The static handler's middleware, data strategy, loaders and actions get `url` when they read it (the build's SSR bundle). */
export function routerUrlWhenRead(): Plugin;
/** The server runtime passes a route module's handler `url` when it reads it (the build's SSR bundle). */
export function routeHandlerUrlWhenRead(): Plugin;
export function reactRouterUrlWhenRead(): Plugin[];
