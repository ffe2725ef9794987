import type { AppContext, RequestRecord, RequestState } from "../context";
import { NOBODY, readSession, sameSnapshot, visitOf, type UserSnapshot, type Visitor } from "./session.server";

// The request's state the root middleware fills (app/context.ts): who is signed in, their basket's
// count and the cookies to send. A request that may change something (an action) reads the visit
// first, and so does a GET of a page that does not say otherwise. Some GETs read it with the page's
// first batch of reads instead, one D1 round trip fewer (decisions 0115, 0116):
// - a page every visitor shares needs only who the session names (`viewerId`) before the visit;
// - a page that says `visitRides = true` authorizes with the user as the session kept them at their last visit (their
//   role, names and e-mail, in the session's record in KV: never the browser's word). The visit that
//   rides with the page's batch checks it: when the user is no longer the one kept (a role taken
//   away, an account deactivated, a name changed), the request is marked (`visitStale`) and
//   workers/app.ts throws the page away and renders it again, the visit read first.

/** The state of a request whose visit was read before anything else runs. */
function visitedState(visitor: Visitor, timeZone: string | null): RequestState {
  return {
    user: visitor.user,
    viewerId: visitor.user?.id ?? null,
    visit: Promise.resolve(),
    cartCount: visitor.cartCount,
    setCookies: visitor.setCookie ? [visitor.setCookie] : [],
    timeZone,
  };
}

/**
 * The request's state. A GET (not asked to read the visit first) lets its visit ride with its first
 * batch on a page every visitor shares, or on a page that lets it when the session kept its user
 * (`record.visitRides`).
 */
export async function requestStateOf(
  request: Request,
  app: AppContext,
  timeZone: string | null,
  record: RequestRecord | null,
): Promise<RequestState> {
  // A GET of a page whose visit rides (a shared page, a dashboard, the account, an order, a
  // conversation) reads the session as a stitched page does: a record read in this isolate in the
  // last seconds (decisions 0140, 0143), which the visit checks against when the user's sessions
  // last ended. Any other request, and a page rendered again because its visit found the user
  // changed, reads KV.
  const page = (record?.visitRides === "shared" || record?.visitRides === "kept") && !record.visitFirst;
  const session = await readSession(request, app, { remembered: page });
  if (!session) return visitedState(NOBODY, timeZone);
  const kept = session.stored.user;
  const rides = record?.visitRides === "shared" || (record?.visitRides === "kept" && kept !== undefined);
  if (!record || record.visitFirst || !rides) return visitedState(await visitOf(app, session), timeZone);
  return ridingState(
    visitOf(app, session, Date.now(), [], { ride: true }),
    session.stored.userId,
    kept,
    timeZone,
    record,
  );
}

/**
 * The state of a request whose visit rides with its first batch: `cartCount` and the user as read
 * now are filled when `visit` settles. Before, `user` is the user the session kept (and the request
 * is marked stale if the visit finds another); without one it refuses to be read (a loader of a
 * shared page reads `viewerId`). A visit that failed (storage unavailable) throws its error where
 * `user` is read, as the visit read first would have.
 */
function ridingState(
  visit: Promise<Visitor>,
  viewerId: string,
  kept: UserSnapshot | undefined,
  timeZone: string | null,
  record: RequestRecord,
): RequestState {
  let visitor: Visitor | null = null;
  let failure: { error: unknown } | null = null;
  let keptWasRead = false;
  const state: RequestState = {
    get user() {
      if (failure) throw failure.error;
      if (visitor) return visitor.user;
      if (!kept) throw new Error("The visit rides with this page's first batch: read viewerId, or await visit first");
      keptWasRead = true;
      return kept as RequestState["user"];
    },
    // A page that marked notices read takes them off the header's counts, once the visit is read.
    set user(user) {
      if (!visitor)
        throw new Error("The visit rides with this page's first batch: await visit before changing the user");
      visitor = { ...visitor, user } as Visitor;
    },
    viewerId,
    visit: visit.then(
      (found) => {
        visitor = found;
        state.cartCount = found.cartCount;
        if (found.setCookie) state.setCookies.push(found.setCookie);
        if (keptWasRead && !sameSnapshot(found.user, kept)) record.visitStale = true;
      },
      (error: unknown) => {
        failure = { error };
      },
    ),
    cartCount: 0,
    setCookies: [],
    timeZone,
  };
  return state;
}
