import { describe, expect, it, vi } from "vitest";
import { databaseFingerprint } from "./factories";
import { Browser } from "./http";
import { nextIp } from "./access/kit";
import { rotating } from "./sweep";
import { moduleOf, entries, fill, paramPatterns, allowOf, OTHER_METHODS, expectRefused } from "./request-gate-fixtures";

// Issue 16, item 1, swept over app/routes.ts: every route answers the methods it has (GET and
// HEAD for a page, POST where there is an action), 405 with Allow otherwise; control characters
// or bad percent-encoding in any parameter or the query get a 4xx. Each run sends every route a
// rotating share of the variants (tests/integration/sweep.ts; `npm run test:full` sends them all).

// Each case sends many requests; on a loaded 2-core machine that takes more than the default 5 s.
vi.setConfig({ testTimeout: 60_000 });

describe("methods on every route of the route table", () => {
  it.each(entries.map((e) => [e.pattern, e.file] as const))("%s answers GET and HEAD alike", async (pattern) => {
    const browser = new Browser(nextIp());
    const path = fill(pattern);
    const get = await browser.fetch(path);
    await get.arrayBuffer();
    const head = await browser.fetch(path, { method: "HEAD" });
    expect(get.status, path).toBeLessThan(500);
    expect(head.status, path).toBe(get.status);
    expect(head.headers.get("location"), path).toBe(get.headers.get("location"));
    expect((await head.arrayBuffer()).byteLength, path).toBe(0);
  });

  it.each(entries.flatMap((e, i) => rotating(OTHER_METHODS, 2, i).map((m) => [m, e.pattern, e.file] as const)))(
    "%s %s answers 405 with Allow",
    async (method, pattern, file) => {
      const before = await databaseFingerprint();
      const response = await new Browser(nextIp()).fetch(fill(pattern), {
        method,
        form: {
          intent: "signup",
          email: `m-${crypto.randomUUID()}@example.test`,
          fullName: "M",
          password: "secret1",
          confirmPassword: "secret1",
        },
      });
      const text = await expectRefused(response, 405, `${method} ${pattern}`);
      expect(response.headers.get("allow")).toBe(allowOf(file));
      expect(text).toContain("Method Not Allowed");
      expect(await databaseFingerprint()).toBe(before);
    },
  );

  it.each(entries.filter((e) => !moduleOf(e.file).action).map((e) => [e.pattern, e.file] as const))(
    "POST %s (no action) answers 405 with Allow",
    async (pattern, file) => {
      for (const path of [fill(pattern), `${fill(pattern) === "/" ? "/_" : fill(pattern)}.data`]) {
        const response = await new Browser(nextIp()).post(path, { intent: "add" });
        await expectRefused(response, 405, path);
        expect(response.headers.get("allow")).toBe(allowOf(file));
      }
    },
  );
});

describe("control characters and bad percent-encoding in every parameter", () => {
  const values = ["%00", "%07", "%0A", "%0D", "%09", "%1B", "%7F", "%C2%85", "a%00b"];
  it.each(paramPatterns.flatMap((e, i) => rotating(values, 3, i).map((v) => [e.pattern, v, e.file] as const)))(
    "%s with %s",
    async (pattern, value, file) => {
      const browser = new Browser(nextIp());
      const path = fill(pattern, value);
      await expectRefused(await browser.fetch(path), 400, path);
      if (moduleOf(file).action) await expectRefused(await browser.post(path, { intent: "add" }), 400, `POST ${path}`);
    },
  );

  it.each(paramPatterns.map((e) => [e.pattern] as const))("%s with malformed percent-encoding", async (pattern) => {
    for (const value of ["%E0%A4%A", "%", "%ZZ", "%C0%AF", "%FF"]) {
      const response = await new Browser(nextIp()).fetch(fill(pattern, value));
      expect(response.status, value).toBeGreaterThanOrEqual(400);
      expect(response.status, value).toBeLessThan(500);
    }
  });

  const QUERIES = ["?search=%00", "?redirectTo=%2F%0D%0ALocation:%20x", "?tab=%1B", "?%07=1", "?returnTo=%C2%9B"];
  it.each(entries.map((e, i) => [e.pattern, e.file, i] as const))(
    "%s with control characters in the query",
    async (pattern, file, i) => {
      const browser = new Browser(nextIp());
      for (const query of rotating(QUERIES, 2, i)) {
        const path = `${fill(pattern)}${query}`;
        await expectRefused(await browser.fetch(path), 400, path);
        if (moduleOf(file).action)
          await expectRefused(await browser.post(path, { intent: "add" }), 400, `POST ${path}`);
      }
    },
  );
});
