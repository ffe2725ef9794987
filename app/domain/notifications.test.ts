import { describe, expect, it } from "vitest";
import {
  ACCOUNT_REASON,
  categoryOf,
  DIGEST_ONLY,
  emails,
  NOTICE_KINDS,
  NOTIFICATION_CATEGORIES,
  type NoticeKind,
  type NotificationCategory,
  reasonFor,
  UNSUBSCRIBABLE,
} from "./notifications";
import { badgeCount } from "./badge";
import { signUnsubscribe, verifyUnsubscribe } from "./unsubscribe";

describe("who is told of what", () => {
  // By whom it concerns, then by the preference category it falls under.
  const told = {
    seller: {
      selling: [
        "product_approved",
        "product_rejected",
        "concierge_decided",
        "price_change_requested",
        "owner_item_update",
        "brand_suggestion_decided",
      ],
    },
    handler: { selling: ["order_to_send"] },
    store: { store: ["concierge_request", "price_change_answered"] },
    applicant: { store: ["store_request_received"] },
    shopper: { orders: ["order_status_changed", "rental_reminder", "return_inspected"] },
    payee: { payouts: ["payout_calculated", "payout_paid"] },
    subscriber: { marketing: ["newsletter_welcome"] },
    reviewers: { selling: ["listing_awaiting_review"] },
    admins: { store: ["store_request_waiting"] },
  } satisfies Record<string, Partial<Record<NotificationCategory, NoticeKind[]>>>;
  const cases = Object.entries(told).flatMap(([to, byCategory]) =>
    Object.entries(byCategory).flatMap(([category, kinds]: [string, NoticeKind[]]) =>
      kinds.map((kind) => [kind, category, to] as const),
    ),
  );
  it.each(cases)("%s goes to the %s category, to the %s", (kind, category, to) => {
    expect(NOTICE_KINDS[kind]).toEqual({ category, to });
    expect(categoryOf(kind)).toBe(category);
  });
});

describe("why an e-mail was sent (its footer)", () => {
  it("names what the recipient does, asked for or has", () => {
    expect(reasonFor("order_placed")).toBe("You get this because you placed an order on Closetloop.");
    expect(reasonFor("product_approved")).toBe("You get this because you sell on Closetloop.");
    // The handler's copy of a cancellation is about selling; staff get work for their role.
    expect(reasonFor("handler_order_cancelled")).toBe("You get this because you sell on Closetloop.");
    for (const kind of ["listing_awaiting_review", "store_request_waiting", "seller_request_waiting"])
      expect(reasonFor(kind)).toBe("You get this because you review work for Closetloop's team.");
    // Applicants are not sellers or stores yet.
    expect(reasonFor("seller_request_received")).toBe("You get this because you asked to sell on Closetloop.");
    expect(reasonFor("store_request_received")).toBe(
      "You get this because you asked to become a partner store on Closetloop.",
    );
    expect(reasonFor("store_request_rejected")).toBe(
      "You get this because you asked to become a partner store on Closetloop.",
    );
    // An account's own e-mails are about the account, not an order.
    for (const kind of ["verify_email", "password_reset", "email_change_requested", "account_exists"])
      expect(reasonFor(kind)).toBe(ACCOUNT_REASON);
  });
});

describe("the preference rules", () => {
  it("e-mails every category by default, and none a person switched to in-site only", () => {
    for (const category of NOTIFICATION_CATEGORIES.filter((c) => !DIGEST_ONLY.has(c)))
      expect(emails(category, new Set())).toBe(true);
    expect(emails("selling", new Set(["selling"]))).toBe(false);
    expect(emails("marketing", new Set(["selling"]))).toBe(true);
  });

  it("never e-mails a followed seller's new listing by itself: those go out in the daily digest, to those who chose it (decision 0090)", () => {
    expect([...DIGEST_ONLY]).toEqual(["following"]);
    expect(emails("following", new Set())).toBe(false);
    expect(categoryOf("followed_new_listing")).toBe("following");
    expect(UNSUBSCRIBABLE.has("following")).toBe(true);
    expect(reasonFor("following_digest")).toContain("asked for a daily e-mail");
  });

  it("always e-mails orders and rentals (transactional), whatever the preference says", () => {
    expect(emails("orders", new Set(["orders"]))).toBe(true);
    expect(emails("orders", new Set(NOTIFICATION_CATEGORIES))).toBe(true);
  });
});

describe("the unsubscribe token", () => {
  const SECRET = "a-secret-of-at-least-thirty-two-characters";
  const NOW = Date.parse("2026-11-25T12:00:00Z");
  const claim = { who: "u:user_1", category: "marketing" as const, expires: NOW + 1000 };

  it("verifies a token it signed, and gives back its claim", async () => {
    const token = await signUnsubscribe(claim, SECRET);
    expect(await verifyUnsubscribe(token, SECRET, NOW, NOTIFICATION_CATEGORIES)).toEqual({ ok: true, claim });
  });

  it("refuses a tampered, forged or foreign token, and says when one has expired", async () => {
    const token = await signUnsubscribe(claim, SECRET);
    const [payload, signature] = token.split(".");
    const other = await signUnsubscribe({ ...claim, who: "u:someone_else" }, SECRET);
    expect(
      await verifyUnsubscribe(`${other.split(".")[0]}.${signature}`, SECRET, NOW, NOTIFICATION_CATEGORIES),
    ).toEqual({ ok: false, reason: "invalid" });
    expect(
      await verifyUnsubscribe(`${payload}.${signature!.slice(0, -2)}AA`, SECRET, NOW, NOTIFICATION_CATEGORIES),
    ).toEqual({ ok: false, reason: "invalid" });
    expect(
      await verifyUnsubscribe(token, "another-secret-of-thirty-two-characters!", NOW, NOTIFICATION_CATEGORIES),
    ).toEqual({ ok: false, reason: "invalid" });
    for (const junk of ["", "abc", "a.b.c", "%%%.%%%"])
      expect(await verifyUnsubscribe(junk, SECRET, NOW, NOTIFICATION_CATEGORIES)).toEqual({
        ok: false,
        reason: "invalid",
      });
    expect(await verifyUnsubscribe(token, SECRET, NOW + 1001, NOTIFICATION_CATEGORIES)).toEqual({
      ok: false,
      reason: "expired",
    });
    const unknown = await signUnsubscribe({ ...claim, category: "gossip" as never }, SECRET);
    expect(await verifyUnsubscribe(unknown, SECRET, NOW, NOTIFICATION_CATEGORIES)).toEqual({
      ok: false,
      reason: "invalid",
    });
  });
});

describe("badgeCount", () => {
  it("shows a count up to 99 as it is, and more as 99+ (the links' labels say the same)", () => {
    expect([1, 99, 100, 1234].map(badgeCount)).toEqual(["1", "99", "99+", "99+"]);
  });
});
