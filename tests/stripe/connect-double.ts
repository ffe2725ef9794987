import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import fixtures from "./fixtures/connect.json" with { type: "json" };

// A minimal local double of the Stripe API for the Connect endpoints the payout adapter uses
// (app/services/payouts-provider.server.ts): POST /v1/accounts, GET /v1/accounts/{id},
// POST /v1/account_links and POST /v1/transfers. Its answers are Stripe's published fixtures
// (tests/stripe/fixtures/connect.json says where each came from) with the fields the request set;
// GET /v1/transfers?transfer_group= lists the transfers it made for a group (reversed ones as
// reversed: `reverse()` takes one back).
// It records every request (method, path, headers, form body) so a contract test can check what
// the adapter sent, answers a repeated Idempotency-Key with the first answer (as Stripe does), and
// can be told to refuse transfers with Stripe's error envelope. (If tests/stripe/double.ts of the
// checkout work is merged, these endpoints belong there; this file stands alone meanwhile.)

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingMessage["headers"];
  /** The form body, decoded (Stripe's SDK sends application/x-www-form-urlencoded). */
  form: Record<string, string>;
  /** The query string, decoded. */
  query: Record<string, string>;
}

export interface ConnectDouble {
  port: number;
  requests: RecordedRequest[];
  /** The account GET /v1/accounts/{id} answers (fields merged into the fixture). */
  account: Partial<typeof fixtures.account>;
  /** Make the next transfers fail with this HTTP status and error body. */
  failTransfers: { status: number; body: unknown } | null;
  /** Takes a transfer it made back wholly, as a reversal in the Dashboard would (lists then show it reversed). */
  reverse(transferId: string): void;
  close(): Promise<void>;
}

const read = (request: IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    let body = "";
    request.setEncoding("utf8");
    request.on("data", (chunk: string) => (body += chunk));
    request.on("end", () => resolve(body));
    request.on("error", reject);
  });

/** Stripe's nested form keys (metadata[payout_id]) become {"metadata[payout_id]": …}: flat, as sent. */
const formOf = (body: string) => Object.fromEntries(new URLSearchParams(body));

const metadataOf = (form: Record<string, string>) =>
  Object.fromEntries(
    Object.entries(form)
      .filter(([k]) => k.startsWith("metadata["))
      .map(([k, v]) => [k.slice(9, -1), v]),
  );

export async function startConnectDouble(): Promise<ConnectDouble> {
  const requests: RecordedRequest[] = [];
  const answered = new Map<string, { status: number; body: unknown }>();
  let seq = 0;
  const double: ConnectDouble = {
    port: 0,
    requests,
    account: {},
    failTransfers: null,
    reverse(transferId) {
      for (const answer of answered.values()) {
        const body = answer.body as { id?: string; amount?: number; reversed?: boolean; amount_reversed?: number };
        if (body.id === transferId) Object.assign(body, { reversed: true, amount_reversed: body.amount });
      }
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };

  function answer(
    method: string,
    path: string,
    query: string,
    form: Record<string, string>,
  ): { status: number; body: unknown } {
    if (method === "POST" && path === "/v1/accounts") {
      return {
        status: 200,
        body: {
          ...fixtures.account,
          id: `acct_double${++seq}`,
          type: form.type ?? fixtures.account.type,
          country: form.country ?? fixtures.account.country,
          email: form.email ?? null,
          details_submitted: false,
          payouts_enabled: false,
          charges_enabled: false,
          capabilities: { transfers: "inactive" },
          metadata: metadataOf(form),
        },
      };
    }
    const account = /^\/v1\/accounts\/(acct_[A-Za-z0-9]+)$/.exec(path);
    if (method === "GET" && account)
      return { status: 200, body: { ...fixtures.account, ...double.account, id: account[1] } };
    if (method === "POST" && path === "/v1/account_links") {
      return {
        status: 200,
        body: { ...fixtures.account_link, url: `https://connect.stripe.com/setup/e/${form.account}/double${++seq}` },
      };
    }
    if (method === "GET" && path === "/v1/transfers") {
      const group = new URLSearchParams(query).get("transfer_group");
      const made = [...answered.values()]
        .map((a) => a.body as { object?: string; transfer_group?: string | null })
        .filter((b) => b.object === "transfer" && b.transfer_group === group);
      return { status: 200, body: { object: "list", url: "/v1/transfers", has_more: false, data: made } };
    }
    if (method === "POST" && path === "/v1/transfers") {
      if (double.failTransfers) return double.failTransfers;
      return {
        status: 200,
        body: {
          ...fixtures.transfer,
          id: `tr_double${++seq}`,
          amount: Number(form.amount),
          currency: form.currency,
          destination: form.destination,
          transfer_group: form.transfer_group ?? null,
          description: form.description ?? null,
          metadata: metadataOf(form),
        },
      };
    }
    return {
      status: 404,
      body: { error: { type: "invalid_request_error", message: `Unrecognized request URL (${method}: ${path}).` } },
    };
  }

  const server: Server = createServer(async (request, response) => {
    const [path = "/", query = ""] = (request.url ?? "/").split("?");
    const method = request.method ?? "GET";
    const form = formOf(await read(request));
    requests.push({
      method,
      path,
      headers: request.headers,
      form,
      query: Object.fromEntries(new URLSearchParams(query)),
    });
    const key = request.headers["idempotency-key"];
    const cacheKey = typeof key === "string" ? `${method} ${path} ${key}` : null;
    const result = (cacheKey && answered.get(cacheKey)) || answer(method, path, query, form);
    if (cacheKey && result.status < 500) answered.set(cacheKey, result);
    response.writeHead(result.status, { "content-type": "application/json", "request-id": `req_double${seq}` });
    response.end(JSON.stringify(result.body));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  double.port = (server.address() as AddressInfo).port;
  return double;
}
