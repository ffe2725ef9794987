import { beforeAll, describe, expect, it } from "vitest";
import { ACTORS, signedInBrowser } from "./actors";
import { createProduct, createUser } from "./factories";
import { Browser } from "./http";
import { cartOf, nextIp, page, rows, tag, world, WHO } from "./access/kit";
import {
  ACTIONS,
  actionRoutes,
  entries,
  expectOutcome,
  moduleOf,
  PAGES,
  real,
  realRecords,
  urlOf,
} from "./access-matrix-kit";

// The authorization matrix's pages (issue 6; DECISIONS.md, Security): every route of
// app/routes.ts — its page and the client navigation's .data request — as an anonymous visitor and
// as every kind of user, against what the specs allow. Its actions are access-actions-*.test.ts
// (access-matrix-kit.ts says how the rules are found). A route, a route parameter or an action
// intent with no rule fails here, so a new one is covered the day it lands.

realRecords();

describe("the access matrix", () => {
  it("has a rule for every page of the route table, and no rule for a page that is gone", () => {
    const files = [...new Set(entries.map((e) => e.file))];
    expect(
      files.filter((f) => !PAGES[f]),
      "routes without an access rule",
    ).toEqual([]);
    expect(
      Object.keys(PAGES).filter((f) => !files.includes(f)),
      "rules for routes that no longer exist",
    ).toEqual([]);
  });

  it("has a real record for every route parameter", () => {
    expect(entries.filter((e) => /[:*]/.test(e.pattern) && !real[e.pattern]).map((e) => e.pattern)).toEqual([]);
  });

  it("has a rule for every intent of every action, and none for an intent that is gone", () => {
    for (const { file } of actionRoutes) {
      const declared = moduleOf(file).intents ?? [""];
      expect(Object.keys(ACTIONS[file] ?? {}).sort(), `${file}: rules vs. the intents it exports`).toEqual(
        [...declared].sort(),
      );
    }
    expect(Object.keys(ACTIONS).filter((f) => !actionRoutes.some((e) => e.file === f))).toEqual([]);
  });

  const pageCases = entries.flatMap(({ pattern, file }) => WHO.map((who) => [pattern, file, who] as const));
  it.each(pageCases)("GET %s (%s) as %s", async (pattern, file, who) => {
    const browser = await (await world()).browser(who);
    const isPage = Boolean(moduleOf(file).default);
    const variants = /[:*]/.test(pattern) && pattern !== "/*" ? [false, true] : [false];
    for (const missing of variants) {
      const path = urlOf(pattern, missing)!;
      let outcome = PAGES[file]!(who, path);
      // A record that does not exist: wherever the real one would show, the page answers 404.
      // Where a guard refuses (403), it answers before any record is looked up: a missing one reads the same.
      if (missing && "page" in outcome && outcome.page !== 403)
        outcome = page(404, { hides: outcome.page === 200 ? outcome.shows : undefined });
      await expectOutcome(browser, path, outcome, false);
      if (isPage) await expectOutcome(browser, path, outcome, true);
    }
  });
});

describe("other users' basket lines and favorites", () => {
  // The victim keeps a basket line and a favorite; each kind of user then names that product in
  // every cart and favorites intent. Only their own basket and favorites may change.
  let victim: Promise<{ id: string; browser: Browser; productId: string }>;
  beforeAll(() => {
    victim = (async () => {
      const owner = await createUser();
      const product = await createProduct(owner.id, { name: `Victim Coat ${tag}` });
      const user = await signedInBrowser("shopper", { ip: nextIp() });
      await user.browser.post("/cart", { intent: "add", productId: product.id, option: "rental", enhanced: "1" });
      await user.browser.post("/favorites", { intent: "toggle", productId: product.id, enhanced: "1" });
      return { ...user, productId: product.id };
    })();
  });

  it.each(ACTORS)("as %s", async (who) => {
    const { id, productId } = await victim;
    const before = JSON.stringify([
      await cartOf(id),
      await rows("SELECT product_id FROM favorites WHERE user_id = ?", id),
    ]);
    const { browser } = await signedInBrowser(who, { ip: nextIp() });
    expect((await browser.post("/cart", { intent: "remove", productId, enhanced: "1" })).status).toBe(404);
    expect(
      (await browser.post("/cart", { intent: "switch", productId, option: "purchase", enhanced: "1" })).status,
    ).toBe(404);
    await browser.post("/cart", { intent: "clear", enhanced: "1" });
    // Toggling the same product twice saves it to their own favorites and takes it off again.
    for (let i = 0; i < 2; i++)
      expect((await browser.post("/favorites", { intent: "toggle", productId, enhanced: "1" })).status).toBe(200);
    expect(await (await browser.fetch("/cart")).text()).not.toContain(`Victim Coat ${tag}`);
    expect(
      JSON.stringify([await cartOf(id), await rows("SELECT product_id FROM favorites WHERE user_id = ?", id)]),
    ).toBe(before);
  });
});
