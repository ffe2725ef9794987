import { data } from "react-router";
import type { Route } from "./+types/outbox";
import { appContext } from "../../context";
import { localOutbox } from "../../data/local-dev.server";
import { renderEmail } from "../../services/email-render.server";
import { EmailMessage } from "../../domain/queue-messages";

const HTML_SHOWN = 20;

// Local development only: the e-mails and marketing calls that the queue delivered to the
// local outbox, newest first, so a newcomer can open a verification link. Its layout
// (routes/areas/dev.tsx) answers 404 outside development or to any address but this machine.
export const meta: Route.MetaFunction = () => [
  { title: "Local outbox | Closetloop" },
  { name: "robots", content: "noindex" },
];

export async function loader({ context }: Route.LoaderArgs) {
  const app = context.get(appContext);
  if (!app.config.isDev) throw data("Not found", { status: 404 });
  const messages = await localOutbox(app.db);
  // Each e-mail as it was sent (issue 23): the HTML part rendered as the consumer renders it, for
  // the newest HTML_SHOWN (rendering is a few milliseconds each), and the text part.
  const now = Date.now();
  const shown = await Promise.all(
    messages.map(async ({ payload, ...m }, i) => {
      const email = EmailMessage.safeParse(payload);
      if (m.channel !== "email" || !email.success || i >= HTML_SHOWN) return { ...m, html: null, text: m.body };
      const rendered = await renderEmail(app.config, email.data, now);
      return { ...m, html: rendered.html ?? null, text: rendered.text };
    }),
  );
  return { messages: shown };
}

function Linkified({ text }: { text: string }) {
  const parts = text.split(/(https?:\/\/\S+)/g);
  return (
    <p className="text-sm break-words whitespace-pre-wrap">
      {parts.map((part, i) =>
        /^https?:\/\//.test(part) ? (
          <a key={i} href={part} className="text-brand underline">
            {part}
          </a>
        ) : (
          part
        ),
      )}
    </p>
  );
}

export default function Outbox({ loaderData }: Route.ComponentProps) {
  return (
    <section className="space-y-4">
      <h1 className="text-2xl font-bold">Local outbox</h1>
      <p className="text-stone-700">
        E-mails and marketing calls delivered locally, newest first. This page exists only in local development.
      </p>
      {loaderData.messages.length === 0 ? <p>No messages yet.</p> : null}
      <ul className="space-y-3">
        {loaderData.messages.map((m) => (
          <li key={m.id} className="rounded-lg border border-stone-200 bg-white p-4">
            <p className="text-xs tracking-wide text-stone-600 uppercase">
              {m.channel} · {m.kind} · {m.status} ·{" "}
              <time dateTime={new Date(m.createdAt).toISOString()}>
                {new Date(m.createdAt).toISOString().replace("T", " ").slice(0, 19)}
              </time>
            </p>
            <p className="font-medium">To: {m.recipient}</p>
            {m.subject ? <h2 className="font-semibold">{m.subject}</h2> : null}
            {m.html ? (
              <iframe
                title={`HTML version: ${m.subject ?? m.kind}`}
                sandbox=""
                srcDoc={m.html}
                className="mt-2 h-96 w-full rounded border border-stone-200 bg-white"
                loading="lazy"
              />
            ) : null}
            {m.text ? (
              <>
                {m.html ? (
                  <p className="mt-2 text-xs font-semibold tracking-wide text-stone-600 uppercase">Text version</p>
                ) : null}
                <Linkified text={m.text} />
              </>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
