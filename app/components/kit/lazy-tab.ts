import { lazy, type ComponentType } from "react";

// A dashboard tab's components load with the tab (decision 0127): a dashboard's route module no
// longer carries every tab's code to every tab. On the server the first render in an isolate
// waits for the module (there is no Suspense boundary above a tab, so the shell holds it: the
// page is whole without JavaScript); in the browser hydration waits for the shown tab's chunk,
// and moving to another tab (a transition) keeps the current one on screen until its chunk came.

/** The component `name` of the module `load` brings, loaded on first render. */
export const lazyTab = <M extends Record<K, ComponentType<any>>, K extends keyof M>(load: () => Promise<M>, name: K) =>
  lazy(async () => ({ default: (await load())[name] }));
