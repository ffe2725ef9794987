import { isbot } from "isbot";
// React's Node build, not the edge build "react-dom/server" resolves to on workerd: the edge
// build turns every piece of markup into its own Uint8Array (TextEncoder.encode per attribute),
// which costs ~15% of a listing page's CPU in workerd; the Node build writes them into one
// buffer. Its renderToReadableStream needs only nodejs_compat (setImmediate, node:util/stream).
import { renderToReadableStream } from "react-dom/server.node";
import type { EntryContext, HandleErrorFunction, RouterContextProvider } from "react-router";
import { isRouteErrorResponse, ServerRouter } from "react-router";
import { requestRecord } from "./context";
import { isStorageUnavailable } from "./data/db.server";
import { NonceContext } from "./components/nonce";
import { deferredPartsLoaded } from "./components/kit/deferred-part";
import { MarkupOnceContext } from "./components/kit/kept-markup";
import { frameMarkup } from "./services/part-renderer.server";
import { BodyRefusedError } from "./services/request-gate.server";
import { contentSecurityPolicy, createNonce } from "./services/security";

export const streamTimeout = 5_000;

/**
 * Every error a loader, action or middleware throws: logged with the request's id; a storage
 * failure marks the request, so workers/app.ts answers the site's 503 page (decision 0072).
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  // A body the gate refused is answered 4xx (request-gate.server.ts): the visitor's mistake, not ours.
  if (request.signal.aborted || error instanceof BodyRefusedError) return;
  const record = (context as RouterContextProvider | undefined)?.get(requestRecord) ?? null;
  if (record && isStorageUnavailable(error)) record.storageFailed = true;
  const cause =
    isRouteErrorResponse(error) && (error as { error?: unknown }).error ? (error as { error?: unknown }).error : error;
  console.error(`request ${record?.id ?? "unknown"}: ${request.method} ${new URL(request.url).pathname} failed`, cause);
};

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  _loadContext: RouterContextProvider,
) {
  const nonce = createNonce();
  // Vite's dev server injects its own inline scripts; everywhere else every script carries the nonce.
  if (import.meta.env.MODE !== "development") {
    responseHeaders.set("content-security-policy", contentSecurityPolicy(nonce));
  }
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }

  // Parts the browser hydrates after the page render whole here, never as a fallback (decision
  // 0128); the frame's markup is kept by what it shows (decision 0142), rendered with them loaded.
  const [, markupOnce] = await Promise.all([deferredPartsLoaded(), frameMarkup()]);
  let shellRendered = false;
  const userAgent = request.headers.get("user-agent");
  const body = await renderToReadableStream(
    <NonceContext.Provider value={nonce}>
      <MarkupOnceContext.Provider value={markupOnce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </MarkupOnceContext.Provider>
    </NonceContext.Provider>,
    {
      nonce,
      // A Suspense boundary that completed is written in place, however far down the page: React
      // would otherwise send one past its first 12.8 kB apart, shown by a script (decision 0128).
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      signal: AbortSignal.timeout(streamTimeout + 1000),
      onError(error: unknown) {
        responseStatusCode = 500;
        if (shellRendered) console.error(error);
      },
    },
  );
  shellRendered = true;
  if ((userAgent && isbot(userAgent)) || routerContext.isSpaMode) await body.allReady;

  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  return new Response(body, { headers: responseHeaders, status: responseStatusCode });
}
