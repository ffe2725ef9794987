import { beforeAll, describe, expect, it, vi } from "vitest";
import { sessionBrowser, signedInBrowser } from "./actors";
import { createProduct, createUser, databaseFingerprint } from "./factories";
import { Browser } from "./http";
import { nextIp, type Ctx } from "./access/kit";
import { rotating } from "./sweep";
import { bodyLimitOf } from "../../app/services/request-gate.server";
import { readBodyLimit } from "../../app/domain/body-limit";
import {
  modules,
  moduleOf,
  ACTIONS,
  expectRefused,
  BOUNDARY,
  multipart,
  encoded,
  text,
  VARIANTS,
  CONTROLS,
  actionCases,
  numberedActionCases,
} from "./request-gate-fixtures";

// Issue 16, item 1: every action's own valid form (the access rules' forms,
// tests/integration/access/*.ts), sent with the wrong method, the wrong content type or charset,
// as broken multipart, over the route's body limit, or with control characters in any field, gets
// a 4xx and changes nothing. Each run sends every action a rotating share of the variants, every
// variant to some of them (tests/integration/sweep.ts; `npm run test:full` sends every variant everywhere).

// Each case sends many requests; on a loaded 2-core machine that takes more than the default 5 s.
vi.setConfig({ testTimeout: 60_000 });

describe("every action's valid form, sent wrong", () => {
  let shopper: Awaited<ReturnType<typeof signedInBrowser>>;
  let ctx: Ctx;
  beforeAll(async () => {
    shopper = await signedInBrowser("shopper", { ip: nextIp() });
    const owner = await createUser();
    ctx = {
      who: "shopper",
      browser: shopper.browser,
      user: shopper,
      product: async () => {
        const made = await createProduct(owner.id);
        return { id: made.id, name: made.name };
      },
    };
  });

  it("covers every action of the route table", () => {
    expect(actionCases.map(([path]) => path)).toEqual(
      expect.arrayContaining([
        "/auth",
        "/auth/forgot",
        "/auth/reset",
        "/auth/logout",
        "/cart",
        "/favorites",
        "/newsletter",
        "/consent",
      ]),
    );
  });

  it("finds a valid body limit on every route module that declares one", () => {
    for (const [file, m] of Object.entries(modules))
      if ("bodyLimit" in m) expect(readBodyLimit(m.bodyLimit), file).not.toBeNull();
  });

  it.each(numberedActionCases)(
    "POST %s %s: each malformed variant sent gets its 4xx and changes nothing",
    async (path, _label, file, intent, caseIndex) => {
      // Always at least one field, so that a broken part or charset is in the body (sign-out sends none).
      const form: Record<string, string> = { probe: "1", ...text(await ACTIONS[file]![intent]!.form(ctx)) };
      const limit = bodyLimitOf(moduleOf(file)).formBytes;
      // A form that takes files streams its multipart body to the action, and the gate judges each
      // part as it is read (app/services/request-gate.server.ts): a route that turns the visitor
      // away before reading (a shopper at /vendor) answers with its own redirect or 403 and reads
      // nothing. Files themselves are such a form's business (tests/integration/uploads.test.ts).
      const takesFiles = Boolean(bodyLimitOf(moduleOf(file)).files);
      for (const variant of rotating(VARIANTS, 6, caseIndex)) {
        if (takesFiles && variant.name === "multipart carrying a file") continue;
        const sent = variant.send(form, limit);
        const headers = new Headers();
        if (sent.type) headers.set("content-type", sent.type);
        let body = sent.body;
        if (sent.stream) body = new Response(sent.body).body!.pipeThrough(new TransformStream());
        const before = await databaseFingerprint();
        const response = await shopper.browser.fetch(path, {
          method: sent.method ?? "POST",
          body,
          headers,
          ...(sent.stream ? { duplex: "half" } : {}),
        } as RequestInit);
        if (
          takesFiles &&
          sent.type?.startsWith("multipart/form-data; boundary=") &&
          [302, 303, 403].includes(response.status) &&
          response.status !== variant.status
        ) {
          expect(await databaseFingerprint(), `${path} ${intent} ${variant.name}`).toBe(before);
          continue;
        }
        const text = await expectRefused(response, variant.status, `${path} ${intent} ${variant.name}`);
        expect(text.length, variant.name).toBeLessThan(200);
        expect(await databaseFingerprint(), `${path} ${intent} ${variant.name}`).toBe(before);
      }
      // Control characters in any field, urlencoded or multipart.
      for (const [fieldIndex, field] of Object.keys(form).entries()) {
        for (const control of rotating(CONTROLS, 2, caseIndex + fieldIndex)) {
          const bad = { ...form, [field]: `${form[field]}${control}` };
          const before = await databaseFingerprint();
          await expectRefused(
            await shopper.browser.post(path, bad),
            400,
            `${path} ${field} ${JSON.stringify(control)}`,
          );
          const asMultipart = await shopper.browser.fetch(path, {
            method: "POST",
            body: multipart(bad),
            headers: { "content-type": `multipart/form-data; boundary=${BOUNDARY}` },
          });
          // A streamed form the route turns the visitor away from is never read (see above).
          if (!(takesFiles && [302, 303, 403].includes(asMultipart.status)))
            await expectRefused(asMultipart, 400, `${path} ${field} multipart ${JSON.stringify(control)}`);
          expect(await databaseFingerprint()).toBe(before);
        }
      }
      // The session survived every refused post (a refused sign-out ends nothing).
      expect((await shopper.browser.fetch("/account")).status).toBe(200);
    },
  );

  it.each(actionCases)(
    "POST %s %s: the same valid form as multipart gets the same answer as urlencoded",
    async (path, _label, file, intent) => {
      const rule = ACTIONS[file]![intent]!;
      // Two shoppers in the same state: some forms act once (a password change, an account deletion).
      const [one, two] = [
        await signedInBrowser("shopper", { ip: nextIp() }),
        await signedInBrowser("shopper", { ip: nextIp() }),
      ];
      const plain = await one.browser.post(path, text(await rule.form({ ...ctx, browser: one.browser, user: one })));
      const asMultipart = await two.browser.fetch(path, {
        method: "POST",
        body: multipart(text(await rule.form({ ...ctx, browser: two.browser, user: two }))),
        headers: { "content-type": `multipart/form-data; boundary=${BOUNDARY}` },
      });
      const where = (r: Response) =>
        r.headers
          .get("location")
          ?.replace(/prod_[0-9a-z]+/g, "prod_")
          .replace(/order_[0-9A-Z]{26}/g, "order_")
          .replace(/cnv_[0-9a-f]+/g, "cnv_")
          .replace(/cs_local_[0-9a-f]{32}/g, "cs_local_") ?? null;
      expect(asMultipart.status).toBe(plain.status);
      expect(where(asMultipart)).toBe(where(plain));
    },
  );
});

describe("no answer echoes unbounded input back", () => {
  let ctx: Ctx;
  beforeAll(async () => {
    const owner = await createUser();
    ctx = {
      who: "shopper",
      browser: new Browser(),
      user: null,
      product: async () => {
        const made = await createProduct(owner.id);
        return { id: made.id, name: made.name };
      },
    };
  });
  const FIELDS = [
    "email",
    "fullName",
    "password",
    "confirmPassword",
    "contactName",
    "storeName",
    "storeAddress",
    "storeWebsite",
    "contactEmail",
    "productId",
    "option",
    "quantity",
    "token",
    "returnTo",
    "redirectTo",
    "idempotencyKey",
    "billing.fullName",
    "billing.addressLine1",
    "analytics",
  ];

  const cases = actionCases
    .flatMap(([path, label, file, intent]) =>
      (["anonymous", "shopper"] as const).map((who) => [path, label, who, file, intent] as const),
    )
    .map((c, i) => [...c, i] as const);
  it.each(cases)(
    "POST %s %s as %s: a long value in any field is not repeated in the answer",
    async (path, _label, who, file, intent, caseIndex) => {
      const user = who === "shopper" ? await sessionBrowser("shopper", { ip: nextIp() }) : null;
      const browser = user?.browser ?? new Browser(nextIp());
      const form = text(await ACTIONS[file]![intent]!.form({ ...ctx, who, browser, user }));
      const limit = bodyLimitOf(moduleOf(file)).formBytes;
      // The form's own fields, and a rotating share of the others an action might read.
      for (const field of new Set([
        ...Object.keys(form),
        ...rotating(
          FIELDS.filter((f) => !(f in form)),
          4,
          caseIndex,
        ),
      ])) {
        // As long as the route accepts, made of a pattern no page contains.
        const room = limit - encoded({ ...form, [field]: "" }).length - 64;
        const marker = "Zq7".repeat(Math.floor(room / 3));
        const response = await browser.post(path, { ...form, [field]: marker });
        const answer = `${[...response.headers].join("\n")}\n${await response.text()}`;
        expect(response.status, `${path} ${field}`).toBeLessThan(500);
        expect(answer.includes("Zq7".repeat(400)), `${path} ${intent}: ${field} echoed (${response.status})`).toBe(
          false,
        );
      }
    },
  );
});

// The payment provider's webhook is not a page (a Hono route in workers/app.ts): its own limit
// is 1 MB, read as a stream, whatever Content-Length says (decision 0055).
describe("the payment webhook's limits", () => {
  it("refuses a body over 1 MB (declared or streamed), and methods other than POST", async () => {
    const browser = new Browser();
    const big = "x".repeat(1024 * 1024 + 1);
    expect(
      (
        await browser.fetch("/webhooks/stripe", {
          method: "POST",
          body: big,
          headers: { "stripe-signature": "t=1,v1=00" },
        })
      ).status,
    ).toBe(413);
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < 17; i++) controller.enqueue(new Uint8Array(64 * 1024));
        controller.close();
      },
    });
    const streamed = await browser.fetch("/webhooks/stripe", {
      method: "POST",
      body: stream,
      headers: { "stripe-signature": "t=1,v1=00" },
      duplex: "half",
    } as RequestInit);
    expect(streamed.status).toBe(413);
    for (const method of ["GET", "PUT", "DELETE"])
      expect(
        (await browser.fetch("/webhooks/stripe", { method, ...(method === "GET" ? {} : { body: "{}" }) })).status,
        method,
      ).toBe(405);
    // Just under the limit it reaches the signature check.
    expect(
      (
        await browser.fetch("/webhooks/stripe", {
          method: "POST",
          body: "x".repeat(1024 * 1024),
          headers: { "stripe-signature": "t=1,v1=00" },
        })
      ).status,
    ).toBe(400);
  });
});
