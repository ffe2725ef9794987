import type { AppContext, RequestState } from "../context";
import { currentUser, ridingVisitor, type Visitor } from "./session.server";

// The request's state the root middleware fills (app/context.ts): who is signed in, their basket's
// count and the cookies to send. Most requests read the visit first. A GET of a page every visitor
// shares reads it with the page's first batch of reads instead (decision 0115): one D1 round trip
// fewer for a signed-in visitor; its loaders use `viewerId`, the user the session names.

/** The state of a request whose visit is read before anything else runs. */
export async function visitedState(request: Request, app: AppContext, timeZone: string | null): Promise<RequestState> {
  const visitor = await currentUser(request, app);
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
 * The state of a request whose visit rides with its first batch: `user` and `cartCount` are filled
 * when `visit` settles, and `user` refuses to be read before (a loader that needs it before its
 * batch would otherwise see nobody). A visit that failed (storage unavailable) throws its error
 * where `user` is read, as the visit read first would have.
 */
export async function ridingState(request: Request, app: AppContext, timeZone: string | null): Promise<RequestState> {
  const { viewerId, visit } = await ridingVisitor(request, app);
  let visitor: Visitor | null = null;
  let failure: { error: unknown } | null = null;
  const state: RequestState = {
    get user() {
      if (failure) throw failure.error;
      if (!visitor)
        throw new Error("The visit rides with this page's first batch: read viewerId, or await visit first");
      return visitor.user;
    },
    viewerId,
    visit: visit.then(
      (found) => {
        visitor = found;
        state.cartCount = found.cartCount;
        if (found.setCookie) state.setCookies.push(found.setCookie);
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
