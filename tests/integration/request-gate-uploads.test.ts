import fc from "fast-check";
import type { ServerBuild } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { gateRequest } from "../../app/services/request-gate.server";
import { KB, maxBodyBytes, uploadLimit } from "../../app/domain/body-limit";
import { BOUNDARY, URLENCODED } from "./request-gate-fixtures";

// Issue 16, item 1: forms with files stream past the gate (no route of the table takes files yet:
// the upload routes declare uploadLimit(); this drives the gate with such a route, as the Worker
// does). The multipart check that reads them: request-gate-multipart.test.ts.

// Each case sends many requests; on a loaded 2-core machine that takes more than the default 5 s.
vi.setConfig({ testTimeout: 60_000 });

describe("a route that declares uploadLimit()", () => {
  const limit = uploadLimit(2, 64 * KB, 4 * KB);
  const manifest = {
    root: { id: "root", path: "", module: { default: () => null } },
    upload: {
      id: "upload",
      parentId: "root",
      path: "upload",
      module: { default: () => null, action: () => null, bodyLimit: limit },
    },
  } as unknown as ServerBuild["routes"];

  /** The gate, then an action that reads the form as the upload routes do; what the client gets. */
  async function submit(body: BodyInit, type = `multipart/form-data; boundary=${BOUNDARY}`, stream = false) {
    const init: RequestInit & { duplex?: string } = { method: "POST", body, headers: { "content-type": type } };
    if (stream) {
      init.body = new Response(body).body!.pipeThrough(new TransformStream());
      init.duplex = "half";
    }
    const gate = await gateRequest(new Request("http://localhost/upload", init), manifest);
    if ("refused" in gate) return gate.refused;
    let answer: Response;
    try {
      const form = await gate.request.formData();
      answer = Response.json([...form].map(([k, v]) => [k, typeof v === "string" ? v : `${v.name}:${v.size}`]));
    } catch {
      answer = new Response("the action could not read its form", { status: 500 });
    }
    return gate.settle(answer);
  }
  const file = (name: string, filename: string, bytes: number) =>
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"; filename="${filename}"\r\nContent-Type: image/png\r\n\r\n${"x".repeat(bytes)}\r\n`;
  const text = (name: string, value: string) =>
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  const end = `--${BOUNDARY}--\r\n`;

  it("lets its files and fields through to the action", async () => {
    for (const stream of [false, true]) {
      const response = await submit(
        text("name", "Camel coat") +
          file("images", "a.png", 64 * KB) +
          file("images", "b.png", 1000) +
          file("logo", "", 0) +
          end,
        undefined,
        stream,
      );
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual([
        ["name", "Camel coat"],
        ["images", `a.png:${64 * KB}`],
        ["images", "b.png:1000"],
        // An empty file input: no file chosen, so the runtime reads it as an empty field.
        ["logo", ""],
      ]);
    }
  });

  it("whatever the chunks it arrives in", async () => {
    const body = new TextEncoder().encode(text("name", "Tweed — £40") + file("images", "a.png", 300) + end);
    await fc.assert(
      fc.asyncProperty(fc.array(fc.integer({ min: 1, max: 97 }), { minLength: 1, maxLength: 40 }), async (sizes) => {
        let at = 0;
        let i = 0;
        const chunked = new ReadableStream<Uint8Array>({
          pull(controller) {
            if (at >= body.length) return controller.close();
            const size = sizes[i++ % sizes.length]!;
            controller.enqueue(body.slice(at, at + size));
            at += size;
          },
        });
        const gate = await gateRequest(
          new Request("http://localhost/upload", {
            method: "POST",
            body: chunked,
            headers: { "content-type": `multipart/form-data; boundary=${BOUNDARY}` },
            duplex: "half",
          } as RequestInit),
          manifest,
        );
        if ("refused" in gate) throw new Error(await gate.refused.text());
        const form = await gate.request.formData();
        expect(form.get("name")).toBe("Tweed — £40");
        expect((form.get("images") as File).size).toBe(300);
      }),
      { numRuns: 40 },
    );
  });

  it.each([
    [
      "a third file",
      413,
      () =>
        text("name", "x") +
        file("images", "a.png", 10) +
        file("images", "b.png", 10) +
        file("images", "c.png", 10) +
        end,
      "at most 2 files",
    ],
    ["a file one byte over", 413, () => file("images", "a.png", 64 * KB + 1) + end, "Each file accepts at most 64 KB"],
    ["fields over formBytes", 413, () => text("description", "d".repeat(4 * KB)) + end, "accepts at most 4 KB"],
    ["a body cut short", 400, () => text("name", "x") + file("images", "a.png", 100), "Malformed multipart body"],
    ["control characters in a field", 400, () => text("name", "a\u0000b") + end, "control characters"],
    [
      "a field that is not UTF-8",
      400,
      () =>
        new Blob([
          `--${BOUNDARY}\r\nContent-Disposition: form-data; name="name"\r\n\r\n`,
          new Uint8Array([0xff, 0xfe]),
          `\r\n${end}`,
        ]),
      "not valid UTF-8",
    ],
  ] as const)("refuses %s (%i) with a plain message, streamed or not", async (_name, status, body, message) => {
    for (const stream of [false, true]) {
      const response = await submit(body(), undefined, stream);
      expect(response.status).toBe(status);
      expect(await response.text()).toContain(message);
    }
  });

  it("names the size the form states, not the margin above it that lets a file just over reach the action's own message", async () => {
    const stated = {
      stated: {
        id: "stated",
        parentId: "root",
        path: "stated",
        module: { default: () => null, action: () => null, bodyLimit: uploadLimit(1, 64 * KB, 4 * KB, 48 * KB) },
      },
    };
    const routes = { ...manifest, ...stated } as unknown as ServerBuild["routes"];
    const gate = await gateRequest(
      new Request("http://localhost/stated", {
        method: "POST",
        body: file("logo", "a.png", 64 * KB + 1) + end,
        headers: { "content-type": `multipart/form-data; boundary=${BOUNDARY}` },
      }),
      routes,
    );
    // Refused while the action reads the form (the gate streams it), as the route's answer.
    let answer: Response;
    if ("refused" in gate) answer = gate.refused;
    else
      answer = gate.settle(
        await gate.request.formData().then(
          () => new Response("read"),
          () => new Response("not read", { status: 500 }),
        ),
      );
    expect(answer.status).toBe(413);
    expect(await answer.text()).toContain("Each file accepts at most 48 KB");
  });

  it("answers a browser's own form (Accept: text/html) with a small page and a way back, never what it sent", async () => {
    const sent = file("images", "a.png", 64 * KB + 1) + end;
    const request = new Request("http://localhost/upload", {
      method: "POST",
      body: sent,
      headers: {
        "content-type": `multipart/form-data; boundary=${BOUNDARY}`,
        accept: "text/html,application/xhtml+xml",
        referer: "http://localhost/vendor?tab=upload",
        "content-length": String(maxBodyBytes(limit) + 1),
      },
    });
    const gate = await gateRequest(request, manifest);
    const answer = "refused" in gate ? gate.refused : new Response("not refused");
    expect(answer.status).toBe(413);
    expect(answer.headers.get("content-type")).toBe("text/html; charset=utf-8");
    const html = await answer.text();
    expect(html).toContain("<h1>That is too large to send</h1>");
    expect(html).toMatch(/<p role="alert">This form accepts at most [\d.]+ [KM]B\.<\/p>/);
    expect(html).toContain('<a href="/vendor?tab=upload">Go back to the form</a>');
    // Another site's page is not where 'back' goes.
    const foreign = await gateRequest(
      new Request(request.url, {
        method: "POST",
        body: sent,
        headers: { ...Object.fromEntries(request.headers), referer: "https://elsewhere.example/x" },
      }),
      manifest,
    );
    expect(await ("refused" in foreign ? foreign.refused : new Response("")).text()).toContain(
      '<a href="/upload">Go back to the form</a>',
    );
  });

  it("refuses a declared length over the limit before reading the body", async () => {
    let pulled = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled++;
        controller.enqueue(new Uint8Array(1024));
      },
    });
    const request = new Request("http://localhost/upload", {
      method: "POST",
      body,
      headers: {
        "content-type": `multipart/form-data; boundary=${BOUNDARY}`,
        "content-length": String(maxBodyBytes(limit) + 1),
      },
      duplex: "half",
    } as RequestInit);
    const gate = await gateRequest(request, manifest);
    expect("refused" in gate && gate.refused.status).toBe(413);
    expect(pulled).toBeLessThanOrEqual(1);
  });

  it("takes an urlencoded form only up to formBytes", async () => {
    expect((await submit(`name=${"n".repeat(4 * KB)}`, URLENCODED)).status).toBe(413);
    expect((await submit("name=Coat", URLENCODED)).status).toBe(200);
  });
});
