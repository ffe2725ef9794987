import fc from "fast-check";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { SEARCH_MAX } from "../../app/domain/admin-lists";
import { ADMIN_TABS, mayOpenTab } from "../../app/domain/admin-tabs";
import { roleFlags, type RoleRecord } from "../../app/domain/roles";
import { ROLES, signedInBrowser, type Actor } from "./actors";
import { printable } from "./fuzz-helpers";
import { Browser } from "./http";
import { propertyRuns } from "./sweep";

// Each case sends many requests; on a loaded 2-core machine that takes more than the default 5 s.
vi.setConfig({ testTimeout: 60_000 });

// Issue 41, item 4: a staff search of 49 characters or more answered 500 (D1's LIKE pattern
// limit). Every admin tab, as each staff member who may open it, with `?q=` of any length and
// any text (LIKE's wildcards, quotes, accents, e-mail addresses): never a 5xx; on a tab with a
// search box, 200 up to SEARCH_MAX characters and 400 past it.

const STAFF_ACTORS: Actor[] = ["superadmin", "admin", "productReviewer", "customerSupport"];
const flagsOf = (who: Actor) => {
  const [role, adminSubrole, sellerRole] = ROLES[who];
  return roleFlags({ role, adminSubrole, sellerRole } as RoleRecord);
};
const searchText = fc.oneof(
  printable(400),
  fc
    .integer({ min: 45, max: SEARCH_MAX + 60 })
    .map((n) => `${"a.b-c_d%".repeat(Math.ceil(n / 8)).slice(0, Math.max(0, n - 13))}@example.test`),
  fc
    .tuple(fc.constantFrom("%", "_", "\\", "'", '"', "é", "ß", "🧥", "%_\\"), fc.integer({ min: 1, max: 300 }))
    .map(([unit, n]) => unit.repeat(n)),
);

describe("property-based fuzzing of the staff searches on every admin tab", () => {
  const staff = new Map<Actor, Browser>();
  beforeAll(async () => {
    for (const who of STAFF_ACTORS)
      staff.set(who, (await signedInBrowser(who, { ip: `10.7.0.${STAFF_ACTORS.indexOf(who) + 1}` })).browser);
  });

  it.each(ADMIN_TABS.filter((t) => t.built).map((t) => [t.href, t.id] as const))(
    "GET %s?q=… as its staff: never a 5xx; a search box answers 200 up to the limit, 400 past it",
    async (href, id) => {
      const allowed = STAFF_ACTORS.filter((who) => mayOpenTab(flagsOf(who), id));
      const first = await (await staff.get(allowed[0]!)!.fetch(href)).text();
      const searchable = first.includes('id="admin-search"');
      await fc.assert(
        fc.asyncProperty(fc.constantFrom(...allowed), searchText, async (who, q) => {
          const response = await staff.get(who)!.fetch(`${href}?q=${encodeURIComponent(q)}`);
          const where = `${who} ${href} q (${[...q].length} characters) ${q.slice(0, 80)}`;
          expect(response.status, where).toBeLessThan(500);
          await response.arrayBuffer();
          if (searchable) expect(response.status, where).toBe([...q.trim()].length > SEARCH_MAX ? 400 : 200);
        }),
        propertyRuns(8, 30, `staff search ${href}`),
      );
    },
  );

  it("finds the staff lists with a search box", async () => {
    const searchable: string[] = [];
    for (const tab of ADMIN_TABS.filter((t) => t.built)) {
      if ((await (await staff.get("superadmin")!.fetch(tab.href)).text()).includes('id="admin-search"'))
        searchable.push(tab.href);
    }
    expect(searchable).toEqual(expect.arrayContaining(["/admin/users", "/admin/orders", "/admin/products"]));
  });
});
