import { viewedPage } from "../domain/views";
import type { ViewMessage } from "../domain/queue-messages";

// The request side of counted views (views.server.ts counts them in the queue consumer): kept
// apart so that every request's import is this, not the tables the counting writes (decision 0096).

/** After a response: queue the view it was, if it was one. Never throws into the request. */
export function countView(
  env: Env,
  request: Request,
  status: number,
  waitUntil: (work: Promise<unknown>) => void,
  now: number,
) {
  const page = viewedPage(request, status);
  if (!page) return;
  const message: ViewMessage = { key: `view:${crypto.randomUUID()}`, type: "view", ...page, at: now };
  waitUntil(env.NOTIFICATIONS.send(message).catch((error: unknown) => console.warn("views: not queued", error)));
}
