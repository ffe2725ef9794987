import { beforeAll, describe, expect, it } from "vitest";
import { sessionBrowser } from "./actors";
import { createProduct, createUser, databaseFingerprint } from "./factories";
import { Browser, expectSecureHtml } from "./http";
import { routeEntries } from "./routes";
import { rotating, sampledIn } from "./sweep";
import {
  isSignedIn,
  nextIp,
  redirectsTo,
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
// no rule in any of them fails the suite, so a new one is covered the day it lands. This module
// holds what the matrix's files share: access-matrix.test.ts (the pages, the rules' coverage,
// other users' baskets) and access-actions-a/b.test.ts (the actions, in two halves).

const areas = import.meta.glob("./access/*.ts", { eager: true }) as Record<string, { rules?: AreaRules }>;
export const AREAS = Object.entries(areas)
  .filter(([file]) => !file.endsWith("/kit.ts"))
  .map(([, m]) => m.rules!);
export const PAGES = Object.assign({}, ...AREAS.map((a) => a.pages)) as AreaRules["pages"];
export const ACTIONS = Object.assign({}, ...AREAS.map((a) => a.actions ?? {})) as NonNullable<AreaRules["actions"]>;

// Real records for every route parameter, made in beforeAll by the areas that own them: each
// file of the matrix calls realRecords() once, at its top.
export const real: Record<string, string> = {};
export function realRecords() {
  beforeAll(async () => {
    const shared = await world();
    for (const area of AREAS) Object.assign(real, await area.records?.(shared));
  });
}

const modules = import.meta.glob("../../app/routes/**/*.{ts,tsx}", { eager: true }) as Record<
  string,
  { default?: unknown; action?: unknown; intents?: readonly string[] }
>;
export const moduleOf = (file: string) => modules[`../../app/${file}`]!;
export const entries = routeEntries();

/** The concrete URL of a pattern: its real record, or (missing = true) a record that does not exist. */
export function urlOf(pattern: string, missing = false) {
  if (!/[:*]/.test(pattern)) return pattern;
  if (missing) return pattern.replace(/:[A-Za-z]+/g, `missing-${tag}`).replace(/\*$/, `missing-${tag}`);
  return real[pattern];
}

export async function expectOutcome(browser: Browser, path: string, outcome: Outcome, dataRequest: boolean) {
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

// ---------------------------------------------------------------------------------------------
// Actions: every intent of every action, as every kind of user.

export const actionRoutes = entries.filter((e) => moduleOf(e.file).action);

/**
 * The action matrix's cases numbered `part` modulo `parts` (each case keeps its number in the whole
 * matrix, which the sampled cross-site check rotates by). The matrix is most of the integration
 * phase's longest file: its parts are files of their own, so the phase's workers share it.
 */
export function actionMatrix(part: number, parts: number) {
  describe(`the action matrix (part ${part + 1} of ${parts})`, () => {
    const cases = actionRoutes
      .flatMap(({ pattern, file }) =>
        Object.keys(ACTIONS[file] ?? {}).flatMap((intent) =>
          WHO.map((who) => [pattern, intent || "(form)", who, file, intent] as const),
        ),
      )
      .map((c, i) => [...c, i] as const)
      .filter(([, , , , , caseIndex]) => caseIndex % parts === part);

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
}
