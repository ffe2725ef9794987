import { describe, expect, it } from "vitest";
import {
  EMAIL_THROTTLE_MS,
  FRAME_MAX_BYTES,
  handlerOf,
  lastAuthor,
  LINK_LEFT_OUT,
  mailPreview,
  MESSAGE_REQUIRED,
  MESSAGE_TOO_LONG,
  membershipOf,
  messagePageLinks,
  messageParts,
  messagesBefore,
  messageState,
  parseClientFrame,
  readUpTo,
  rateLimitReason,
  rateWindowsSince,
  shouldNotify,
  validMessage,
  validToken,
} from "./messages";

describe("membership", () => {
  const sellerConversation = { shopperId: "shopper", sellerId: "seller", storeOwnerId: null, ownerId: "seller" };
  const storeConversation = { shopperId: "shopper", sellerId: null, storeOwnerId: "store-owner", ownerId: "owner" };
  it.each([
    [sellerConversation, "shopper", { role: "party", party: "shopper" }],
    [sellerConversation, "seller", { role: "party", party: "handler" }],
    [sellerConversation, "stranger", null],
    [storeConversation, "shopper", { role: "party", party: "shopper" }],
    [storeConversation, "store-owner", { role: "party", party: "handler" }],
    // The owner of a concierge item reads its conversations; they do not write in them.
    [storeConversation, "owner", { role: "reader" }],
    [storeConversation, "stranger", null],
    // A deleted shopper (null) matches nobody.
    [{ ...sellerConversation, shopperId: null }, "shopper", null],
  ] as const)("%o and %s → %o", (conversation, user, expected) => {
    expect(membershipOf(conversation, user)).toEqual(expected);
  });

  it("a concierge item is handled by its store, any other by its seller", () => {
    expect(handlerOf({ ownerId: "o", storeId: "s", conciergeStatus: "yes" })).toEqual({ sellerId: null, storeId: "s" });
    expect(handlerOf({ ownerId: "o", storeId: "s", conciergeStatus: "pending" })).toEqual({
      sellerId: "o",
      storeId: null,
    });
    expect(handlerOf({ ownerId: "o", storeId: null, conciergeStatus: "no" })).toEqual({ sellerId: "o", storeId: null });
  });
});

describe("message validation", () => {
  it.each([
    ["", MESSAGE_REQUIRED],
    ["   \n\t ", MESSAGE_REQUIRED],
    [undefined, MESSAGE_REQUIRED],
    ["x".repeat(2001), MESSAGE_TOO_LONG],
  ])("%j is refused", (raw, error) => expect(validMessage(raw)).toEqual({ ok: false, error }));

  it("trims, keeps 1 to 2,000 characters (an emoji counts once)", () => {
    expect(validMessage("  Does it fit a 10?  ")).toEqual({ ok: true, text: "Does it fit a 10?" });
    expect(validMessage("a")).toEqual({ ok: true, text: "a" });
    expect(validMessage("x".repeat(2000))).toEqual({ ok: true, text: "x".repeat(2000) });
    expect(validMessage("👗".repeat(2000)).ok).toBe(true);
    expect(validMessage("Line one\r\nLine two")).toEqual({ ok: true, text: "Line one\nLine two" });
    expect(MESSAGE_TOO_LONG).toBe("A message can be up to 2,000 characters");
  });

  it("client tokens are short safe ids", () => {
    expect(validToken("abcDEF12-_")).toBe("abcDEF12-_");
    expect(validToken("short")).toBeNull();
    expect(validToken("<script>alert(1)</script>")).toBeNull();
    expect(validToken(42)).toBeNull();
  });
});

describe("links", () => {
  it("makes our own site and known carriers clickable", () => {
    expect(messageParts("See https://closetloop.com/product/p1 please", "localhost")).toEqual([
      { text: "See " },
      { text: "https://closetloop.com/product/p1", href: "https://closetloop.com/product/p1" },
      { text: " please" },
    ]);
    expect(messageParts("Tracking: https://www.royalmail.com/track?x=1.")).toEqual([
      { text: "Tracking: " },
      { text: "https://www.royalmail.com/track?x=1", href: "https://www.royalmail.com/track?x=1" },
      { text: "." },
    ]);
    expect(messageParts("http://localhost:4173/cart", "localhost")).toEqual([
      { text: "http://localhost:4173/cart", href: "http://localhost:4173/cart" },
    ]);
  });

  it.each([
    "Pay me at https://closetloop.com.evil.example/pay",
    "https://evil.example/closetloop.com",
    "www.paypa1.example",
    "https://closetloop.com@evil.example/",
    "javascript:alert(1)",
  ])("shows %s as text only", (text) => {
    expect(messageParts(text).every((p) => !("href" in p))).toBe(true);
    expect(
      messageParts(text)
        .map((p) => p.text)
        .join(""),
    ).toBe(text);
  });
});

describe("lastAuthor", () => {
  it("says 'You: ' before one's own last message, and which side wrote it to an owner who reads along", () => {
    expect(lastAuthor({ as: "handler", lastBy: "handler", otherName: "Sam" })).toBe("You: ");
    expect(lastAuthor({ as: "handler", lastBy: "shopper", otherName: "Sam" })).toBe("");
    expect(lastAuthor({ as: "shopper", lastBy: "shopper", otherName: "Vera" })).toBe("You: ");
    expect(lastAuthor({ as: "reader", lastBy: "handler", otherName: "Sam" })).toBe("The store: ");
    expect(lastAuthor({ as: "reader", lastBy: "shopper", otherName: "Sam" })).toBe("Sam: ");
    expect(lastAuthor({ as: "reader", lastBy: null, otherName: "Sam" })).toBe("");
  });
});

describe("the notice e-mail's quote", () => {
  it("leaves out every address an e-mail program would link, unless it is ours or a carrier's", () => {
    expect(mailPreview("Pay me at https://closetloop.com.evil.example/pay now")).toBe(`Pay me at ${LINK_LEFT_OUT} now`);
    expect(mailPreview("or closetloop.com.evil.example/pay, or www.paypa1.example")).toBe(
      `or ${LINK_LEFT_OUT} or ${LINK_LEFT_OUT}`,
    );
    expect(mailPreview("Tracking: https://www.royalmail.com/track?x=1 and closetloop.com/product/p1")).toBe(
      "Tracking: https://www.royalmail.com/track?x=1 and closetloop.com/product/p1",
    );
    expect(mailPreview("See http://localhost:4173/cart", "localhost")).toBe("See http://localhost:4173/cart");
    // Words with a full stop are not addresses.
    expect(mailPreview("It fits a size 10. Waist 70 cm, e.g. a UK 8.")).toBe(
      "It fits a size 10. Waist 70 cm, e.g. a UK 8.",
    );
  });

  it("is at most 200 characters", () => {
    expect(mailPreview("a".repeat(300))).toBe(`${"a".repeat(199)}…`);
  });
});

describe("rate limits", () => {
  it("30 a minute, 200 a day", () => {
    expect(rateWindowsSince(1_000_000_000)).toEqual([1_000_000_000 - 60_000, 1_000_000_000 - 86_400_000]);
    expect(rateLimitReason([0, 0])).toBeNull();
    expect(rateLimitReason([29, 199])).toBeNull();
    expect(rateLimitReason([30, 30])).toBe("You are sending messages too fast. Wait a minute and try again.");
    expect(rateLimitReason([5, 200])).toBe("You have sent 200 messages today. You can send more tomorrow.");
    // An override of the minute's maximum (tests only) leaves the day's alone.
    expect(rateLimitReason([30, 30], { perMinute: 1000 })).toBeNull();
    expect(rateLimitReason([30, 200], { perMinute: 1000 })).toBe(
      "You have sent 200 messages today. You can send more tomorrow.",
    );
    expect(rateLimitReason([5, 200], { perDay: 5000 })).toBeNull();
    expect(rateLimitReason([30, 30], { perMinute: 0 })).toBe(
      "You are sending messages too fast. Wait a minute and try again.",
    );
  });
});

describe("the e-mail throttle", () => {
  const now = 10_000_000;
  it.each([
    [{ emailedAt: null, unreadBefore: 0 }, true],
    [{ emailedAt: null, unreadBefore: 3 }, true],
    // Told a minute ago and still unread: no second e-mail within 15 minutes.
    [{ emailedAt: now - 60_000, unreadBefore: 1 }, false],
    [{ emailedAt: now - EMAIL_THROTTLE_MS + 1, unreadBefore: 4 }, false],
    [{ emailedAt: now - EMAIL_THROTTLE_MS, unreadBefore: 4 }, true],
    // Read everything since: the next message is news again.
    [{ emailedAt: now - 60_000, unreadBefore: 0 }, true],
  ])("%o → %s", (recipient, expected) => expect(shouldNotify(recipient, now)).toBe(expected));
});

describe("pages of a conversation", () => {
  const seqs = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => ({ seq: from + i }));
  it.each([
    [null, 120, null],
    ["", 120, null],
    ["abc", 120, null],
    ["-5", 120, null],
    ["1e3", 120, null],
    ["1", 120, null],
    ["121", 120, null],
    ["9999999999", 120, null],
    ["71", 120, 71],
    ["120", 120, 120],
  ])("?before=%s of a conversation of %s messages asks for the page before %s", (raw, lastSeq, before) => {
    expect(messagesBefore(raw, lastSeq)).toBe(before);
  });
  it("the latest page links to earlier messages only when there are more", () => {
    expect(messagePageLinks(seqs(71, 120), true, null, 120)).toEqual({ earlier: 71, newer: null });
    expect(messagePageLinks(seqs(1, 40), false, null, 40)).toEqual({ earlier: null, newer: null });
  });
  it("an earlier page links to the next newer page, or to the latest when that one would reach the last message", () => {
    expect(messagePageLinks(seqs(21, 70), true, 71, 200)).toEqual({ earlier: 21, newer: 121 });
    expect(messagePageLinks(seqs(21, 70), true, 71, 120)).toEqual({ earlier: 21, newer: 0 });
    expect(messagePageLinks(seqs(1, 20), false, 21, 120)).toEqual({ earlier: null, newer: 71 });
  });
});

describe("delivery states", () => {
  it("sent, delivered, read", () => {
    expect(messageState(5, { readSeq: 4, deliveredSeq: 4 })).toBe("sent");
    expect(messageState(5, { readSeq: 4, deliveredSeq: 5 })).toBe("delivered");
    expect(messageState(5, { readSeq: 7, deliveredSeq: 7 })).toBe("read");
  });
});

describe("how far a read reaches", () => {
  it.each([
    [3, 5, 3],
    [5, 5, 5],
    [6, 5, 5],
    [Number.MAX_SAFE_INTEGER, 5, 5],
    [Number.MAX_SAFE_INTEGER, 0, 0],
    [0, 5, 0],
  ])("a read of %s in a conversation whose last message is %s covers up to %s", (requested, lastSeq, covered) => {
    expect(readUpTo(requested, lastSeq)).toBe(covered);
  });
  it("never marks as read a message not yet written", () => {
    expect(messageState(6, { readSeq: readUpTo(9007199254740991, 5), deliveredSeq: 0 })).toBe("sent");
  });
});

describe("socket frames", () => {
  it("reads send and read frames", () => {
    expect(parseClientFrame(JSON.stringify({ type: "send", text: "Hi", token: "tok_12345" }))).toEqual({
      ok: true,
      frame: { type: "send", text: "Hi", token: "tok_12345" },
    });
    expect(parseClientFrame(JSON.stringify({ type: "read", seq: 3 }))).toEqual({
      ok: true,
      frame: { type: "read", seq: 3 },
    });
  });
  it.each([
    ["not json", "Malformed frame"],
    ["null", "Malformed frame"],
    [JSON.stringify({ type: "send", text: "Hi" }), "Malformed frame"],
    [JSON.stringify({ type: "read", seq: -1 }), "Malformed frame"],
    [JSON.stringify({ type: "shout" }), "Malformed frame"],
    [JSON.stringify({ type: "send", text: "x".repeat(FRAME_MAX_BYTES), token: "tok_12345" }), "Frame too large"],
  ])("%s closes with %s", (raw, reason) => {
    const parsed = parseClientFrame(raw);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.reason).toBe(reason);
  });
  it("binary frames are refused", () =>
    expect(parseClientFrame(new ArrayBuffer(4))).toMatchObject({ ok: false, reason: "Malformed frame" }));
});
