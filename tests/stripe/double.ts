import { readdirSync, readFileSync } from "node:fs";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";

// A local double of the Stripe API for the adapter's contract tests (issue 27 item 6). It answers
// each registered endpoint with Stripe's own published fixture of the resource (tests/stripe/
// fixtures/, from the stripe/openapi repository: see its README), with the request's own scalar
// parameters written over it (an amount, a currency, metadata, as Stripe echoes them), and records
// every request (method, path, form parameters, headers) for the tests to assert.
//
// More endpoints (Connect accounts, account links, transfers): add the fixture file and a line to
// fixtures/endpoints.json ({ method, path with :id placeholders, fixture, set? }), or call
// `double.register(...)` in a test. `double.answerNext(...)` makes the next matching request fail:
// an error body with a status (a decline), or a closed socket (a network failure).

const FIXTURES = path.join(import.meta.dirname, "fixtures");

export interface Endpoint {
  method: string;
  /** Stripe's path, with :id for a path parameter. */
  path: string;
  fixture: string;
  /** Fields set on every answer (e.g. a confirmed payment intent's status). */
  set?: Record<string, unknown>;
}

export interface RecordedRequest {
  method: string;
  path: string;
  params: Record<string, unknown>;
  headers: IncomingMessage["headers"];
}

type Failure = { status: number; body: unknown } | { close: true };

/** Stripe's form encoding (a[b][0][c]=v) back into objects and arrays. */
export function parseStripeForm(body: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const parts = key.split(/\[|\]\[|\]/).filter((p) => p !== "");
    let node: Record<string, unknown> = root;
    parts.forEach((part, i) => {
      if (i === parts.length - 1) node[part] = value;
      else node = (node[part] ??= /^\d+$/.test(parts[i + 1]!) ? [] : {}) as Record<string, unknown>;
    });
  }
  return root;
}

const matches = (pattern: string, actual: string) => {
  const a = pattern.split("/");
  const b = actual.split("/");
  return a.length === b.length && a.every((part, i) => part.startsWith(":") || part === b[i]);
};

export class StripeDouble {
  readonly requests: RecordedRequest[] = [];
  private readonly endpoints: Endpoint[] = [];
  private readonly failures: { method: string; path: string; failure: Failure }[] = [];
  private server: Server | undefined;

  constructor() {
    for (const endpoint of JSON.parse(readFileSync(path.join(FIXTURES, "endpoints.json"), "utf8")) as Endpoint[])
      this.register(endpoint);
  }

  /** Every fixture file the double can serve. */
  static fixtures() {
    return readdirSync(FIXTURES).filter((f) => f.endsWith(".json") && f !== "endpoints.json");
  }

  static fixture<T = Record<string, unknown>>(file: string): T {
    return JSON.parse(readFileSync(path.join(FIXTURES, file), "utf8")) as T;
  }

  register(endpoint: Endpoint) {
    this.endpoints.push(endpoint);
  }

  /** The next request to method + path (a pattern) gets this failure instead of its fixture. */
  answerNext(method: string, pathPattern: string, failure: Failure) {
    this.failures.push({ method, path: pathPattern, failure });
  }

  /** Stripe's error body (the `error` schema of Stripe's OpenAPI spec). */
  static error(
    status: number,
    error: { type: string; code?: string; decline_code?: string; message: string; payment_intent?: unknown },
  ) {
    return { status, body: { error } };
  }

  async start() {
    this.server = createServer((req, res) => {
      let body = "";
      req.setEncoding("utf8");
      req.on("data", (chunk) => (body += chunk));
      req.on("end", () => {
        const url = new URL(req.url ?? "/", "http://double");
        const params = req.method === "GET" ? Object.fromEntries(url.searchParams) : parseStripeForm(body);
        this.requests.push({ method: req.method ?? "GET", path: url.pathname, params, headers: req.headers });
        const failureAt = this.failures.findIndex((f) => f.method === req.method && matches(f.path, url.pathname));
        if (failureAt >= 0) {
          const [{ failure }] = this.failures.splice(failureAt, 1);
          if ("close" in failure) {
            req.socket.destroy();
            return;
          }
          res.writeHead(failure.status, { "content-type": "application/json", "request-id": "req_double" });
          res.end(JSON.stringify(failure.body));
          return;
        }
        const endpoint = this.endpoints.find((e) => e.method === req.method && matches(e.path, url.pathname));
        if (!endpoint) {
          res.writeHead(404, { "content-type": "application/json" });
          res.end(
            JSON.stringify({
              error: { type: "invalid_request_error", message: `The double has no ${req.method} ${url.pathname}` },
            }),
          );
          return;
        }
        const answer: Record<string, unknown> = { ...StripeDouble.fixture(endpoint.fixture) };
        // As Stripe echoes them: the request's scalar fields and its metadata.
        for (const [key, value] of Object.entries(params)) {
          if (!(key in answer)) continue;
          if (typeof value === "string")
            answer[key] = /^\d+$/.test(value) && typeof answer[key] === "number" ? Number(value) : value;
          else if (key === "metadata") answer[key] = value;
        }
        const id = url.pathname.split("/")[3];
        if (req.method === "GET" && id) answer.id = id;
        Object.assign(answer, endpoint.set ?? {});
        res.writeHead(200, { "content-type": "application/json", "request-id": "req_double" });
        res.end(JSON.stringify(answer));
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, "127.0.0.1", resolve));
    return { host: "127.0.0.1", port: (this.server.address() as AddressInfo).port, protocol: "http" as const };
  }

  async stop() {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}
