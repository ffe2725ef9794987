import { isbot } from "isbot";
// React's Node build, not the edge build "react-dom/server" resolves to on workerd: the edge
// build turns every piece of markup into its own Uint8Array (TextEncoder.encode per attribute),
// which costs ~15% of a listing page's CPU in workerd; the Node build writes them into one
// buffer. Its renderToReadableStream needs only nodejs_compat (setImmediate, node:util/stream).
import { renderToReadableStream } from "react-dom/server.node";
import type { EntryContext, RouterContextProvider } from "react-router";
import { ServerRouter } from "react-router";
import { NonceContext } from "./components/nonce";
import { contentSecurityPolicy, createNonce } from "./services/security";

export const streamTimeout = 5_000;

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

  let shellRendered = false;
  const userAgent = request.headers.get("user-agent");
  const body = await renderToReadableStream(
    <NonceContext.Provider value={nonce}>
      <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
    </NonceContext.Provider>,
    {
      nonce,
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
