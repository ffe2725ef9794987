// The writing end of a conversation's page (issue 26; decision 0068): why writing is closed, the reply
// form, and blocking and reporting. Every one is a form that works without JavaScript.
import type { Dispatch, RefObject, SetStateAction } from "react";
import { Form } from "react-router";
import { MESSAGE_MAX_LENGTH } from "../../domain/messages";

/** Why this person cannot write here, if they cannot (a suspension, a block, a deleted item or account). */
export function WritingClosed({
  suspended,
  blocked,
  productGone,
  otherGone,
  otherName,
  contactEmail,
}: {
  suspended: boolean;
  blocked: { byMe: boolean; byThem: boolean };
  productGone: boolean;
  otherGone: boolean;
  otherName: string | null;
  contactEmail: string | null | undefined;
}) {
  return suspended ? (
    // Told before they write, with the way to support (decision 0068).
    <p className="rounded-md border border-red-200 bg-red-50 p-3 text-sm">
      {"Your messages are suspended: you can read your conversations but not write. Contact customer support"}
      {contactEmail ? (
        <>
          {" at "}
          <a href={`mailto:${contactEmail}`} className="underline">
            {contactEmail}
          </a>
        </>
      ) : null}
      .
    </p>
  ) : blocked.byMe ? (
    <Form
      method="post"
      className="flex flex-wrap items-center gap-2 rounded-md border border-stone-300 bg-stone-50 p-3 text-sm"
    >
      <span>You blocked {otherName}: neither of you can send new messages.</span>
      <button type="submit" name="intent" value="unblock" className="underline">
        Unblock
      </button>
    </Form>
  ) : blocked.byThem ? (
    <p className="rounded-md border border-stone-300 bg-stone-50 p-3 text-sm">
      You can't send messages in this conversation.
    </p>
  ) : productGone ? (
    <p className="rounded-md border border-stone-300 bg-stone-50 p-3 text-sm">
      This item was deleted: the conversation is closed.
    </p>
  ) : otherGone ? (
    <p className="rounded-md border border-stone-300 bg-stone-50 p-3 text-sm">
      The other person's account was deleted.
    </p>
  ) : null;
}

/** The reply form: over the socket when it is open, posted as without JavaScript otherwise. */
export function ReplyForm({
  token,
  text,
  setText,
  formError,
  live,
  lastSent,
}: {
  token: string;
  text: string;
  setText: Dispatch<SetStateAction<string>>;
  formError: string | null;
  live: { send: ((text: string, token: string) => void) | null; clearError: () => void };
  lastSent: RefObject<{ token: string; text: string } | null>;
}) {
  return (
    <Form
      method="post"
      className="space-y-2"
      onSubmit={(event) => {
        // With the socket open the reply goes over it; otherwise the form posts as it would without JavaScript.
        const body = text.trim();
        if (!live.send || !body || [...body].length > MESSAGE_MAX_LENGTH) return;
        event.preventDefault();
        live.clearError();
        lastSent.current = { token: crypto.randomUUID(), text };
        live.send(body, lastSent.current.token);
        setText("");
      }}
    >
      <input type="hidden" name="token" value={token} />
      <label htmlFor="body" className="block font-medium">
        Reply
      </label>
      <textarea
        id="body"
        name="body"
        rows={3}
        maxLength={MESSAGE_MAX_LENGTH}
        required
        value={text}
        onChange={(e) => setText(e.target.value)}
        aria-invalid={formError ? true : undefined}
        aria-describedby={formError ? "body-error" : undefined}
        className="w-full rounded-md border border-stone-300 p-2"
      />
      {formError ? (
        <p id="body-error" role="alert" className="text-sm text-red-700">
          {formError}
        </p>
      ) : null}
      <button type="submit" name="intent" value="send" className="rounded-md bg-brand px-4 py-2 font-medium text-white">
        Send
      </button>
    </Form>
  );
}

/** Block the other person, or report the conversation (a refused report opens again with its text and error). */
export function SafetyControls({
  blockable,
  otherName,
  reported,
  refusedReport,
}: {
  blockable: boolean;
  otherName: string | null;
  reported: boolean;
  refusedReport: { error: string; draft?: string } | null;
}) {
  return (
    <div className="flex flex-wrap gap-4 border-t border-stone-200 pt-4 text-sm">
      {blockable ? (
        <Form method="post">
          <button type="submit" name="intent" value="block" className="text-stone-700 underline">
            Block {otherName}
          </button>
        </Form>
      ) : null}
      {reported ? (
        <p className="text-stone-700">You reported this conversation: our team will read it.</p>
      ) : (
        // A refused report opens again with its text and its error, with JavaScript or without.
        <details open={refusedReport !== null || undefined}>
          <summary className="cursor-pointer text-stone-700 underline">Report this conversation</summary>
          <Form method="post" className="mt-2 space-y-2">
            <label htmlFor="reason" className="block font-medium">
              What is wrong?
            </label>
            <textarea
              id="reason"
              name="reason"
              rows={2}
              maxLength={500}
              required
              defaultValue={refusedReport?.draft}
              aria-invalid={refusedReport !== null || undefined}
              aria-describedby={refusedReport ? "reason-error" : undefined}
              className="w-full rounded-md border border-stone-300 p-2"
            />
            {refusedReport ? (
              <p id="reason-error" role="alert" className="text-sm text-red-700">
                {refusedReport.error}
              </p>
            ) : null}
            <button
              type="submit"
              name="intent"
              value="report"
              className="rounded-md border border-stone-300 px-3 py-1.5"
            >
              Report
            </button>
          </Form>
        </details>
      )}
    </div>
  );
}
