import fc from "fast-check";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { SEARCH_MAX } from "../../app/domain/admin-lists";
import { ADMIN_TABS, mayOpenTab } from "../../app/domain/admin-tabs";
import { roleFlags, type RoleRecord } from "../../app/domain/roles";
import { ROLES, signedInBrowser, type Actor } from "./actors";
import { createProduct, createUser, databaseFingerprint } from "./factories";
import { Browser } from "./http";
import { routeEntries, routePaths } from "./routes";
import { propertyRuns } from "./sweep";

// Each case sends many requests; on a loaded 2-core machine that takes more than the default 5 s.
vi.setConfig({ testTimeout: 60_000 });

// Every route module that exports an action, found from the route table itself.
const modules = import.meta.glob("../../app/routes/**/*.{ts,tsx}", { eager: true }) as Record<string, { action?: unknown; intents?: readonly string[] }>;
const actionPaths = routePaths()
  .filter((r) => modules[`../../app/${r.file}`]?.action)
  .map((r) => r.path);

// Every intent an action declares (app/domain/intents.ts), so a new one is fuzzed the day it lands.
const INTENTS = [...new Set(Object.values(modules).flatMap((m) => m.intents ?? []))];
const FIELDS = ["intent", "email", "password", "confirmPassword", "fullName", "productId", "option", "quantity", "idempotencyKey", "token", "returnTo", "enhanced", "billing.fullName", "billing.email", "billing.addressLine1", "billing.city", "billing.postalCode", "billing.country", "sameAsBilling", "storeWebsite", "contactEmail", "redirectTo", "analytics", "itemId", "reason", "description", "amount", "text", "claimId", "outcome", "orderId", "trackingNumber", "currency", "kind", "id", "rating", "comment", "turnaroundDays", "needBy.prod_000001", "protect.prod_000001", "billing.county", "scope", "reach", "europeFee", "worldFee", "two", "three", "address.country", "address.postalCode", "address.city"];

const nasty = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.constantFrom("", " ", "0", "-1", "1e309", "NaN", "null", "undefined", "'; DROP TABLE products; --", "<script>alert(1)</script>", "//evil.example", "\u0000", "x".repeat(5000), "prod_000001", "on", "1", "rental", "purchase"),
);
const body = fc.record({ intent: fc.oneof(fc.constantFrom(...INTENTS), fc.string({ maxLength: 12 })) }).chain((base) =>
  fc.dictionary(fc.constantFrom(...FIELDS), nasty, { maxKeys: 8 }).map((rest) => ({ ...rest, ...base })),
);

describe("property-based fuzzing of every action", () => {
  let shopper: Browser;
  beforeAll(async () => {
    const owner = await createUser();
    // prod_000001 is one of the fuzzer's values, so some generated bodies name a real product.
    await createProduct(owner.id, { id: "prod_000001" });
    shopper = (await signedInBrowser("shopper")).browser;
    await shopper.post("/cart", { intent: "add", productId: "prod_000001", option: "rental", enhanced: "1" });
  });

  it("finds the intents the actions declare", () => {
    expect(INTENTS).toEqual(expect.arrayContaining(["signin", "signup", "store_request", "resend", "add", "switch", "remove", "clear", "checkout", "toggle", "accept_all", "save"]));
  });

  it("finds the action routes in the route table", () => {
    expect(actionPaths).toEqual(expect.arrayContaining(["/auth", "/cart", "/favorites", "/newsletter", "/consent", "/auth/reset", "/auth/forgot"]));
  });

  for (const who of ["anonymous", "shopper"] as const) {
    it.each(actionPaths)(`POST %s as ${who}: never a 5xx, and an error changes nothing`, async (path) => {
      await fc.assert(
        fc.asyncProperty(body, async (form) => {
          const browser = who === "anonymous" ? new Browser() : shopper;
          const before = await databaseFingerprint();
          const response = await browser.post(path, form, { "cf-connecting-ip": `10.9.${Math.floor(Math.random() * 255)}.${Math.floor(Math.random() * 255)}` });
          expect(response.status, `${path} ${JSON.stringify(form).slice(0, 300)}`).toBeLessThan(500);
          if (response.status >= 400) expect(await databaseFingerprint(), `${path} ${JSON.stringify(form).slice(0, 300)}`).toBe(before);
        }),
        // A share per run from the printed seed (tests/integration/sweep.ts); 20 in a full sweep.
        propertyRuns(8, 20, `${who} ${path}`),
      );
    });
  }
});

// Issue 16: the generators also vary what the request gate answers (request-gate.server.ts):
// the method, the content type and charset, the body's encoding (urlencoded, multipart with a
// right, wrong or broken boundary, raw bytes), its size, and the route parameters and query
// (control characters, bad percent-encoding), over every route of the table.

const printable = (max: number) => fc.string({ maxLength: max, unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)) });
const METHODS = fc.constantFrom("POST", "POST", "POST", "GET", "HEAD", "PUT", "PATCH", "DELETE", "OPTIONS");
const BOUNDARY = "fuzzBoundary0123";
const contentType = fc.oneof(
  fc.constantFrom(
    "application/x-www-form-urlencoded",
    "application/x-www-form-urlencoded; charset=UTF-8",
    "application/x-www-form-urlencoded; charset=iso-8859-1",
    `multipart/form-data; boundary=${BOUNDARY}`,
    `multipart/form-data; boundary="${BOUNDARY}"; charset=utf-16`,
    "multipart/form-data",
    "multipart/form-data; boundary=",
    "multipart/form-data; boundary=other",
    "application/json",
    "text/plain",
    "application/xml",
    "application/octet-stream",
    "",
  ),
  printable(60),
);
const urlValue = fc.oneof(fc.constantFrom("sample", "%00", "%0A", "%0D%0A", "%09", "%1B", "%7F", "%C2%85", "%E0%A4%A", "%", "%ZZ", "%FF", "..", "%2F", "%5C", "a%00b", "%252F"), printable(20).map(encodeURIComponent));
const bodyFor = (form: Record<string, string>) =>
  fc.oneof(
    fc.constant(new URLSearchParams(form).toString()),
    fc.constant(Object.entries(form).map(([k, v]) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`).join("") + `--${BOUNDARY}--\r\n`),
    fc.record({ cut: fc.nat(), insert: fc.constantFrom("\r\n", "--", `--${BOUNDARY}`, '"', "\u0000", "; filename=\"x.png\"") }).map(({ cut, insert }) => {
      const valid = Object.entries(form).map(([k, v]) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`).join("") + `--${BOUNDARY}--\r\n`;
      const at = cut % (valid.length + 1);
      return valid.slice(0, at) + insert + valid.slice(at);
    }),
    fc.uint8Array({ maxLength: 200 }),
    fc.integer({ min: 15_000, max: 40_000 }).map((n) => `${new URLSearchParams(form).toString()}&pad=${"p".repeat(n)}`),
  );
const request = fc
  .record({ method: METHODS, type: contentType, param: urlValue, query: fc.option(fc.tuple(fc.constantFrom("search", "redirectTo", "tab", "returnTo", "%07"), urlValue), { nil: undefined }), form: fc.dictionary(fc.constantFrom(...FIELDS), nasty, { maxKeys: 5 }) })
  .chain((r) => bodyFor(r.form).map((body) => ({ ...r, body })));

describe("property-based fuzzing of every route, as the request gate sees it", () => {
  const patterns = routeEntries().map((e) => e.pattern);

  it.each(patterns)("any request to %s: never a 5xx, and an error changes nothing", async (pattern) => {
    await fc.assert(
      fc.asyncProperty(request, async ({ method, type, param, query, body }) => {
        const path = pattern.replace(/:[A-Za-z]+/g, param).replace(/\*$/, `x/${param}`) + (query ? `?${query[0]}=${query[1]}` : "");
        const headers: Record<string, string> = { "cf-connecting-ip": `10.8.${Math.floor(Math.random() * 255)}.${Math.floor(Math.random() * 255)}` };
        if (type) headers["content-type"] = type;
        const before = await databaseFingerprint();
        const hasBody = method !== "GET" && method !== "HEAD";
        const response = await new Browser().fetch(path, { method, headers, body: hasBody ? body : undefined });
        const where = `${method} ${path} ${type} ${String(body).slice(0, 200)}`;
        expect(response.status, where).toBeLessThan(500);
        await response.arrayBuffer();
        if (response.status >= 400) expect(await databaseFingerprint(), where).toBe(before);
      }),
      propertyRuns(5, 12, pattern),
    );
  });
});

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
  fc.integer({ min: 45, max: SEARCH_MAX + 60 }).map((n) => `${"a.b-c_d%".repeat(Math.ceil(n / 8)).slice(0, Math.max(0, n - 13))}@example.test`),
  fc.tuple(fc.constantFrom("%", "_", "\\", "'", '"', "é", "ß", "🧥", "%_\\"), fc.integer({ min: 1, max: 300 })).map(([unit, n]) => unit.repeat(n)),
);

describe("property-based fuzzing of the staff searches on every admin tab", () => {
  const staff = new Map<Actor, Browser>();
  beforeAll(async () => {
    for (const who of STAFF_ACTORS) staff.set(who, (await signedInBrowser(who, { ip: `10.7.0.${STAFF_ACTORS.indexOf(who) + 1}` })).browser);
  });

  it.each(ADMIN_TABS.filter((t) => t.built).map((t) => [t.href, t.id] as const))("GET %s?q=… as its staff: never a 5xx; a search box answers 200 up to the limit, 400 past it", async (href, id) => {
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
  });

  it("finds the staff lists with a search box", async () => {
    const searchable: string[] = [];
    for (const tab of ADMIN_TABS.filter((t) => t.built)) {
      if ((await (await staff.get("superadmin")!.fetch(tab.href)).text()).includes('id="admin-search"')) searchable.push(tab.href);
    }
    expect(searchable).toEqual(expect.arrayContaining(["/admin/users", "/admin/orders", "/admin/products"]));
  });
});
