import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";
import { DEFAULT_BODY_LIMIT, maxBodyBytes, readBodyLimit, type BodyLimit } from "../domain/body-limit";
import {
  checkUrlEncoded,
  hasControlCharacters,
  isRefusal,
  readContentType,
  tooLarge,
  type Refusal,
} from "../domain/form-body";
import { MultipartCheck } from "../domain/multipart-check";
import { readAtMost } from "./read-at-most";
import { refusalPage } from "../domain/markup";

// The request gate (docs/decisions/0016-request-gate.md): before React Router runs, workers/app.ts
// finds the route a request targets in the server build and refuses, with a 4xx and a plain
// message, what no action of ours should see: a method the route does not answer (405 + Allow),
// a body that is not a UTF-8 form (415/400), a body over the route's `bodyLimit` (413, before it
// is read whole), control characters in the address or the form (400). A route added later is
// covered by the same rules the day it lands; it declares a larger limit next to its action.

interface RouteModule {
  loader?: unknown;
  action?: unknown;
  default?: unknown;
  bodyLimit?: unknown;
  /** services/personal-page.server.tsx */
  sharedWhenSignedIn?: unknown;
  /** services/stitch-gate.server.ts (decision 0115) */
  visitRides?: unknown;
}

type Manifest = ServerBuild["routes"];
type Node = RouteObject & { id: string; module: RouteModule };

const trees = new WeakMap<Manifest, Node[]>();

/** The build's flat route manifest as the nested tree `matchRoutes` reads. */
function routeTree(manifest: Manifest): Node[] {
  let tree = trees.get(manifest);
  if (!tree) {
    const children = new Map<string | undefined, Node[]>();
    for (const route of Object.values(manifest)) {
      if (!route) continue;
      const node = {
        id: route.id,
        path: route.path,
        index: route.index,
        caseSensitive: route.caseSensitive,
        module: route.module as RouteModule,
      } as Node;
      const siblings = children.get(route.parentId) ?? [];
      siblings.push(node);
      children.set(route.parentId, siblings);
    }
    const attach = (nodes: Node[]): Node[] =>
      nodes.map((node) => {
        const kids = children.get(node.id);
        return (kids ? { ...node, children: attach(kids) } : node) as Node;
      });
    tree = attach(children.get(undefined) ?? []);
    trees.set(manifest, tree);
  }
  return tree;
}

const recentMatches = new WeakMap<Manifest, Map<string, ReturnType<typeof matchRoutes<Node>>>>();

/**
 * `matchRoutes` over the table for a path, kept for recent paths: it flattens and ranks every
 * route and compiles their patterns on each call, and a request asked it up to three times
 * (the gate, the log's pattern, the page's route); profiled, it was the largest share of React
 * Router's time on a rendered product page (decision 0077).
 */
function matchesFor(manifest: Manifest, pathname: string) {
  let known = recentMatches.get(manifest);
  if (!known) recentMatches.set(manifest, (known = new Map()));
  if (known.has(pathname)) return known.get(pathname)!;
  const matches = matchRoutes(routeTree(manifest), pathname);
  if (known.size >= 500) known.clear();
  known.set(pathname, matches);
  return matches;
}

/** The route whose loader answers GET and whose action answers POST, as React Router picks it. */
export function targetRoute(manifest: Manifest, url: URL): RouteModule | null {
  // A client navigation's data request names the page with a .data suffix (/_.data for /).
  const pathname = url.pathname.endsWith("/_.data")
    ? url.pathname.slice(0, -"_.data".length)
    : url.pathname.replace(/\.data$/, "");
  const matches = matchesFor(manifest, pathname);
  if (!matches?.length) return null;
  const last = matches[matches.length - 1]!;
  if (last.route.index && url.searchParams.getAll("index").some((v) => v === "")) return (last.route as Node).module;
  const contributing = matches.filter((m, i) => i === 0 || (m.route.path && m.route.path.length > 0));
  return (contributing[contributing.length - 1]!.route as Node).module;
}

/** The route that renders the page at `url` (the deepest match: for "/" the index route, not root). */
export function pageRoute(manifest: Manifest, url: URL): RouteModule | null {
  const matches = matchesFor(manifest, url.pathname);
  return matches?.length ? (matches[matches.length - 1]!.route as Node).module : null;
}

/** The pattern of the page route at `url` ('/products/:slug'), for the log; null when none matches. */
export function routePattern(manifest: Manifest, url: URL): string | null {
  const matches = matchesFor(manifest, url.pathname);
  if (!matches?.length) return null;
  return `/${matches
    .map((m) => m.route.path ?? "")
    .filter(Boolean)
    .join("/")}`.replace(/\/{2,}/g, "/");
}

export function allowedMethods(module: RouteModule | null) {
  const methods: string[] = [];
  if (!module || module.loader || module.default) methods.push("GET", "HEAD");
  if (module?.action) methods.push("POST");
  return methods;
}

/** The limit a route declares with `export const bodyLimit`, else the default for forms. */
export function bodyLimitOf(module: RouteModule | null): BodyLimit {
  return (module && readBodyLimit(module.bodyLimit)) || DEFAULT_BODY_LIMIT;
}

/**
 * A refusal as the client sees it: the status and one line of plain text, never anything it sent.
 * A browser's own navigation (a form sent without JavaScript asks for text/html) gets the same
 * line as a small page with a way back to the page it came from (decision 0067): the body was not
 * read, so the form cannot be shown again, but the person is not left on a bare line of text.
 */
export function refusalResponse(refusal: Refusal, request: Request, headers: Record<string, string> = {}) {
  const page = request.headers.get("accept")?.includes("text/html") && request.method !== "HEAD";
  const body =
    request.method === "HEAD" ? null : page ? gateRefusalPage(refusal, backTo(request)) : `${refusal.message}\n`;
  return new Response(body, {
    status: refusal.status,
    headers: {
      "content-type": page ? "text/html; charset=utf-8" : "text/plain; charset=utf-8",
      "cache-control": "no-store",
      ...headers,
    },
  });
}

/** The page the request came from, when it is this site's own (its Referer); else the address it was sent to. */
function backTo(request: Request) {
  const url = new URL(request.url);
  try {
    const from = new URL(request.headers.get("referer") ?? "");
    if (from.origin === url.origin) return `${from.pathname}${from.search}`;
  } catch {
    // no Referer, or not an address: the form's own address
  }
  return url.pathname;
}

/** What a person is told a refusal is, by its status (the plain line's first words are HTTP's). */
const PAGE_TITLES: Record<number, string> = {
  413: "That is too large to send",
  415: "That form could not be read",
  400: "That request could not be read",
  405: "This address does not take that",
};

function gateRefusalPage(refusal: Refusal, back: string) {
  const at = refusal.message.indexOf(": ");
  const detail = at >= 0 ? refusal.message.slice(at + 2) : refusal.message;
  return refusalPage(
    PAGE_TITLES[refusal.status] ?? "That could not be sent",
    detail.charAt(0).toUpperCase() + detail.slice(1),
    { href: back, label: "Go back to the form" },
  );
}

/** Thrown into an action's body stream when the streamed form is refused; the gate answers instead. */
export class BodyRefusedError extends Error {
  constructor(readonly refusal: Refusal) {
    super(refusal.message);
  }
}

export type GateResult =
  | { refused: Response }
  | {
      request: Request;
      /** The answer to send: the handler's, unless the streamed body was refused while the action read it. */
      settle: (response: Response) => Response;
    };

const pass = (request: Request): GateResult => ({ request, settle: (response) => response });
const refuse = (refusal: Refusal, request: Request, headers?: Record<string, string>): GateResult => ({
  refused: refusalResponse(refusal, request, headers),
});

function addressRefusal(url: URL): Refusal | null {
  // The URL parser percent-encodes every control and non-ASCII character (and drops tabs and line
  // breaks): an address without a '%' has nothing to decode or refuse (most requests; issue 47).
  if (!url.pathname.includes("%") && !url.search.includes("%")) return null;
  let path: string;
  try {
    path = decodeURIComponent(url.pathname);
  } catch {
    return { status: 400, message: "Bad Request: the address is not valid percent-encoded UTF-8." };
  }
  // In an address even tab and line breaks are refused (a form's textarea may hold them).
  const controls = (text: string) => hasControlCharacters(text) || /[\t\r\n]/.test(text);
  if (controls(path)) return { status: 400, message: "Bad Request: the address contains control characters." };
  for (const [name, value] of url.searchParams) {
    if (controls(name) || controls(value))
      return { status: 400, message: "Bad Request: the address contains control characters." };
  }
  return null;
}

/** Checks a request before React Router sees it; `manifest` is the server build's routes. */
export async function gateRequest(request: Request, manifest: Manifest): Promise<GateResult> {
  const url = new URL(request.url);
  const address = addressRefusal(url);
  if (address) return refuse(address, request);

  const module = targetRoute(manifest, url);
  const allow = allowedMethods(module);
  const method = request.method.toUpperCase();
  if (!allow.includes(method)) {
    return refuse({ status: 405, message: `Method Not Allowed: this address answers ${allow.join(", ")}.` }, request, {
      allow: allow.join(", "),
    });
  }
  if (method !== "POST") return pass(request);

  const limit = bodyLimitOf(module);
  const encoding = readContentType(request.headers.get("content-type"));
  if (isRefusal(encoding)) return refuse(encoding, request);
  const streamed = encoding.kind === "multipart" && Boolean(limit.files);
  const max = streamed ? maxBodyBytes(limit) : limit.formBytes;
  const declared = request.headers.get("content-length");
  if (declared !== null && Number(declared) > max) return refuse(tooLarge(max), request);

  if (!streamed) {
    // A form of text fields is small: read it whole (at most `formBytes`), check it, hand it on.
    const bytes = await readAtMost(request.body, max);
    if (!bytes) return refuse(tooLarge(max), request);
    let refusal: Refusal | null;
    if (encoding.kind === "urlencoded") refusal = checkUrlEncoded(bytes);
    else {
      const check = new MultipartCheck(encoding.boundary, limit);
      refusal = check.push(bytes) ?? check.end();
    }
    if (refusal) return refuse(refusal, request);
    return pass(new Request(request, { body: bytes as Uint8Array<ArrayBuffer> }));
  }

  // A form with files streams past the check into the action's request.formData(): a part out of
  // shape or over a limit ends the stream (a file at its first byte over `files.bytes`). The
  // parser keeps each part's bytes until the part ends (decision 0060), at most one file's worth.
  const check = new MultipartCheck(encoding.boundary, limit);
  let refused: Refusal | null = null;
  const guard = new TransformStream<Uint8Array, Uint8Array>({
    transform(chunk, controller) {
      const refusal = check.push(chunk);
      if (refusal) {
        refused = refusal;
        controller.error(new BodyRefusedError(refusal));
      } else controller.enqueue(chunk);
    },
    flush(controller) {
      const refusal = check.end();
      if (refusal) {
        refused = refusal;
        controller.error(new BodyRefusedError(refusal));
      }
    },
  });
  const body = request.body ?? new Blob([]).stream();
  const gated = new Request(request, { body: body.pipeThrough(guard) });
  return { request: gated, settle: (response) => (refused ? refusalResponse(refused, request) : response) };
}
