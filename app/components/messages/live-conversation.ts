// The live part of a conversation's page (issue 26; JavaScript only): a socket to the conversation's
// Durable Object that brings new messages and the parties' read states, and sends replies.
import { useEffect, useRef, useState } from "react";
import type { MessageView, Party } from "../../domain/messages";

type ServerFrame =
  | { type: "message"; message: MessageView; token: string | null }
  | { type: "state"; party: Party; readSeq: number; deliveredSeq: number }
  | { type: "error"; token: string | null; error: string };

/**
 * The live part (JavaScript only): a socket to the conversation's object. Returns the messages
 * that arrived, the parties' states, and a sender for the reply form (null while closed).
 */
export function useLiveConversation(
  conversationId: string,
  party: Party | null,
  initial: { messages: MessageView[]; states: Record<Party, { readSeq: number; deliveredSeq: number }> },
) {
  const [messages, setMessages] = useState(initial.messages);
  const [states, setStates] = useState(initial.states);
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<{ token: string | null; text: string } | null>(null);
  const socket = useRef<WebSocket | null>(null);
  useEffect(() => {
    setMessages(initial.messages);
    setStates(initial.states);
  }, [initial.messages, initial.states]);
  useEffect(() => {
    let closed = false;
    let retry: ReturnType<typeof setTimeout> | undefined;
    const connect = () => {
      const ws = new WebSocket(
        `${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/account/messages/${conversationId}/live`,
      );
      socket.current = ws;
      ws.onopen = () => setOpen(true);
      ws.onclose = () => {
        setOpen(false);
        if (!closed) retry = setTimeout(connect, 3000);
      };
      ws.onmessage = (event) => {
        let frame: ServerFrame;
        try {
          frame = JSON.parse(String(event.data)) as ServerFrame;
        } catch {
          return;
        }
        if (frame.type === "message") {
          const m = frame.message;
          setMessages((list) =>
            list.some((x) => x.seq === m.seq) ? list : [...list, m].sort((a, b) => a.seq - b.seq),
          );
          if (party && m.party !== party && document.visibilityState === "visible")
            ws.send(JSON.stringify({ type: "read", seq: m.seq }));
        } else if (frame.type === "state") {
          setStates((s) => ({ ...s, [frame.party]: { readSeq: frame.readSeq, deliveredSeq: frame.deliveredSeq } }));
        } else if (frame.type === "error") {
          setError({ token: frame.token, text: frame.error });
        }
      };
    };
    connect();
    return () => {
      closed = true;
      clearTimeout(retry);
      socket.current?.close(1000, "Page left");
    };
  }, [conversationId, party]);
  const send =
    open && party
      ? (text: string, token: string) => socket.current?.send(JSON.stringify({ type: "send", text, token }))
      : null;
  return { messages, states, send, error, clearError: () => setError(null) };
}
