import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { signedInBrowser } from "./actors";
import { createProduct, createUser, databaseFingerprint } from "./factories";
import { Browser } from "./http";
import { routePaths } from "./routes";

// Every route module that exports an action, found from the route table itself.
const modules = import.meta.glob("../../app/routes/**/*.{ts,tsx}", { eager: true }) as Record<string, { action?: unknown; intents?: readonly string[] }>;
const actionPaths = routePaths()
  .filter((r) => modules[`../../app/${r.file}`]?.action)
  .map((r) => r.path);

// Every intent an action declares (app/domain/intents.ts), so a new one is fuzzed the day it lands.
const INTENTS = [...new Set(Object.values(modules).flatMap((m) => m.intents ?? []))];
const FIELDS = ["intent", "email", "password", "confirmPassword", "fullName", "productId", "option", "quantity", "idempotencyKey", "token", "returnTo", "enhanced", "billing.fullName", "billing.email", "billing.addressLine1", "billing.city", "billing.postalCode", "billing.country", "sameAsBilling", "storeWebsite", "contactEmail", "redirectTo", "analytics"];

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
        { numRuns: 20 },
      );
    });
  }
});
