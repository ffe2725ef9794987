import { env as startupEnv } from "cloudflare:workers";
import { Hono } from "hono";
import { createRequestHandler, RouterContextProvider } from "react-router";
import { appContext } from "../app/context";
import { countingD1, database, type RoundTrips } from "../app/data/db.server";
import { appConfig } from "../app/env.server";
import { openReadSession } from "../app/services/d1-session.server";
import { pagesVersion } from "../app/services/freshness.server";
import { perIsolate } from "../app/services/per-isolate";
import { withPageCache } from "../app/services/page-cache.server";
import { forgetVisit, servePersonalPage, sharesWithSignedIn, wantsStitchedPage } from "../app/services/personal-page.server";
import { gateRequest, pageRoute } from "../app/services/request-gate.server";
import { applyRememberedSizes, offersMySizes } from "../app/services/my-sizes.server";
import { applySecurityHeaders, createNonce, isCrossSiteWrite } from "../app/services/security";
import { countView } from "../app/services/views.server";
import { receiveWebhook } from "../app/services/payment-events.server";
import { scheduled } from "./cron";
import { images } from "./images";
import { live } from "./live";
import { queue } from "./queue";

// A misconfigured Worker refuses to start: without APP_ENV, or outside development without its
// own secrets (or with the development ones), this throws while the Worker loads, so a deploy is
// rejected at upload with the message instead of going live (docs/decisions/0018-dev-surfaces-cannot-ship.md).
appConfig(startupEnv);

// The request gate and React Router share one import of the server build. Vite's dev server
// re-imports it per request (an edited route takes effect at once); elsewhere it is loaded once:
// under the test runner every import() is a round trip to Vite (~8 ms). Kept as a value, never as
// a pending promise other requests wait on (app/services/per-isolate.ts, decision 0070).
const loadServerBuild = () => import("virtual:react-router/server-build");
const serverBuild = import.meta.env.MODE === "development" ? loadServerBuild : perIsolate(loadServerBuild);
const requestHandler = createRequestHandler(serverBuild, import.meta.env.MODE);

const app = new Hono<{ Bindings: Env; Variables: { d1: RoundTrips } }>();

// Every response carries the security headers; a cross-site write is refused before any action.
app.use(async (c, next) => {
  if (isCrossSiteWrite(c.req.raw)) {
    c.res = new Response("Cross-site request refused", { status: 403, headers: { "content-type": "text/plain" } });
  } else {
    await next();
  }
  // An accepted WebSocket upgrade (a conversation's live path) goes back as it is: its socket is not part of a copy.
  if (c.res.status === 101) return;
  const headers = new Headers(c.res.headers);
  applySecurityHeaders(headers, appConfig(c.env).isDev);
  const trips = c.get("d1");
  if (trips) {
    headers.append("server-timing", `d1;dur=${trips.ms};desc="${trips.count} round trips"`);
    headers.append("server-timing", `d1-sql;dur=${trips.sqlMs.toFixed(2)};desc="D1 SQL time"`);
  }
  c.res = new Response(c.res.body, { status: c.res.status, statusText: c.res.statusText, headers });
});

app.get("/healthz", (c) => c.json({ ok: true }));

app.route("/images", images);
// The payment provider's events (decision 0055): signed, at most 1 MB, recorded once by id.
app.all("/webhooks/stripe", (c) => receiveWebhook({ env: c.env, config: appConfig(c.env), db: database(c.env.DB) }, c.req.raw, Date.now()));
app.route("/", live);

app.all("*", async (c) => {
  // Methods, bodies and addresses no action should see are answered here (request-gate.server.ts).
  const build = await serverBuild();
  const gate = await gateRequest(c.req.raw, build.routes);
  if ("refused" in gate) return gate.refused;
  let request = gate.request;
  // 'Show my sizes' kept on for the visit: a listing goes through the shopper's sizes (services/my-sizes.server.ts).
  const listingUrl = new URL(request.url.replace(/\.data(?=\?|$)/, ""));
  if (offersMySizes(pageRoute(build.routes, listingUrl), listingUrl.pathname)) {
    const remembered = applyRememberedSizes(request);
    if (remembered instanceof Response) return gate.settle(remembered);
    if (remembered) request = remembered;
  }
  const env = c.env;
  const config = appConfig(env);
  const trips: RoundTrips = { count: 0, ms: 0, sqlMs: 0 };
  c.set("d1", trips);
  // Every read of the request goes through one D1 session (read replicas; decision 0037).
  const reads = openReadSession(env.DB, request, !config.isDev);
  const services = { env, config, ctx: c.executionCtx as ExecutionContext, db: database(countingD1(reads.d1, trips)) };
  // An action may change what the visitor's header shows: their remembered visit goes.
  if (request.method !== "GET" && request.method !== "HEAD") await forgetVisit(request, services);
  const render = (req: Request) => {
    const context = new RouterContextProvider();
    context.set(appContext, services);
    return requestHandler(req, context);
  };
  // Vite's dev server never caches: a developer must see every edit at once.
  const capSeconds = import.meta.env.MODE === "development" ? 0 : config.PAGE_CACHE_SECONDS;
  const now = Date.now();
  const version = capSeconds > 0 && request.method === "GET" ? await pagesVersion(env.CACHE, now) : undefined;
  const cache = { capSeconds, version, build: build.assets.version, now, freshNonce: createNonce, waitUntil: (work: Promise<unknown>) => c.executionCtx.waitUntil(work), shared: (caches as unknown as { default: Cache }).default };
  // A signed-in visitor of a page every visitor shares gets the shared page with their personal
  // parts stitched in (services/personal-page.server.tsx) instead of a page rendered for them.
  const stitched =
    capSeconds > 0 && wantsStitchedPage(request) && sharesWithSignedIn(pageRoute(build.routes, new URL(request.url)))
      ? await servePersonalPage(request, { services, cache, render, now })
      : null;
  const response = stitched ?? (await withPageCache(request, cache, () => render(request)));
  // A person's view of a product, profile or store page is counted off the request path.
  countView(env, request, response.status, cache.waitUntil, now);
  return gate.settle(reads.settle(response));
});

// The conversations' Durable Object (issue 26), declared in wrangler.toml.
export { ConversationRoom } from "./conversation";

export default {
  fetch: app.fetch,
  queue,
  scheduled,
} satisfies ExportedHandler<Env>;
