import { exports } from "cloudflare:workers";

// The image route's test setup, shared by images-variants.test.ts and images-serving.test.ts: a
// request to the Worker, and a fresh R2 key for each test's original.

export const get = (path: string, init?: RequestInit) =>
  exports.default.fetch(new Request(`http://localhost${path}`, init));
/** How many keys keyFor has made (a live binding: each read sees the latest). */
export let unique = 0;
export const keyFor = (name: string) => `products/test-${Date.now()}-${++unique}-${name}`;
