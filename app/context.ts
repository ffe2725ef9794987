import { createContext } from "react-router";
import type { AppConfig } from "./env.server";
import type { Database } from "./data/db.server";
import type { DisplayCurrency } from "./domain/currency";
import type { SessionUser } from "./domain/roles";

export interface AppContext {
  env: Env;
  config: AppConfig;
  ctx: ExecutionContext;
  db: Database;
}

/** What workers/app.ts hands every loader, action and middleware. */
export const appContext = createContext<AppContext>();

export interface RequestState {
  user: SessionUser | null;
  /** Lines in the signed-in visitor's basket when the request began (0 when signed out). */
  cartCount: number;
  /** Set-Cookie values any loader or action wants on this response; the root middleware sends them. */
  setCookies: string[];
  /** The reader's time zone (app/services/time-zone.server.ts), null when nothing says: dates then read in UK time. */
  timeZone: string | null;
}

/** Filled by the root middleware for every request. */
export const requestState = createContext<RequestState>();

/** What the Worker knows of the request beyond React Router (workers/app.ts; decision 0072). */
export interface RequestRecord {
  /** The request's id: Cloudflare's cf-ray when present, else a random one; in the 5xx log line and the x-request-id header. */
  id: string;
  /** Set when storage failed under a loader, action or middleware (entry.server.tsx's handleError). */
  storageFailed: boolean;
  /** This render only shows the site's 503 page: the root middleware refuses before anything runs. */
  unavailable: boolean;
}

export const requestRecord = createContext<RequestRecord | null>(null);

/**
 * The currency the request's prices show in (decision 0084), worked out once at the Worker's door
 * (services/display-currency.server.ts) and handed to every loader here: carrying it in a header
 * meant copying every request (4% of a listing's CPU; decision 0111).
 */
export const displayCurrency = createContext<DisplayCurrency>("GBP");
