import type { Plugin } from "vite";

/** turbo-stream's flatten (the build's SSR bundle), the same text encoded with less work. */
export function reactRouterFlattenLean(): Plugin;
/** Link and Form without the click and submit handlers a server render never calls (the build's SSR bundle). */
export function reactRouterNoHandlersOnServer(): Plugin;
export function reactRouterRenderLean(): Plugin[];
