import fc from "fast-check";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { signedInBrowser } from "./actors";
import { createProduct, createUser, databaseFingerprint } from "./factories";
import { printable } from "./fuzz-helpers";
import { Browser } from "./http";
import { routeEntries, routePaths } from "./routes";
import { propertyRuns } from "./sweep";

// Each case sends many requests; on a loaded 2-core machine that takes more than the default 5 s.
vi.setConfig({ testTimeout: 60_000 });

// Every route module that exports an action, found from the route table itself.
const modules = import.meta.glob("../../app/routes/**/*.{ts,tsx}", { eager: true }) as Record<
  string,
  { action?: unknown; intents?: readonly string[] }
>;
const actionPaths = routePaths()
  .filter((r) => modules[`../../app/${r.file}`]?.action)
  .map((r) => r.path);

// Every intent an action declares (app/domain/intents.ts), so a new one is fuzzed the day it lands.
const INTENTS = [...new Set(Object.values(modules).flatMap((m) => m.intents ?? []))];
const FIELDS = [
  "intent",
  "email",
  "password",
  "confirmPassword",
  "fullName",
  "productId",
  "option",
  "quantity",
  "idempotencyKey",
  "token",
  "returnTo",
  "enhanced",
  "billing.fullName",
  "billing.email",
  "billing.addressLine1",
  "billing.city",
  "billing.postalCode",
  "billing.country",
  "sameAsBilling",
  "storeWebsite",
  "contactEmail",
  "redirectTo",
  "analytics",
  "itemId",
  "reason",
  "description",
  "amount",
  "text",
  "claimId",
  "outcome",
  "orderId",
  "trackingNumber",
  "currency",
  "kind",
  "id",
  "rating",
  "comment",
  "turnaroundDays",
  "needBy.prod_000001",
  "protect.prod_000001",
  "billing.county",
  "scope",
  "reach",
  "europeFee",
  "worldFee",
  "two",
  "three",
  "address.country",
  "address.postalCode",
  "address.city",
];

const nasty = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.constantFrom(
    "",
    " ",
    "0",
    "-1",
    "1e309",
    "NaN",
    "null",
    "undefined",
    "'; DROP TABLE products; --",
    "<script>alert(1)</script>",
    "//evil.example",
    "\u0000",
    "x".repeat(5000),
    "prod_000001",
    "on",
    "1",
    "rental",
    "purchase",
  ),
);
const body = fc
  .record({ intent: fc.oneof(fc.constantFrom(...INTENTS), fc.string({ maxLength: 12 })) })
  .chain((base) =>
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
    expect(INTENTS).toEqual(
      expect.arrayContaining([
        "signin",
        "signup",
        "store_request",
        "resend",
        "add",
        "switch",
        "remove",
        "clear",
        "checkout",
        "toggle",
        "accept_all",
        "save",
      ]),
    );
  });

  it("finds the action routes in the route table", () => {
    expect(actionPaths).toEqual(
      expect.arrayContaining([
        "/auth",
        "/cart",
        "/favorites",
        "/newsletter",
        "/consent",
        "/auth/reset",
        "/auth/forgot",
      ]),
    );
  });

  for (const who of ["anonymous", "shopper"] as const) {
    it.each(actionPaths)(`POST %s as ${who}: never a 5xx, and an error changes nothing`, async (path) => {
      await fc.assert(
        fc.asyncProperty(body, async (form) => {
          const browser = who === "anonymous" ? new Browser() : shopper;
          const before = await databaseFingerprint();
          const response = await browser.post(path, form, {
            "cf-connecting-ip": `10.9.${Math.floor(Math.random() * 255)}.${Math.floor(Math.random() * 255)}`,
          });
          expect(response.status, `${path} ${JSON.stringify(form).slice(0, 300)}`).toBeLessThan(500);
          if (response.status >= 400)
            expect(await databaseFingerprint(), `${path} ${JSON.stringify(form).slice(0, 300)}`).toBe(before);
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
const urlValue = fc.oneof(
  fc.constantFrom(
    "sample",
    "%00",
    "%0A",
    "%0D%0A",
    "%09",
    "%1B",
    "%7F",
    "%C2%85",
    "%E0%A4%A",
    "%",
    "%ZZ",
    "%FF",
    "..",
    "%2F",
    "%5C",
    "a%00b",
    "%252F",
  ),
  printable(20).map(encodeURIComponent),
);
const bodyFor = (form: Record<string, string>) =>
  fc.oneof(
    fc.constant(new URLSearchParams(form).toString()),
    fc.constant(
      Object.entries(form)
        .map(([k, v]) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)
        .join("") + `--${BOUNDARY}--\r\n`,
    ),
    fc
      .record({
        cut: fc.nat(),
        insert: fc.constantFrom("\r\n", "--", `--${BOUNDARY}`, '"', "\u0000", '; filename="x.png"'),
      })
      .map(({ cut, insert }) => {
        const valid =
          Object.entries(form)
            .map(([k, v]) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)
            .join("") + `--${BOUNDARY}--\r\n`;
        const at = cut % (valid.length + 1);
        return valid.slice(0, at) + insert + valid.slice(at);
      }),
    fc.uint8Array({ maxLength: 200 }),
    fc.integer({ min: 15_000, max: 40_000 }).map((n) => `${new URLSearchParams(form).toString()}&pad=${"p".repeat(n)}`),
  );
const request = fc
  .record({
    method: METHODS,
    type: contentType,
    param: urlValue,
    query: fc.option(fc.tuple(fc.constantFrom("search", "redirectTo", "tab", "returnTo", "%07"), urlValue), {
      nil: undefined,
    }),
    form: fc.dictionary(fc.constantFrom(...FIELDS), nasty, { maxKeys: 5 }),
  })
  .chain((r) => bodyFor(r.form).map((body) => ({ ...r, body })));

describe("property-based fuzzing of every route, as the request gate sees it", () => {
  const patterns = routeEntries().map((e) => e.pattern);

  it.each(patterns)("any request to %s: never a 5xx, and an error changes nothing", async (pattern) => {
    await fc.assert(
      fc.asyncProperty(request, async ({ method, type, param, query, body }) => {
        const path =
          pattern.replace(/:[A-Za-z]+/g, param).replace(/\*$/, `x/${param}`) +
          (query ? `?${query[0]}=${query[1]}` : "");
        const headers: Record<string, string> = {
          "cf-connecting-ip": `10.8.${Math.floor(Math.random() * 255)}.${Math.floor(Math.random() * 255)}`,
        };
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
