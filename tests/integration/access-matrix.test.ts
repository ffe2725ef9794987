import { beforeAll, describe, expect, it } from "vitest";
import { sessionBrowser, signedInBrowser } from "./actors";
import { createProduct, createUser, databaseFingerprint } from "./factories";
import { Browser, expectSecureHtml } from "./http";
import { routeEntries } from "./routes";
import { ACTORS } from "./actors";
import { rotating, sampledIn } from "./sweep";
import {
  cartOf,
  isSignedIn,
  nextIp,
  page,
  redirectsTo,
  rows,
  tag,
  world,
  WHO,
  type ActionRule,
  type AreaRules,
  type Ctx,
  type Outcome,
} from "./access/kit";

// The authorization matrix (issue 6; DECISIONS.md, Security): every route of app/routes.ts — its
// page, the client navigation's .data request, and each intent its action accepts — as an
// anonymous visitor and as every kind of user, against what the specs allow (shopper.md §2.1,
// §2.2, §6; seller-store-admin.md §2, §6), including other people's products, stores, orders,
// basket lines and favorites; each valid form is also sent cross-site (403, nothing changes).
// The rules live by area in ./access/*.ts; a route, a route parameter or an action intent with
// no rule in any of them fails the suite, so a new one is covered the day it lands.

const areas = import.meta.glob("./access/*.ts", { eager: true }) as Record<string, { rules?: AreaRules }>;
const AREAS = Object.entries(areas)
  .filter(([file]) => !file.endsWith("/kit.ts"))
  .map(([, m]) => m.rules!);
const PAGES = Object.assign({}, ...AREAS.map((a) => a.pages)) as AreaRules["pages"];
const ACTIONS = Object.assign({}, ...AREAS.map((a) => a.actions ?? {})) as NonNullable<AreaRules["actions"]>;

// Real records for every route parameter, made in beforeAll by the areas that own them.
const real: Record<string, string> = {};
beforeAll(async () => {
  const shared = await world();
  for (const area of AREAS) Object.assign(real, await area.records?.(shared));
});

const modules = import.meta.glob("../../app/routes/**/*.{ts,tsx}", { eager: true }) as Record<
  string,
  { default?: unknown; action?: unknown; intents?: readonly string[] }
>;
const moduleOf = (file: string) => modules[`../../app/${file}`]!;
const entries = routeEntries();

/** The concrete URL of a pattern: its real record, or (missing = true) a record that does not exist. */
function urlOf(pattern: string, missing = false) {
  if (!/[:*]/.test(pattern)) return pattern;
  if (missing) return pattern.replace(/:[A-Za-z]+/g, `missing-${tag}`).replace(/\*$/, `missing-${tag}`);
  return real[pattern];
}

async function expectOutcome(browser: Browser, path: string, outcome: Outcome, dataRequest: boolean) {
  const [pathname, search = ""] = path.split("?");
  const url = dataRequest ? `${pathname === "/" ? "/_" : pathname}.data${search ? `?${search}` : ""}` : path;
  const response = await browser.fetch(url);
  const body = await response.text();
  if ("redirect" in outcome) {
    if (dataRequest) {
      // Client navigations get React Router's redirect envelope instead of a 302.
      expect(body, url).toContain(JSON.stringify(outcome.redirect).slice(0, -1));
    } else {
      expect([301, 302], url).toContain(response.status);
      expect(response.headers.get("location"), url).toBe(outcome.redirect);
    }
    return;
  }
  expect(response.status, url).toBe(outcome.page);
  if (response.headers.get("content-type")?.startsWith("text/html")) expectSecureHtml(response, body);
  else expect(response.headers.get("x-content-type-options"), url).toBe("nosniff");
  // A .data answer carries the loader data, not the page's words; what must stay hidden stays hidden in both.
  if (outcome.shows && !dataRequest) expect(body, url).toContain(outcome.shows);
  if (outcome.hides) expect(body, url).not.toContain(outcome.hides);
}

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

// ---------------------------------------------------------------------------------------------
// Actions: every intent of every action, as every kind of user.

describe("the action matrix", () => {
  const actionRoutes = entries.filter((e) => moduleOf(e.file).action);

  it("has a rule for every intent of every action, and none for an intent that is gone", () => {
    for (const { file } of actionRoutes) {
      const declared = moduleOf(file).intents ?? [""];
      expect(Object.keys(ACTIONS[file] ?? {}).sort(), `${file}: rules vs. the intents it exports`).toEqual(
        [...declared].sort(),
      );
    }
    expect(Object.keys(ACTIONS).filter((f) => !actionRoutes.some((e) => e.file === f))).toEqual([]);
  });

  const cases = actionRoutes
    .flatMap(({ pattern, file }) =>
      Object.keys(ACTIONS[file] ?? {}).flatMap((intent) =>
        WHO.map((who) => [pattern, intent || "(form)", who, file, intent] as const),
      ),
    )
    .map((c, i) => [...c, i] as const);

  it.each(cases)("POST %s %s as %s", async (path, _label, who, file, intent, caseIndex) => {
    const rule: ActionRule = ACTIONS[file]![intent]!;
    const ip = nextIp();
    const user = isSignedIn(who) ? await sessionBrowser(who, { ip }) : null;
    const owner = await createUser();
    const ctx: Ctx = {
      who,
      browser: user?.browser ?? new Browser(ip),
      user,
      product: async () => {
        const made = await createProduct(owner.id, { name: `Matrix Item ${crypto.randomUUID().slice(0, 8)}` });
        return { id: made.id, name: made.name };
      },
    };
    const form = await rule.form(ctx);
    const url = urlOf(path)!;
    // The same valid form sent from another site is refused before the action runs. The refusal is
    // one check in front of every route, so a run sends it for one actor in three of each action
    // (every actor with SWEEP=full, tests/integration/sweep.ts); a rule that judges it, always.
    if (rule.crossSite === "judged" || sampledIn(caseIndex, 3)) {
      const untouched = await databaseFingerprint();
      const crossSite: Record<string, string>[] = [
        { origin: "https://evil.example" },
        { "sec-fetch-site": "cross-site" },
      ];
      for (const headers of rule.crossSite === "judged" ? crossSite : rotating(crossSite, 1, caseIndex)) {
        const refused = await ctx.browser.post(url, form, headers);
        if (rule.crossSite === "judged") await rule.check(ctx, refused, form as Record<string, string>);
        else expect(refused.status, JSON.stringify(headers)).toBe(403);
      }
      expect(await databaseFingerprint(), "a cross-site post changes nothing").toBe(untouched);
    }
    if (rule.allowed(who)) {
      const response = await ctx.browser.post(url, form);
      await rule.check(ctx, response, form as Record<string, string>);
    } else {
      const before = await databaseFingerprint();
      const response = await ctx.browser.post(url, form);
      if (!isSignedIn(who)) redirectsTo(response, /^\/auth\?redirectTo=/);
      else if (rule.refused) await rule.refused(ctx, response);
      else redirectsTo(response, "/");
      expect(await databaseFingerprint(), "a refused post changes nothing").toBe(before);
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
