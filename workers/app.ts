import { env as startupEnv } from "cloudflare:workers";
import { Hono } from "hono";
import { createRequestHandler, RouterContextProvider, type RequestHandler } from "react-router";
import { appContext, displayCurrency, requestRecord, type RequestRecord } from "../app/context";
import { countingD1, database, failingD1, isStorageUnavailable, type RoundTrips } from "../app/data/db.server";
import { RETRY_AFTER_SECONDS } from "../app/domain/unavailable";
import { devFailure, withDevFailure } from "../app/services/dev-failures.server";
import { appConfig } from "../app/env.server";
import { openReadSession } from "../app/services/d1-session.server";
import { pagesVersion } from "../app/services/freshness.server";
import { onFirstUse, perIsolate } from "../app/services/per-isolate";
import { withPageCache } from "../app/services/page-cache.server";
import { sharesWithSignedIn, visitRidesOn, wantsStitchedPage } from "../app/services/stitch-gate.server";
import { gateRequest, pageRoute, routePattern } from "../app/services/request-gate.server";
import { applyRememberedSizes, offersMySizes } from "../app/services/my-sizes.server";
import { applySecurityHeaders, createNonce, isCrossSiteWrite, withHeaders } from "../app/services/security";
import { resolveDisplayCurrency } from "../app/services/display-currency.server";
import { countView } from "../app/services/count-view.server";
import { images } from "./images";

// A misconfigured Worker refuses to start: without APP_ENV, or outside development without its
// own secrets (or with the development ones), this throws while the Worker loads, so a deploy is
// rejected at upload with the message instead of going live (docs/decisions/0018-dev-surfaces-cannot-ship.md).
appConfig(startupEnv);

// The request gate and React Router share one import of the server build. Vite's dev server
// re-imports it per request (an edited route takes effect at once); elsewhere it is loaded once:
// under the test runner every import() is a round trip to Vite (~8 ms). Kept as a value, never as
// a pending promise other requests wait on (app/services/per-isolate.ts, decisions 0070, 0097).
const serverBuild = onFirstUse(() => import("virtual:react-router/server-build"));
// React Router derives its route table (data routes, the static handler, every path compiled and
// ranked) from a build once, but from a function of one at every request, as Vite's dev server
// wants. Elsewhere the handler is made once per isolate from the loaded build.
const handlerOnce = perIsolate(async () => createRequestHandler(await serverBuild(), import.meta.env.MODE));
const requestHandler: RequestHandler =
  import.meta.env.MODE === "development"
    ? createRequestHandler(serverBuild, import.meta.env.MODE)
    : async (request, context) => (await handlerOnce())(request, context);

// What only some requests need loads at the first of them, once per isolate (decision 0096): the
// queue consumer (e-mail rendering, image variants), the cron jobs, the webhooks, a conversation's
// live socket and the stitched pages' renderer. The Worker's startup evaluates none of them.
const queueConsumer = onFirstUse(() => import("./queue"));
const cronJobs = onFirstUse(() => import("./cron"));
const liveSockets = onFirstUse(() => import("./live"));
const paymentEvents = onFirstUse(() => import("../app/services/payment-events.server"));
const trackingEvents = onFirstUse(() => import("../app/services/tracking-events.server"));
const personalPages = onFirstUse(() => import("../app/services/personal-page.server"));

const app = new Hono<{ Bindings: Env; Variables: { d1: RoundTrips; requestId: string; route: string } }>();

/** Cloudflare's ray id when the request has one, else a random id: one line of the log finds the request (decision 0072). */
const requestIdOf = (request: Request) => {
  const ray = request.headers.get("cf-ray");
  return ray && /^[0-9a-f]{8,32}(-[A-Z]{3})?$/i.test(ray) ? ray : crypto.randomUUID();
};

// Every response carries the security headers and the request's id; a cross-site write is
// refused before any action; every 5xx is logged with the request's id and route.
app.use(async (c, next) => {
  const requestId = requestIdOf(c.req.raw);
  c.set("requestId", requestId);
  if (isCrossSiteWrite(c.req.raw)) {
    c.res = new Response("Cross-site request refused", { status: 403, headers: { "content-type": "text/plain" } });
  } else {
    await next();
  }
  // An accepted WebSocket upgrade (a conversation's live path) goes back as it is: its socket is not part of a copy.
  const response = c.res;
  if (response.status === 101) return;
  if (response.status >= 500)
    console.error(`5xx ${response.status} ${c.req.method} ${c.get("route") ?? c.req.routePath} request ${requestId}`);
  const trips = c.get("d1");
  // On the answer itself, or on a copy when its headers are fixed (decision 0137).
  const copy = withHeaders(response, (headers) => {
    headers.set("x-request-id", requestId);
    if (response.status === 503 && !headers.has("retry-after")) headers.set("retry-after", String(RETRY_AFTER_SECONDS));
    applySecurityHeaders(headers, appConfig(c.env).isDev);
    if (trips) {
      headers.append("server-timing", `d1;dur=${trips.ms};desc="${trips.count} round trips"`);
      headers.append("server-timing", `d1-sql;dur=${trips.sqlMs.toFixed(2)};desc="D1 SQL time"`);
    }
  });
  // Hono's setter would copy an answer it already holds once more, header by header: unset first.
  if (copy) {
    c.res = undefined;
    c.res = copy;
  }
});

// An error no handler answered: logged with the request's id; storage that failed answers the
// site's own 503 page (decision 0072), anything else a plain 500 (a misconfigured Worker included).
app.onError(async (error, c) => {
  console.error(`request ${c.get("requestId")}: ${c.req.method} ${new URL(c.req.url).pathname} failed`, error);
  if (isStorageUnavailable(error))
    return renderUnavailable(c.env, c.req.raw, c.get("requestId"), c.executionCtx as ExecutionContext);
  return c.text("Internal Server Error", 500);
});

/**
 * The site's error page with 503 (Retry-After is added above): the root middleware refuses at
 * once, so nothing reads or writes storage; the page has the site's header and footer.
 */
async function renderUnavailable(env: Env, request: Request, id: string, ctx: ExecutionContext) {
  const context = new RouterContextProvider();
  context.set(appContext, { env, config: appConfig(env), ctx, db: database(failingD1(env.DB, "all")) });
  context.set(requestRecord, { id, storageFailed: true, unavailable: true });
  const bodiless = request.method === "GET" || request.method === "HEAD" ? request.method : "POST";
  return requestHandler(new Request(request.url, { method: bodiless, headers: request.headers }), context);
}

app.get("/healthz", (c) => c.json({ ok: true }));

app.route("/images", images);
// The payment provider's events (decision 0055): signed, at most 1 MB, recorded once by id.
app.all("/webhooks/stripe", async (c) =>
  (await paymentEvents()).receiveWebhook(
    { env: c.env, config: appConfig(c.env), db: database(c.env.DB) },
    c.req.raw,
    Date.now(),
  ),
);
// The shipping provider's tracking events (decision 0082): signed, at most 256 kB, each status once.
app.all("/webhooks/shipping", async (c) =>
  (await trackingEvents()).receiveShippingWebhook(
    { env: c.env, config: appConfig(c.env), db: database(c.env.DB) },
    c.req.raw,
    Date.now(),
  ),
);
// A conversation's live socket (workers/live.ts answers this one path).
app.get("/account/messages/:id/live", async (c) => (await liveSockets()).live.fetch(c.req.raw, c.env, c.executionCtx));

app.all("*", async (c) => {
  // Methods, bodies and addresses no action should see are answered here (request-gate.server.ts).
  const build = await serverBuild();
  const gate = await gateRequest(c.req.raw, build.routes);
  if ("refused" in gate) return gate.refused;
  let request = gate.request;
  // 'Show my sizes' kept on for the visit: a listing goes through the shopper's sizes (services/my-sizes.server.ts).
  const listingUrl = new URL(request.url.replace(/\.data(?=\?|$)/, ""));
  c.set("route", routePattern(build.routes, listingUrl) ?? "*");
  if (offersMySizes(pageRoute(build.routes, listingUrl), listingUrl.pathname)) {
    const remembered = applyRememberedSizes(request);
    if (remembered instanceof Response) return gate.settle(remembered);
    if (remembered) request = remembered;
  }
  const config = appConfig(c.env);
  // The display currency, once, for the page cache's key and every render (decision 0084).
  const currency = resolveDisplayCurrency(request, !config.isDev);
  // Development's storage-failure switch (loopback only; services/dev-failures.server.ts).
  const failure = devFailure(request, config);
  const trips: RoundTrips = { count: 0, ms: 0, sqlMs: 0 };
  c.set("d1", trips);
  // Every read of the request goes through one D1 session (read replicas; decision 0037).
  const reads = openReadSession(c.env.DB, request, !config.isDev);
  const { d1, env } = withDevFailure(failure, reads.d1, c.env);
  const services = { env, config, ctx: c.executionCtx as ExecutionContext, db: database(countingD1(d1, trips)) };
  // An action may change what the visitor's header shows: their remembered visit goes.
  const changes = request.method !== "GET" && request.method !== "HEAD";
  if (changes) await (await personalPages()).forgetVisit(request, services);
  const requestId = c.get("requestId");
  // A page every visitor shares reads its visitor's visit with its first batch (decision 0115).
  const visitRides =
    (request.method === "GET" || request.method === "HEAD") && visitRidesOn(pageRoute(build.routes, listingUrl));
  const renderOnce = async (req: Request, visitFirst: boolean) => {
    const record: RequestRecord = { id: requestId, storageFailed: false, unavailable: false, visitRides, visitFirst };
    const context = new RouterContextProvider();
    context.set(appContext, services);
    context.set(requestRecord, record);
    context.set(displayCurrency, currency);
    return [await requestHandler(req, context), record] as const;
  };
  const render = async (req: Request) => {
    let [response, record] = await renderOnce(req, false);
    // Authorized with the user the session kept, whose visit found another (decision 0116): the
    // page is thrown away and rendered again with the visit read first.
    if (record.visitStale) {
      await response.body?.cancel();
      [response, record] = await renderOnce(req, true);
    }
    // Storage failed under a loader, action or middleware (entry.server.tsx): the site's 503 page instead.
    if (!record.storageFailed || response.status < 500) return response;
    await response.body?.cancel();
    return renderUnavailable(env, req, requestId, services.ctx);
  };
  // Vite's dev server never caches: a developer must see every edit at once; nor does a request that asks its storage to fail.
  const capSeconds = import.meta.env.MODE === "development" || failure ? 0 : config.PAGE_CACHE_SECONDS;
  const now = Date.now();
  const version = capSeconds > 0 && request.method === "GET" ? await pagesVersion(env.CACHE, now) : undefined;
  const cache = {
    capSeconds,
    version,
    build: build.assets.version,
    now,
    freshNonce: createNonce,
    waitUntil: (work: Promise<unknown>) => c.executionCtx.waitUntil(work),
    shared: (caches as unknown as { default: Cache }).default,
    currency,
  };
  // A signed-in visitor of a page every visitor shares gets the shared page with their personal
  // parts stitched in (services/personal-page.server.tsx) instead of a page rendered for them.
  const stitched =
    capSeconds > 0 && wantsStitchedPage(request) && sharesWithSignedIn(pageRoute(build.routes, new URL(request.url)))
      ? await (await personalPages()).servePersonalPage(request, { services, cache, render, now })
      : null;
  const response = stitched ?? (await withPageCache(request, cache, () => render(request)));
  // Once more after the change: a page of theirs read while it was under way is not kept.
  if (changes) await (await personalPages()).forgetVisit(request, services);
  // A person's view of a product, profile or store page is counted off the request path.
  countView(env, request, response.status, cache.waitUntil, now);
  return gate.settle(reads.settle(response));
});

// The conversations' Durable Object (issue 26), declared in wrangler.toml.
export { ConversationRoom } from "./conversation";

export default {
  fetch: app.fetch,
  queue: async (batch, env, ctx) => (await queueConsumer()).queue(batch, env, ctx),
  scheduled: async (controller, env, ctx) => (await cronJobs()).scheduled(controller, env, ctx),
} satisfies ExportedHandler<Env>;
