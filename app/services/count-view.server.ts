import { viewedPage, type ViewedPage } from "../domain/views";
import type { ViewMessage } from "../domain/queue-messages";

// The request side of counted views (views.server.ts counts them in the queue consumer): kept
// apart so that every request's import is this, not the tables the counting writes (decision 0096).
//
// Views are gathered per isolate (decision 0103): the first view starts a gathering that is sent a
// second later as one message per page viewed, each with its number of views, in one sendBatch.
// One queue send per second per isolate instead of one per view: at 700 views a second the
// send and the consumer's batches were the costliest part of a cached profile page.

/** How long an isolate gathers views before it sends them. */
export const GATHER_MS = 1000;
/** Queues.sendBatch takes at most 100 messages: a gathering of 100 pages is full, the next view starts another. */
const MAX_PAGES = 100;

let gathering: Map<string, ViewMessage> | null = null;

/** After a response: gather the view it was, if it was one. Never throws into the request. */
export function countView(
  env: Env,
  request: Request,
  status: number,
  waitUntil: (work: Promise<unknown>) => void,
  now: number,
) {
  const page = viewedPage(request, status);
  if (!page) return;
  if (!gathering) {
    const views = new Map<string, ViewMessage>();
    gathering = views;
    waitUntil(
      new Promise((resolve) => setTimeout(resolve, GATHER_MS))
        .then(() => {
          if (gathering === views) gathering = null;
          return env.NOTIFICATIONS.sendBatch([...views.values()].map((body) => ({ body, contentType: "json" })));
        })
        .catch((error: unknown) => console.warn("views: not queued", error)),
    );
  }
  // By page alone: a gathering lasts a second, and its views count in the week of its first.
  // (Not dates.ts here: its formatters would load the locale data where the Worker starts.)
  const key = pageKey(page);
  const seen = gathering.get(key);
  if (seen) seen.n += 1;
  else gathering.set(key, { key: `view:${crypto.randomUUID()}`, type: "view", ...page, at: now, n: 1 });
  if (gathering.size >= MAX_PAGES) gathering = null;
}

function pageKey(page: ViewedPage) {
  return page.page === "profile" ? `profile\u0000${page.displayName}` : `${page.page}\u0000${page.id}`;
}
