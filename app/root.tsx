import { useEffect } from "react";
import {
  data,
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  type ShouldRevalidateFunctionArgs,
  useLocation,
  useRouteLoaderData,
} from "react-router";
import type { Route } from "./+types/root";
import "./app.css";
import { appContext, displayCurrency, requestRecord, requestState } from "./context";
import { PageNotFound } from "./components/not-found";
import { ProgressBar } from "./components/progress-bar";
import { FocusRefusedField } from "./components/forms";
import { useNonce } from "./components/nonce";
import { TimeZoneScript } from "./components/time-zone-script";
import { Footer } from "./components/layout/footer";
import { Header } from "./components/layout/header";
import { Toaster } from "./components/toaster";
import { CookieConsent } from "./components/layout/consent-part";
import { headerUser, useEndOfHydration, usePersonal } from "./components/personal";
import { cachedSiteSettings, cachedSocialLinks } from "./data/site.server";
import { DEFAULT_SETTINGS } from "./domain/site";
import { UNAVAILABLE } from "./domain/unavailable";
import { cartCount } from "./data/cart.server";
import { readConsent } from "./services/consent.server";
import { decideConsent } from "./domain/consent";
import { requestStateOf } from "./services/request-state.server";
import { keepToastForDataOnly, takeToast } from "./services/toast.server";
import { markPersonal } from "./services/page-cache.server";
import { PriceDisplayContext } from "./components/money/price";
import { currencyShell } from "./services/currency-shell.server";
import { requestTimeZone } from "./services/time-zone.server";

export const middleware: Route.MiddlewareFunction[] = [
  async ({ request, context }, next) => {
    // Storage failed under this request: this render shows the 503 page and runs nothing else.
    if (context.get(requestRecord)?.unavailable)
      throw data(UNAVAILABLE.text, { status: 503, statusText: "Service Unavailable" });
    const app = context.get(appContext);
    const timeZone = requestTimeZone(request, !app.config.isDev);
    // A GET reads the visit with its first batch (decisions 0115, 0116).
    const state = await requestStateOf(request, app, timeZone, context.get(requestRecord));
    context.set(requestState, state);
    const response = await next();
    await state.visit;
    keepToastForDataOnly(request, response, app.config);
    for (const cookie of state.setCookies) response.headers.append("set-cookie", cookie);
    // Made for the session's user (their hearts, their follows), even one whose visit found them gone.
    markPersonal(response, state.viewerId !== null);
    return response;
  },
];

export const meta: Route.MetaFunction = ({ error }) => {
  if (!error) return [];
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const unavailable = isRouteErrorResponse(error) && error.status === 503;
  return [
    {
      title: notFound
        ? "Page not found | Closetloop"
        : unavailable
          ? `${UNAVAILABLE.title} | Closetloop`
          : "Something went wrong | Closetloop",
    },
  ];
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const state = context.get(requestState);
  const url = new URL(request.url);
  const [social, settings, consent, flash, basketCount, currency] = await Promise.all([
    cachedSocialLinks(app.env, app.db),
    cachedSiteSettings(app.env, app.db),
    readConsent(request),
    takeToast(request, app.config),
    // Read with the session on GET; after an action, read again (the action may have changed it).
    state.visit.then(() =>
      state.user && request.method !== "GET" ? cartCount(app.db, state.user.id) : state.cartCount,
    ),
    // The display currency and its rate (decision 0084): part of the page cache's key.
    currencyShell(context.get(displayCurrency), app.db, Date.now()),
  ]);
  // Do Not Track / Global Privacy Control count as "Reject Non-Essential" until a choice is made.
  const declined = request.headers.get("dnt") === "1" || request.headers.get("sec-gpc") === "1";
  flash.headers?.forEach((value, key) => key === "set-cookie" && state.setCookies.push(value));
  return data({
    user: state.user && headerUser(state.user),
    cartCount: basketCount,
    social,
    settings,
    consent:
      consent ??
      (declined
        ? decideConsent("reject_non_essential", { analytics: false, marketing: false, preferences: false }, new Date())
        : null),
    customizeCookies: url.searchParams.get("cookies") === "customize",
    search: url.searchParams.get("search") ?? "",
    toast: flash.toast,
    year: new Date().getUTCFullYear(),
    currency,
  });
}

export function shouldRevalidate({
  formMethod,
  currentUrl,
  nextUrl,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  // Plain navigations between pages keep the shell's data; submissions and search changes refresh it.
  if (formMethod && formMethod !== "GET") return true;
  if (currentUrl.searchParams.get("search") !== nextUrl.searchParams.get("search")) return true;
  if (currentUrl.searchParams.get("cookies") !== nextUrl.searchParams.get("cookies")) return true;
  return defaultShouldRevalidate;
}

declare global {
  interface Window {
    dataLayer?: Record<string, unknown>[];
  }
}

function usePageViews(analytics: boolean) {
  const location = useLocation();
  useEffect(() => {
    if (!analytics) return;
    window.dataLayer ??= [];
    window.dataLayer.push({ event: "page_view", page_path: location.pathname + location.search });
  }, [analytics, location.pathname, location.search]);
}

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  // Site settings (decision 0034): the favicon staff uploaded, else the built-in one.
  const favicon = useRouteLoaderData<typeof loader>("root")?.settings.favicon ?? DEFAULT_SETTINGS.favicon;
  return (
    <html lang="en-GB">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#1f3d36" />
        {favicon === DEFAULT_SETTINGS.favicon ? (
          <link rel="icon" href={favicon} type="image/svg+xml" />
        ) : (
          <link rel="icon" href={favicon} />
        )}
        <Meta />
        <Links />
      </head>
      <body className="min-h-screen bg-stone-50 font-sans text-stone-900 antialiased">
        {children}
        <ScrollRestoration nonce={nonce} />
        <TimeZoneScript nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

function Shell({ children }: { children: React.ReactNode }) {
  const shell = useRouteLoaderData<typeof loader>("root");
  usePageViews(Boolean(shell?.consent?.analytics));
  // A shared page served to a signed-in visitor carries their header values (components/personal.ts).
  const personal = usePersonal(shell);
  useEndOfHydration();
  return (
    <PriceDisplayContext.Provider value={shell?.currency.prices ?? null}>
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:p-2"
      >
        Skip to content
      </a>
      <Header
        user={personal ? personal.user : (shell?.user ?? null)}
        cartCount={personal ? personal.cartCount : (shell?.cartCount ?? 0)}
        search={shell?.search ?? ""}
      />
      <main id="main" className="mx-auto min-h-[50vh] max-w-7xl px-4 py-6">
        {/* Fixed to the top of the window; inside a landmark so that, while shown, it is part of the page's content. */}
        <ProgressBar />
        <FocusRefusedField />
        {children}
      </main>
      <Footer
        social={shell?.social ?? {}}
        settings={shell?.settings ?? DEFAULT_SETTINGS}
        year={shell?.year ?? new Date().getUTCFullYear()}
        currency={shell?.currency ?? null}
      />
      {/* One box at the foot of the screen: the toasts stand above the cookie bar while it is shown, never over its buttons. */}
      <div className="pointer-events-none fixed inset-x-0 bottom-0 z-50 flex flex-col">
        <Toaster flash={shell?.toast ?? null} />
        {shell && (!shell.consent || shell.customizeCookies) ? (
          <CookieConsent customizeOpen={shell.customizeCookies} current={shell.consent} />
        ) : null}
      </div>
    </PriceDisplayContext.Provider>
  );
}

export default function App() {
  return (
    <Shell>
      <Outlet />
    </Shell>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <Shell>
        <PageNotFound />
      </Shell>
    );
  }
  if (isRouteErrorResponse(error) && error.status === 503) {
    return (
      <Shell>
        <section className="mx-auto max-w-xl py-16 text-center">
          <h1 className="text-3xl font-bold">{UNAVAILABLE.title}</h1>
          <p className="mt-3 text-stone-700">{UNAVAILABLE.text}</p>
          <div className="mt-6 flex justify-center gap-3">
            {/* Works without JavaScript: the same address again. */}
            <a href="" className="rounded-md bg-brand px-4 py-2 font-medium text-white">
              Try again
            </a>
            <a href="/" className="rounded-md border border-stone-300 px-4 py-2 font-medium">
              Home
            </a>
          </div>
        </section>
      </Shell>
    );
  }
  const details = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : "Unknown error";
  return (
    <Shell>
      <section className="mx-auto max-w-xl py-16 text-center">
        <h1 className="text-3xl font-bold">Something went wrong</h1>
        <p className="mt-3 text-stone-700">An unexpected error occurred. Please try refreshing the page.</p>
        <details className="mt-6 rounded-md border border-stone-200 bg-white p-4 text-left text-sm">
          <summary className="cursor-pointer font-medium">Error details</summary>
          <pre className="mt-2 break-words whitespace-pre-wrap">{details}</pre>
        </details>
        <div className="mt-6 flex justify-center gap-3">
          {/* "Try Again" clears the error by navigating to the same page again (works without JavaScript). */}
          <a href="" className="rounded-md bg-brand px-4 py-2 font-medium text-white">
            Try Again
          </a>
          <button
            type="button"
            onClick={() => window.location.reload()}
            className="rounded-md border border-stone-300 px-4 py-2 font-medium"
          >
            Refresh Page
          </button>
        </div>
      </section>
    </Shell>
  );
}
