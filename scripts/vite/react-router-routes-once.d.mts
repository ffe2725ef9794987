import type { Plugin } from "vite";

/** React Router's route modules, render routes and static data routes made once per build (decision 0118). */
export function reactRouterRoutesOnce(): Plugin[];
export function entryModulesOnce(): Plugin;
export function serverRoutesOnce(): Plugin;
export function staticDataRoutesOnce(): Plugin;
