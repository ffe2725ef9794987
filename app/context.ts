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
  /**
   * The signed-in user. On a GET whose visit rides with its first batch (decisions 0115, 0116) it
   * is, until `visit` settles, the user the session kept, checked by the visit; without one, reading
   * it before throws (a shared page's loaders use `viewerId`).
   */
  user: SessionUser | null;
  /** The user the session names, known before their visit is read; null when signed out. */
  viewerId: string | null;
  /** Settles when `user`, `cartCount` and the session's cookie are known (never rejects). */
  visit: Promise<void>;
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
  /** How this GET's visit may ride with its first batch of reads (stitch-gate.server.ts `visitRidesOn`). */
  visitRides?: "shared" | "kept" | false;
  /** Read the visit first: this render is again a page whose riding visit found another user (decision 0116). */
  visitFirst?: boolean;
  /** Set when this render authorized with the user the session kept and its visit found another (decision 0116). */
  visitStale?: boolean;
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
