// Shared by the request-gate test files (request-gate-*.test.ts): the route table with each
// route's module, the access rules' action forms, the ways a form is sent wrong, and the helpers.

import { expect } from "vitest";
import type { FormFields } from "./http";
import { routeEntries } from "./routes";
import type { AreaRules } from "./access/kit";

export const modules = import.meta.glob("../../app/routes/**/*.{ts,tsx}", { eager: true }) as Record<
  string,
  { default?: unknown; loader?: unknown; action?: unknown; bodyLimit?: unknown }
>;

export const moduleOf = (file: string) => modules[`../../app/${file}`]!;

export const entries = routeEntries();

export const areas = import.meta.glob("./access/*.ts", { eager: true }) as Record<string, { rules?: AreaRules }>;

export const ACTIONS = Object.assign({}, ...Object.values(areas).map((a) => a.rules?.actions ?? {})) as NonNullable<
  AreaRules["actions"]
>;

/** A concrete URL for a pattern: every parameter replaced by `value` (already encoded). */
export const fill = (pattern: string, value = "sample-id") =>
  pattern.replace(/:[A-Za-z]+/g, value).replace(/\*$/, value === "sample-id" ? "no/such-page" : `no/${value}`);

export const paramPatterns = entries.filter((e) => /[:*]/.test(e.pattern));

// What each route should allow, written from the route module's exports (not from the gate).
export const allowOf = (file: string) => {
  const m = moduleOf(file);
  return [...(m.loader || m.default ? ["GET", "HEAD"] : []), ...(m.action ? ["POST"] : [])].join(", ");
};

// Every method workerd lets a client send that no route answers (it refuses unknown tokens itself).
export const OTHER_METHODS = ["PUT", "PATCH", "DELETE", "OPTIONS", "PROPFIND", "MKCOL"];

export async function expectRefused(response: Response, status: number, where: string) {
  expect(response.status, where).toBe(status);
  expect(response.headers.get("content-type"), where).toBe("text/plain; charset=utf-8");
  expect(response.headers.get("x-content-type-options"), where).toBe("nosniff");
  expect(response.headers.getSetCookie(), where).toEqual([]);
  return response.text();
}

export const BOUNDARY = "----closetloopFormBoundary7MA4YWxkTrZu0gW";

export const multipart = (form: Record<string, string>, boundary = BOUNDARY, extra = "") =>
  Object.entries(form)
    .map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n${extra}\r\n${v}\r\n`)
    .join("") + `--${boundary}--\r\n`;

export const encoded = (form: Record<string, string>) => new URLSearchParams(form).toString();

/** A rule's form as text fields (these sweeps send text; file fields are tested in uploads.test.ts). */
export const text = (form: FormFields): Record<string, string> =>
  Object.fromEntries(Object.entries(form).filter((entry): entry is [string, string] => typeof entry[1] === "string"));

export const URLENCODED = "application/x-www-form-urlencoded";

export interface Variant {
  name: string;
  status: number;
  send: (
    form: Record<string, string>,
    limit: number,
  ) => { method?: string; body?: BodyInit; type?: string | null; stream?: boolean };
}

export const VARIANTS: Variant[] = [
  ...["PUT", "PATCH", "DELETE"].map((method) => ({
    name: `${method} with the form`,
    status: 405,
    send: (f: Record<string, string>) => ({ method, body: encoded(f), type: URLENCODED }),
  })),
  { name: "as JSON", status: 415, send: (f) => ({ body: JSON.stringify(f), type: "application/json" }) },
  {
    name: "as XML",
    status: 415,
    send: (f) => ({
      body: `<form>${Object.entries(f)
        .map(([k, v]) => `<${k}>${v}</${k}>`)
        .join("")}</form>`,
      type: "application/xml",
    }),
  },
  {
    name: "as plain text",
    status: 415,
    send: (f) => ({
      body: Object.entries(f)
        .map(([k, v]) => `${k}=${v}`)
        .join("\r\n"),
      type: "text/plain",
    }),
  },
  { name: "without a content type", status: 415, send: (f) => ({ body: encoded(f), type: null }) },
  { name: "as bytes", status: 415, send: (f) => ({ body: encoded(f), type: "application/octet-stream" }) },
  {
    name: "with a malformed content type",
    status: 415,
    send: (f) => ({ body: encoded(f), type: "application/x-www-form-urlencoded; charset" }),
  },
  ...["iso-8859-1", "utf-16", "shift_jis", "utf-7"].map((charset) => ({
    name: `urlencoded in ${charset}`,
    status: 415,
    send: (f: Record<string, string>) => ({ body: encoded(f), type: `${URLENCODED}; charset=${charset}` }),
  })),
  {
    name: "multipart in latin-1",
    status: 415,
    send: (f) => ({ body: multipart(f), type: `multipart/form-data; boundary=${BOUNDARY}; charset=latin1` }),
  },
  {
    name: "multipart with a latin-1 part",
    status: 415,
    send: (f) => ({
      body: multipart(f, BOUNDARY, "Content-Type: text/plain; charset=iso-8859-1\r\n"),
      type: `multipart/form-data; boundary=${BOUNDARY}`,
    }),
  },
  {
    name: "multipart without a boundary",
    status: 400,
    send: (f) => ({ body: multipart(f), type: "multipart/form-data" }),
  },
  {
    name: "multipart with an empty boundary",
    status: 400,
    send: (f) => ({ body: multipart(f), type: 'multipart/form-data; boundary=""' }),
  },
  {
    name: "multipart with an invalid boundary",
    status: 400,
    send: (f) => ({ body: multipart(f, "a b "), type: 'multipart/form-data; boundary="a b "' }),
  },
  {
    name: "multipart with a 71-character boundary",
    status: 400,
    send: (f) => ({ body: multipart(f, "b".repeat(71)), type: `multipart/form-data; boundary=${"b".repeat(71)}` }),
  },
  {
    name: "multipart with the wrong boundary",
    status: 400,
    send: (f) => ({ body: multipart(f, "other"), type: `multipart/form-data; boundary=${BOUNDARY}` }),
  },
  {
    name: "multipart cut short",
    status: 400,
    send: (f) => ({
      body: multipart(f).slice(0, -(BOUNDARY.length + 6)),
      type: `multipart/form-data; boundary=${BOUNDARY}`,
    }),
  },
  {
    name: "multipart with a preamble",
    status: 400,
    send: (f) => ({ body: `hello\r\n${multipart(f)}`, type: `multipart/form-data; boundary=${BOUNDARY}` }),
  },
  {
    name: "multipart with trailing bytes",
    status: 400,
    send: (f) => ({ body: `${multipart(f)}trailing`, type: `multipart/form-data; boundary=${BOUNDARY}` }),
  },
  {
    name: "multipart with a part without a name",
    status: 400,
    send: (f) => ({
      body: multipart(f).replace(/; name="[^"]*"/, ""),
      type: `multipart/form-data; boundary=${BOUNDARY}`,
    }),
  },
  {
    name: "multipart with a part without headers",
    status: 400,
    send: (f) => ({
      body: `--${BOUNDARY}\r\n\r\nvalue\r\n${multipart(f)}`,
      type: `multipart/form-data; boundary=${BOUNDARY}`,
    }),
  },
  {
    name: "multipart carrying a file",
    status: 400,
    send: (f) => ({
      body: multipart(f).replace(/; name="([^"]*)"/, '; name="$1"; filename="evil.png"'),
      type: `multipart/form-data; boundary=${BOUNDARY}`,
    }),
  },
  {
    name: "urlencoded, invalid UTF-8",
    status: 400,
    send: (f) => ({ body: `${encoded(f)}&note=caf%E9`, type: URLENCODED }),
  },
  {
    name: "multipart, invalid UTF-8",
    status: 400,
    send: (f) => ({
      body: new Blob([
        multipart(f).slice(0, -(BOUNDARY.length + 6)),
        new Uint8Array([0xc3, 0x28]),
        `\r\n--${BOUNDARY}--\r\n`,
      ]),
      type: `multipart/form-data; boundary=${BOUNDARY}`,
    }),
  },
  {
    name: "one byte over the limit",
    status: 413,
    send: (f, limit) => ({
      body: `${encoded(f)}&pad=${"p".repeat(Math.max(0, limit - encoded(f).length - 4))}x`,
      type: URLENCODED,
    }),
  },
  {
    name: "10 MB",
    status: 413,
    send: (f) => ({ body: `${encoded(f)}&email=${"a".repeat(10 * 1024 * 1024)}`, type: URLENCODED }),
  },
  {
    name: "over the limit without a Content-Length",
    status: 413,
    send: (f, limit) => ({ body: `${encoded(f)}&pad=${"p".repeat(limit)}`, type: URLENCODED, stream: true }),
  },
  {
    name: "multipart over the limit",
    status: 413,
    send: (f, limit) => ({
      body: multipart({ ...f, pad: "p".repeat(limit) }),
      type: `multipart/form-data; boundary=${BOUNDARY}`,
    }),
  },
];

export const CONTROLS = ["\u0000", "\u0007", "\u000b", "\u001b", "\u007f", "\u0085", "\u009b"];

export const actionCases = entries
  .filter((e) => moduleOf(e.file).action)
  .flatMap(({ pattern, file }) =>
    Object.keys(ACTIONS[file] ?? {}).map((intent) => [fill(pattern), intent || "(form)", file, intent] as const),
  );

/** The action cases with their number, which chooses each one's share of a sampled sweep. */
export const numberedActionCases = actionCases.map((c, i) => [...c, i] as const);
