import { Suspense, type ReactElement } from "react";
import { renderToReadableStream } from "react-dom/server.node";
import type { AppConfig } from "../env.server";
import { categoryOf, reasonFor, UNSUBSCRIBABLE } from "../domain/notifications";
import { signUnsubscribe, UNSUBSCRIBE_TTL_MS } from "../domain/unsubscribe";
import { NoticeEmail } from "../emails/notice";
import type { RenderedEmail } from "./providers.server";
import { siteLink } from "./links.server";

// An e-mail message as it is sent (issue 23, item 4): its HTML part rendered from the React
// component with React Email, its text part as written, the footer's reason from its category,
// and for marketing and alerts a signed one-click unsubscribe link and the List-Unsubscribe
// headers (RFC 8058). The queue consumer renders at delivery; the local outbox page renders the
// same way to show it.

type Message = Omit<RenderedEmail, "html" | "headers">;

const XHTML_DOCTYPE =
  '<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd">';

/**
 * React Email's document, rendered as its `render` does without `pretty` (decision 0077): the
 * element inside a Suspense boundary, read to the end, behind the XHTML doctype. Calling its
 * `render` instead would bundle the code formatter (Prettier) and html-to-text it imports at
 * the top for options we never use: 1.8 MB of the Worker and much of its startup.
 */
export async function renderEmailHtml(element: ReactElement) {
  const stream = await renderToReadableStream(<Suspense>{element}</Suspense>, {
    progressiveChunkSize: Number.POSITIVE_INFINITY,
  });
  await stream.allReady;
  const html = await new Response(stream).text();
  return `${XHTML_DOCTYPE}${html.replace(/<!DOCTYPE.*?>/, "")}`;
}

/** The signed unsubscribe page of a message's recipient and category, when it has one. */
export async function unsubscribeUrl(
  config: Pick<AppConfig, "siteUrl" | "SESSION_SECRET">,
  message: Message,
  now: number,
) {
  const category = message.category ?? categoryOf(message.kind);
  if (!UNSUBSCRIBABLE.has(category)) return null;
  const who = message.userId ? `u:${message.userId}` : `e:${message.to.toLowerCase()}`;
  const token = await signUnsubscribe({ who, category, expires: now + UNSUBSCRIBE_TTL_MS }, config.SESSION_SECRET);
  return siteLink(config, `/unsubscribe?token=${encodeURIComponent(token)}`);
}

export async function renderEmail(
  config: Pick<AppConfig, "siteUrl" | "SESSION_SECRET">,
  message: Message,
  now: number,
): Promise<RenderedEmail> {
  const unsubscribe = await unsubscribeUrl(config, message, now);
  const reason = message.reason ?? reasonFor(message.kind);
  const html = await renderEmailHtml(
    <NoticeEmail
      siteUrl={config.siteUrl}
      subject={message.subject}
      text={message.text}
      cta={message.cta}
      reason={reason}
      unsubscribeUrl={unsubscribe ?? undefined}
    />,
  );
  const footer = `\n\n--\n${reason}${unsubscribe ? `\nUnsubscribe: ${unsubscribe}` : ""}\n`;
  const cta =
    message.cta && !message.text.includes(message.cta.url) ? `\n\n${message.cta.label}: ${message.cta.url}` : "";
  return {
    ...message,
    text: `${message.text.trimEnd()}${cta}${footer}`,
    html,
    ...(unsubscribe
      ? { headers: { "List-Unsubscribe": `<${unsubscribe}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" } }
      : {}),
  };
}
