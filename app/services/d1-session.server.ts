import { cookieValue } from "../domain/cookies";

// Reads through D1's Sessions API (issue 17, item 4; docs/decisions/0037-d1-sessions.md). With
// global read replicas a query may be answered by a copy of the database near the visitor, which
// can lag the primary. A session pins the consistency a request needs:
// - a request carrying the visitor's bookmark cookie reads at least as new as that bookmark, so
//   a user always sees their own writes (their order, their edited product, their new password);
// - a write (POST) or a signed-in page without a bookmark starts on the primary;
// - an anonymous page without one may read the nearest replica: its shared pages are cached for
//   seconds anyway, and stock it reserves is decided by a write on the primary at checkout.
// After a write (any POST) the session's latest bookmark goes back in the cookie.

export const BOOKMARK_COOKIE = "cl_d1";
/** A bookmark is a few hyphen-separated hex numbers; anything else in the cookie is ignored. */
const BOOKMARK = /^[0-9a-f]{1,64}(?:-[0-9a-f]{1,64}){1,7}$/i;

export function readBookmark(request: Request): string | null {
  const value = cookieValue(request.headers.get("cookie"), BOOKMARK_COOKIE);
  return value && value.length <= 300 && BOOKMARK.test(value) ? value : null;
}

/** Does the request carry a session cookie (a signed-in visitor, or one whose session ended)? */
export const hasSessionCookie = (request: Request) =>
  /(?:^|;\s*)(?:__Host-)?cl_session=/.test(request.headers.get("cookie") ?? "");

export type Consistency = "bookmark" | "primary" | "nearest";

/** Which consistency a request needs (the rules above). */
export function consistencyFor(request: Request, bookmark: string | null): Consistency {
  if (bookmark) return "bookmark";
  const reading = request.method === "GET" || request.method === "HEAD";
  return reading && !hasSessionCookie(request) ? "nearest" : "primary";
}

export interface ReadSession {
  d1: D1DatabaseSession;
  consistency: Consistency;
  /** The response with the session's latest bookmark in the cookie, when the visitor keeps one. */
  settle(response: Response): Response;
}

export function openReadSession(db: D1Database, request: Request, secure: boolean): ReadSession {
  const bookmark = readBookmark(request);
  const consistency = consistencyFor(request, bookmark);
  const d1 = db.withSession(
    consistency === "bookmark" ? bookmark! : consistency === "primary" ? "first-primary" : "first-unconstrained",
  );
  // Only a write moves the visitor's bookmark; pages set no cookie (anonymous ones are shared).
  const keeps = !(request.method === "GET" || request.method === "HEAD");
  return {
    d1,
    consistency,
    settle(response) {
      if (!keeps) return response;
      const latest = d1.getBookmark();
      if (!latest || latest === bookmark || !BOOKMARK.test(latest)) return response;
      const answer = new Response(response.body, response);
      answer.headers.append(
        "set-cookie",
        `${BOOKMARK_COOKIE}=${latest}; Path=/; HttpOnly; SameSite=Lax; Max-Age=86400${secure ? "; Secure" : ""}`,
      );
      return answer;
    },
  };
}
