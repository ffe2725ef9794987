import { data, Form, Link } from "react-router";
import type { Route } from "./+types/conversation";
import { appContext, requestState } from "../../context";
import { auditStatement } from "../../data/audit.server";
import { conversationById } from "../../data/conversations.server";
import { readReportedConversation } from "../../data/reported-conversation.server";
import {
  closeReportsStatement,
  liftSuspensionStatement,
  reportsOf,
  suspendStatement,
} from "../../data/conversation-safety.server";
import { dateTimeFor, formatShortDate } from "../../domain/dates";
import { readIntent } from "../../domain/intents";
import { validReportReason } from "../../domain/messages";
import { requireAdminTab } from "../../services/guards.server";
import { redirectWithToast } from "../../services/toast.server";
import { ItemCard, MessageText } from "../../components/messages/parts";
import { Panel } from "../../components/kit/panel";
import { notFoundBoundary } from "../../components/not-found";

// A reported conversation, as staff read it (issue 26, item 5). Staff read a conversation only
// through a report: one that was never reported reads as missing. Every read is written to the
// audit log. Staff may suspend a sender (their messages stop; their listings stay) and close
// the report.

export const meta: Route.MetaFunction = () => [
  { title: "Reported conversation | Admin | Closetloop" },
  { name: "robots", content: "noindex" },
];

const notFound = () => data("Conversation not found", { status: 404 });

/** A reported conversation, for staff of the Messages tab's actions; one never reported reads as missing. */
async function openReported({ request, context, params }: Route.LoaderArgs | Route.ActionArgs) {
  const user = requireAdminTab(context, request, "messages");
  const app = context.get(appContext);
  const [conversation, reports] = await Promise.all([
    conversationById(app.db, params.conversationId),
    reportsOf(app.db, params.conversationId),
  ]);
  if (!conversation || reports.length === 0) throw notFound();
  return { app, user, conversation, reports };
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = requireAdminTab(context, request, "messages");
  const app = context.get(appContext);
  // One batch: the conversation, its reports and messages, the suspensions and the read's audit row (decision 0106).
  const read = await readReportedConversation(app.db, params.conversationId, user.id, Date.now(), 500);
  if (!read) throw notFound();
  const { conversation, reports, messages, suspended } = read;
  const handlerUserId = conversation.sellerId ?? conversation.storeOwnerId;
  return {
    conversation: {
      id: conversation.id,
      productId: conversation.productId,
      productName: conversation.productName,
      productImage: conversation.productImage,
      productLive: conversation.productLive,
      shopperName: conversation.shopperName,
      handlerName: conversation.handlerName,
    },
    parties: [
      {
        party: "shopper" as const,
        userId: conversation.shopperId,
        name: conversation.shopperName,
        suspended: conversation.shopperId ? suspended.has(conversation.shopperId) : false,
      },
      {
        party: "handler" as const,
        userId: handlerUserId,
        name: conversation.handlerName,
        suspended: handlerUserId ? suspended.has(handlerUserId) : false,
      },
    ],
    messages,
    reports,
    ownHost: new URL(request.url).hostname,
    // Message times in the reader's zone (decision 0095).
    zone: context.get(requestState).timeZone,
  };
}

export const intents = ["suspend", "lift_suspension", "close_report"] as const;

export async function action(args: Route.ActionArgs) {
  const { request } = args;
  const { app, user, conversation } = await openReported(args);
  const form = await request.formData().catch(() => null);
  const intent = form ? readIntent(form, intents) : null;
  if (!form || !intent) return data({ error: "Unknown action." }, { status: 400 });
  const here = `/admin/messages/${conversation.id}`;
  const now = Date.now();
  if (intent === "close_report") {
    await app.db.$client.batch([closeReportsStatement(app.db, conversation.id, user.id, now)]);
    await auditStatement(
      app.db,
      { actorId: user.id, action: "conversation.close_report", targetType: "conversation", targetId: conversation.id },
      now,
    );
    return redirectWithToast(app.config, "/admin/messages", { type: "success", title: "Report closed" });
  }
  // Only one of this conversation's two parties can be suspended from here.
  const sender = String(form.get("userId") ?? "");
  const senders = [conversation.shopperId, conversation.sellerId ?? conversation.storeOwnerId].filter(Boolean);
  if (!senders.includes(sender)) return data({ error: "Choose a sender of this conversation." }, { status: 400 });
  // A suspension says why (decision 0068): it is kept with it and in the audit log.
  const reason =
    intent === "suspend" ? validReportReason(form.get("reason"), "Say why their messages are suspended") : null;
  if (reason && !reason.ok) return data({ error: reason.error, suspendOf: sender }, { status: 400 });
  const why = reason?.ok ? reason.reason : null;
  await app.db.$client.batch([
    intent === "suspend"
      ? suspendStatement(app.db, sender, user.id, why, now)
      : liftSuspensionStatement(app.db, sender),
  ]);
  await auditStatement(
    app.db,
    {
      actorId: user.id,
      action: intent === "suspend" ? "user.suspend_messages" : "user.lift_message_suspension",
      targetType: "user",
      targetId: sender,
      detail: { conversationId: conversation.id, ...(why ? { reason: why } : {}) },
    },
    now,
  );
  return redirectWithToast(app.config, here, {
    type: "success",
    title: intent === "suspend" ? "Sender suspended" : "Suspension lifted",
    description: intent === "suspend" ? "Their messages stop; their listings stay." : undefined,
  });
}

export default function ReportedConversation({ loaderData, actionData }: Route.ComponentProps) {
  const { conversation, parties, messages, reports, ownHost } = loaderData;
  const nameOf = (party: string) => parties.find((p) => p.party === party)?.name ?? "";
  const refusedFor = actionData && "suspendOf" in actionData ? actionData.suspendOf : null;
  return (
    <div className="space-y-4">
      <p>
        <Link to="/admin/messages" className="text-sm text-brand underline">
          All reported conversations
        </Link>
      </p>
      <h2 className="text-xl font-bold">
        {conversation.shopperName} · {conversation.handlerName}
      </h2>
      <ItemCard
        productId={conversation.productId}
        name={conversation.productName}
        image={conversation.productImage}
        live={conversation.productLive}
      />
      {actionData && "error" in actionData && !refusedFor ? (
        <p role="alert" className="text-sm text-red-700">
          {actionData.error}
        </p>
      ) : null}
      <Panel title="Reports">
        <ul className="space-y-1 text-sm">
          {reports.map((r) => (
            <li key={r.id}>
              {formatShortDate(r.createdAt, loaderData.zone)} · {r.reporterName}: {r.reason}
              {r.closedAt ? " (closed)" : ""}
            </li>
          ))}
        </ul>
        {reports.some((r) => r.closedAt === null) ? (
          <Form method="post" className="mt-2">
            <button
              type="submit"
              name="intent"
              value="close_report"
              className="rounded-md border border-stone-300 px-3 py-1.5 text-sm"
            >
              Close report
            </button>
          </Form>
        ) : null}
      </Panel>
      <Panel title="Senders">
        <ul className="space-y-2 text-sm">
          {parties.map((p) => (
            <li key={p.party} className="flex flex-wrap items-center gap-2">
              <span className="font-medium">{p.name}</span>
              <span className="text-stone-600">({p.party === "shopper" ? "shopper" : "seller or store"})</span>
              {p.suspended ? <span className="rounded bg-red-100 px-2 py-0.5 text-red-900">Suspended</span> : null}
              {p.userId && p.suspended ? (
                <Form method="post">
                  <input type="hidden" name="userId" value={p.userId} />
                  <button
                    type="submit"
                    name="intent"
                    value="lift_suspension"
                    className="underline"
                  >{`Lift ${p.name}'s suspension`}</button>
                </Form>
              ) : p.userId ? (
                // Two steps, with a reason: a suspension is not one stray click (decision 0068).
                <details open={refusedFor === p.userId || undefined}>
                  <summary className="cursor-pointer underline">{`Suspend ${p.name}`}</summary>
                  <Form method="post" className="mt-2 space-y-2">
                    <input type="hidden" name="userId" value={p.userId} />
                    <label htmlFor={`reason-${p.party}`} className="block font-medium">
                      Why? (kept with the suspension)
                    </label>
                    <textarea
                      id={`reason-${p.party}`}
                      name="reason"
                      rows={2}
                      maxLength={500}
                      required
                      aria-invalid={refusedFor === p.userId || undefined}
                      className="w-full rounded-md border border-stone-300 p-2"
                    />
                    {refusedFor === p.userId ? (
                      <p role="alert" className="text-red-700">
                        {actionData?.error}
                      </p>
                    ) : null}
                    <button
                      type="submit"
                      name="intent"
                      value="suspend"
                      className="rounded-md bg-red-700 px-3 py-1.5 font-medium text-white"
                    >{`Suspend ${p.name}'s messages`}</button>
                  </Form>
                </details>
              ) : null}
            </li>
          ))}
        </ul>
      </Panel>
      <Panel title="Messages">
        <ol className="space-y-2" aria-label="Messages">
          {messages.map((m) => (
            <li key={m.seq} className="rounded-md bg-stone-50 p-2 text-sm" data-testid="message">
              <p className="text-xs text-stone-600">
                {nameOf(m.party)} · {dateTimeFor(m.createdAt, loaderData.zone)}
              </p>
              <MessageText body={m.body} ownHost={ownHost} />
            </li>
          ))}
        </ol>
      </Panel>
    </div>
  );
}

export const ErrorBoundary = notFoundBoundary({
  title: "Conversation not found",
  message: "Staff read a conversation only once it has been reported.",
  back: { to: "/admin/messages", label: "Back to Reported messages" },
});
