// Conversations between shoppers and sellers (issue 26; docs/decisions/0053-conversations.md).
// Pure rules: who may read and write a conversation, what a message may be, how links show, the
// sending limits and the e-mail throttle. Time is passed in.
import { KB, type BodyLimit } from "./body-limit";

/** The two sides of a conversation: the shopper who asked, and the item's handler (its seller, or the store). */
export type Party = "shopper" | "handler";

/**
 * What a person without a display name is called to the other side of a conversation or an
 * order (a seller, a store): their full name is for the parcel only (issue 41, decision 0071).
 */
export const UNNAMED_MEMBER = "Closetloop member";

/** A message as a conversation's page shows it (and its live socket sends it). */
export interface MessageView {
  id: string;
  seq: number;
  party: Party;
  body: string;
  createdAt: number;
  deleted: boolean;
}

/** One line of an inbox: a conversation, its other side and its last message. */
export interface InboxRow {
  id: string;
  productId: string | null;
  productName: string;
  productImage: string | null;
  otherName: string;
  lastBody: string | null;
  /** Who wrote the last message. */
  lastBy: Party | null;
  lastAt: number;
  unread: number;
  /** Whose side the user is on here: their own conversation, or their store's. */
  as: Party | "reader";
}

/** Who wrote an inbox line's last message, as its reader sees it: 'You: ', or, to an owner reading their store's conversation, which side. */
export function lastAuthor(row: Pick<InboxRow, "as" | "lastBy" | "otherName">) {
  if (!row.lastBy) return "";
  if (row.as === "reader") return row.lastBy === "handler" ? "The store: " : `${row.otherName}: `;
  return row.lastBy === row.as ? "You: " : "";
}

/** A conversation as the membership rules see it. */
export interface ConversationMembers {
  shopperId: string | null;
  /** The seller handling the item (null for a concierge item). */
  sellerId: string | null;
  /** The user who runs the store handling a concierge item (null otherwise). */
  storeOwnerId: string | null;
  /** The item's owner: may read a concierge item's conversation. */
  ownerId: string | null;
}

/**
 * How a user stands in a conversation: a party (reads and writes), a reader (the owner of a
 * concierge item: reads only), or null (nobody: the page reads as missing). Staff are none of
 * these: they read a conversation only through a report (admin area).
 */
export type Membership = { role: "party"; party: Party } | { role: "reader" } | null;

export function membershipOf(conversation: ConversationMembers, userId: string): Membership {
  if (conversation.shopperId === userId) return { role: "party", party: "shopper" };
  if (conversation.sellerId === userId || conversation.storeOwnerId === userId)
    return { role: "party", party: "handler" };
  if (conversation.ownerId === userId && conversation.storeOwnerId !== null) return { role: "reader" };
  return null;
}

export const otherParty = (party: Party): Party => (party === "shopper" ? "handler" : "shopper");

/** Who handles an item in conversations: its store for a concierge item, else its seller. */
export function handlerOf(product: {
  ownerId: string;
  storeId: string | null;
  conciergeStatus: string;
}): { sellerId: string; storeId: null } | { sellerId: null; storeId: string } {
  return product.storeId && product.conciergeStatus === "yes"
    ? { sellerId: null, storeId: product.storeId }
    : { sellerId: product.ownerId, storeId: null };
}

// ---------------------------------------------------------------------------------------------
// Messages

export const MESSAGE_MAX_LENGTH = 2000;
export const MESSAGE_REQUIRED = "Write a message";
// "2,000" written out: a locale's number format at import costs the Worker's startup ~10 ms (decision 0096).
export const MESSAGE_TOO_LONG = `A message can be up to ${String(MESSAGE_MAX_LENGTH).replace(/\B(?=(\d{3})+$)/g, ",")} characters`;
/**
 * What a form carrying a message may weigh (the request gate, decision 0016): a message of the
 * longest length in any script (up to 4 bytes of UTF-8 a character, each byte 3 characters once
 * percent-encoded by a form without JavaScript), and the form's other fields. The default 16 KB
 * refused 2,000 characters of Chinese or 1,400 emoji before the action could say anything.
 */
export const MESSAGE_FORM_LIMIT: BodyLimit = { formBytes: MESSAGE_MAX_LENGTH * 12 + 8 * KB };
/** What a deleted account's messages show instead of their text (issue 26, item 6). */
export const MESSAGE_DELETED = "Message deleted";
/** The longest WebSocket frame the conversation accepts; a longer one closes the socket. */
export const FRAME_MAX_BYTES = 8 * 1024;
export const REPORT_REASON_MAX = 500;

/** A message's text, trimmed, or the reason it cannot be sent. Plain text: it is escaped wherever it shows. */
export function validMessage(raw: unknown): { ok: true; text: string } | { ok: false; error: string } {
  const text = typeof raw === "string" ? raw.replace(/\r\n?/g, "\n").trim() : "";
  if (!text) return { ok: false, error: MESSAGE_REQUIRED };
  // Counted in code points, as a person counts characters (an emoji is one).
  if ([...text].length > MESSAGE_MAX_LENGTH) return { ok: false, error: MESSAGE_TOO_LONG };
  return { ok: true, text };
}

/**
 * What a refused message's form shows again: the text as it was typed, when the box could hold it
 * (a longer one cannot come from the page's own box, and no answer repeats unbounded input).
 */
export const draftOf = (raw: unknown) => (typeof raw === "string" && [...raw].length <= MESSAGE_MAX_LENGTH ? raw : "");

/** A report's reason (or a suspension's, with its own words when it is missing), trimmed, or why it cannot be sent. */
export function validReportReason(
  raw: unknown,
  missing = "Tell us what is wrong",
): { ok: true; reason: string } | { ok: false; error: string } {
  const reason = typeof raw === "string" ? raw.trim() : "";
  if (!reason) return { ok: false, error: missing };
  if ([...reason].length > REPORT_REASON_MAX)
    return { ok: false, error: `A reason can be up to ${REPORT_REASON_MAX} characters` };
  return { ok: true, reason };
}

export const TOKEN_EXPIRED = "This form has expired. Reload the page and try again.";

/** A client token (a form's hidden field, a frame's id): what makes a replayed post one message. */
export function validToken(raw: unknown): string | null {
  return typeof raw === "string" && /^[A-Za-z0-9_-]{8,64}$/.test(raw) ? raw : null;
}

// ---------------------------------------------------------------------------------------------
// Links

/**
 * Hosts whose links are made clickable: our own site and the carriers whose tracking pages a
 * seller may point to. Any other address is shown as text, never as a link (a message is not a
 * way to send a shopper to a look-alike payment page).
 */
export const LINKABLE_HOSTS: readonly string[] = [
  "closetloop.com",
  "royalmail.com",
  "dpd.co.uk",
  "evri.com",
  "parcelforce.com",
  "ups.com",
  "dhl.com",
];

export type MessagePart = { text: string } | { text: string; href: string };

const URL_IN_TEXT = /\bhttps?:\/\/[^\s<>"']+|\bwww\.[^\s<>"']+/gi;

function linkable(candidate: string, ownHost: string | null): string | null {
  let url: URL;
  try {
    url = new URL(/^www\./i.test(candidate) ? `https://${candidate}` : candidate);
  } catch {
    return null;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return null;
  if (url.username || url.password) return null;
  const host = url.hostname.toLowerCase();
  const allowed = [...LINKABLE_HOSTS, ...(ownHost ? [ownHost.toLowerCase()] : [])];
  return allowed.some((h) => host === h || host.endsWith(`.${h}`)) ? url.href : null;
}

/**
 * A message's text cut into parts to render: plain text, and links to allowed hosts (our own
 * site, `ownHost`, and LINKABLE_HOSTS). A link to any other host stays text. Trailing
 * punctuation is not part of a link.
 */
export function messageParts(text: string, ownHost: string | null = null): MessagePart[] {
  const parts: MessagePart[] = [];
  let at = 0;
  for (const match of text.matchAll(URL_IN_TEXT)) {
    let raw = match[0];
    const trailing = /[.,;:!?)\]]+$/.exec(raw)?.[0] ?? "";
    raw = raw.slice(0, raw.length - trailing.length);
    const href = linkable(raw, ownHost);
    if (!href) continue;
    const start = match.index;
    if (start > at) parts.push({ text: text.slice(at, start) });
    parts.push({ text: raw, href });
    at = start + raw.length;
  }
  if (at < text.length) parts.push({ text: text.slice(at) });
  return parts.length ? parts : [{ text }];
}

/** An address as an e-mail program would make it a link: a URL, `www.…`, or a bare domain with a path or not. */
const ADDRESS_IN_TEXT = /\bhttps?:\/\/[^\s<>"']+|\bwww\.[^\s<>"']+|\b(?:[a-z0-9-]+\.)+[a-z]{2,}(?:\/[^\s<>"']*)?/gi;

/** What an e-mail says in place of an address it does not repeat. */
export const LINK_LEFT_OUT = "[link: read it on Closetloop]";

/**
 * A message as its notice e-mail quotes it (decision 0068): at most 200 characters, and with
 * every address not on an allowed host left out. E-mail programs make any address a link, and
 * a link in an e-mail from us must not lead to a look-alike page (on the site it is plain text).
 */
export function mailPreview(text: string, ownHost: string | null = null) {
  const safe = text.replace(ADDRESS_IN_TEXT, (raw) =>
    linkable(/^(https?:\/\/|www\.)/i.test(raw) ? raw : `https://${raw}`, ownHost) ? raw : LINK_LEFT_OUT,
  );
  return safe.length > 200 ? `${safe.slice(0, 199)}…` : safe;
}

// ---------------------------------------------------------------------------------------------
// Sending limits

export const RATE_LIMITS = [
  { windowMs: 60_000, max: 30, message: "You are sending messages too fast. Wait a minute and try again." },
  { windowMs: 86_400_000, max: 200, message: "You have sent 200 messages today. You can send more tomorrow." },
] as const;

/** Since when to count a sender's messages for each window (the newest window first). */
export const rateWindowsSince = (now: number) => RATE_LIMITS.map((w) => now - w.windowMs);

/**
 * Whether one more message may go, given how many the sender sent in each window (same order as
 * RATE_LIMITS). `limits` override a window's maximum: the integration suite's burst test sends 50
 * a sender at once (per minute), and `npm run bench` measures one object's throughput with
 * hundreds per run (per day). Production sets neither.
 */
export function rateLimitReason(
  sentInWindows: readonly number[],
  limits: { perMinute?: number; perDay?: number } = {},
): string | null {
  const overrides = [limits.perMinute, limits.perDay];
  for (const [i, window] of RATE_LIMITS.entries()) {
    const override = overrides[i];
    const max = override !== undefined && Number.isSafeInteger(override) && override > 0 ? override : window.max;
    if ((sentInWindows[i] ?? 0) >= max) return window.message;
  }
  return null;
}

// ---------------------------------------------------------------------------------------------
// E-mail throttle

export const EMAIL_THROTTLE_MS = 15 * 60_000;

/**
 * Whether a new message tells its recipient (a notification and, by their preference, an
 * e-mail): at most once per conversation per 15 minutes while they have unread messages. A
 * recipient who has read everything since the last one is told of the next message at once.
 */
export function shouldNotify(recipient: { emailedAt: number | null; unreadBefore: number }, now: number): boolean {
  if (recipient.emailedAt === null) return true;
  if (recipient.unreadBefore === 0) return true;
  return now - recipient.emailedAt >= EMAIL_THROTTLE_MS;
}

// ---------------------------------------------------------------------------------------------
// Pages of a conversation (decision 0112)

/** How many messages a conversation's page shows: the latest, then 'Earlier messages' for the rest. */
export const CONVERSATION_PAGE = 50;

/**
 * The page a conversation's `?before=` asks for: the messages before that one (by its number in
 * the conversation). Null, the latest page, for anything else: no number, not a number, or past
 * the conversation's last message.
 */
export function messagesBefore(raw: string | null, lastSeq: number): number | null {
  if (!raw || !/^\d{1,9}$/.test(raw)) return null;
  const seq = Number(raw);
  return seq > 1 && seq <= lastSeq ? seq : null;
}

/**
 * The links around a page of messages (oldest first): 'Earlier messages' goes before the first one
 * shown when there are more; 'Newer messages' is on an earlier page only, and goes to the latest
 * page (0) when the next newer page would reach the last message.
 */
export function messagePageLinks(
  shown: readonly { seq: number }[],
  more: boolean,
  before: number | null,
  lastSeq: number,
  page = CONVERSATION_PAGE,
): { earlier: number | null; newer: number | null } {
  const earlier = more && shown.length > 0 ? shown[0]!.seq : null;
  if (before === null) return { earlier, newer: null };
  const newest = shown.at(-1)?.seq ?? before - 1;
  return { earlier, newer: newest + page >= lastSeq ? 0 : newest + 1 + page };
}

// ---------------------------------------------------------------------------------------------
// Delivery states

export type MessageState = "sent" | "delivered" | "read";

/** What the sender sees of their message: read, delivered (reached the other party's screen), or sent (stored). */
export function messageState(seq: number, other: { readSeq: number; deliveredSeq: number }): MessageState {
  if (other.readSeq >= seq) return "read";
  if (other.deliveredSeq >= seq) return "delivered";
  return "sent";
}

/**
 * How far a party's 'read' reaches: what they asked for, but never past the conversation's last
 * message (a read frame from a socket is the caller's word; a 'Read' for a message not yet
 * written would be a lie to the other side, and stay one: reads never move back).
 */
export const readUpTo = (requested: number, lastSeq: number) => Math.max(0, Math.min(requested, lastSeq));

// ---------------------------------------------------------------------------------------------
// Live frames

/** What a browser sends over the conversation's socket. */
export type ClientFrame = { type: "send"; text: string; token: string } | { type: "read"; seq: number };

/** A frame as text, or why the socket closes: too big, or not a frame we know. */
export function parseClientFrame(
  raw: string | ArrayBuffer,
): { ok: true; frame: ClientFrame } | { ok: false; code: number; reason: string } {
  const size = typeof raw === "string" ? new TextEncoder().encode(raw).byteLength : raw.byteLength;
  if (size > FRAME_MAX_BYTES) return { ok: false, code: 1009, reason: "Frame too large" };
  if (typeof raw !== "string") return { ok: false, code: 1003, reason: "Malformed frame" };
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return { ok: false, code: 1007, reason: "Malformed frame" };
  }
  if (typeof value !== "object" || value === null) return { ok: false, code: 1007, reason: "Malformed frame" };
  const v = value as Record<string, unknown>;
  if (v.type === "send" && typeof v.text === "string" && validToken(v.token))
    return { ok: true, frame: { type: "send", text: v.text, token: v.token as string } };
  if (v.type === "read" && Number.isSafeInteger(v.seq) && (v.seq as number) >= 0)
    return { ok: true, frame: { type: "read", seq: v.seq as number } };
  return { ok: false, code: 1007, reason: "Malformed frame" };
}
