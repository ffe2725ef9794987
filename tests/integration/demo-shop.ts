import { env } from "cloudflare:workers";
import { seedDemo, type DemoFlow } from "../../db/demo/seed.mjs";

// The demo shop of `npm start` (db/demo/seed.mjs and every flow of db/demo/flows), seeded into
// the test's D1 through the same code as `npm run db:seed`: for tests about what the demo holds,
// such as the public pages' private-data sweep (issue 41). Product photos get their URLs but no
// bytes (the pages are read, not their images); accounts cannot sign in (no password hash).

const flows = import.meta.glob<DemoFlow>("../../db/demo/flows/*.mjs", { eager: true });

export async function seedDemoShop(now = Date.now()) {
  const inOrder = Object.keys(flows)
    .sort()
    .map((path) => flows[path]!);
  await seedDemo({
    db: env.DB,
    env,
    now,
    hash: () => ({ hash: "not-a-password", salt: "none" }),
    putImage: async (key) => `/images/${key}`,
    flows: inOrder,
    productImages: false,
  });
}
