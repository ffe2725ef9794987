import { and, eq, inArray, isNull } from "drizzle-orm";
import { brandSuggestions, payouts, priceChangeRequests, products, stores, userRoles, users } from "../../db/schema";
import type { Database } from "../data/db.server";
import { formatGBP } from "../domain/money";
import type { AppConfig } from "../env.server";
import { notify, type Notice } from "./notify.server";
import { payoutAddresses, type PayoutRecipient } from "../data/payouts.server";

// The events of issue 23 that had no message yet, each to the party it concerns, through the one
// notification service (notify.server.ts). Each loads what its message needs and never throws:
// the action that caused it has happened whatever the notice does.

export type App = { env: Env; db: Database; config: Pick<AppConfig, "siteUrl"> };

export async function tell(app: App, what: string, build: () => Promise<Notice[]>) {
  try {
    await notify(app, await build());
  } catch (error) {
    console.error(`notices: ${what} could not be told`, error);
  }
}

async function productWithOwner(db: Database, productId: string) {
  return (
    (await db
      .select({
        id: products.id,
        name: products.name,
        ownerId: products.ownerId,
        email: users.email,
        fullName: users.fullName,
        displayName: users.displayName,
        storeId: products.storeId,
      })
      .from(products)
      .innerJoin(users, eq(users.id, products.ownerId))
      .where(eq(products.id, productId))
      .get()) ?? null
  );
}

/** A seller as stores and staff see them on their pages: their display name, else their full name (decision 0068). */
const sellerName = (p: { displayName: string | null; fullName: string | null }) => p.displayName ?? p.fullName;

async function storeWithOwner(db: Database, storeId: string) {
  return (
    (await db
      .select({ id: stores.id, name: stores.name, contact: stores.contactEmail, ownerId: users.id, email: users.email })
      .from(stores)
      .innerJoin(users, eq(users.id, stores.ownerId))
      .where(eq(stores.id, storeId))
      .get()) ?? null
  );
}

export const hello = (name: string | null) => `Hello ${name ?? "there"},\n\n`;

/** Staff approved or rejected a listing: its seller is told, with the reviewer's reason. */
export function tellProductReviewed(
  app: App,
  productId: string,
  decision: "approve" | "reject",
  reason: string | null,
) {
  return tell(app, `product ${productId} reviewed`, async () => {
    const p = await productWithOwner(app.db, productId);
    if (!p) return [];
    const approved = decision === "approve";
    return [
      {
        key: `product:${p.id}:${approved ? "approved" : "rejected"}`,
        kind: approved ? "product_approved" : "product_rejected",
        userId: p.ownerId,
        to: p.email,
        title: approved ? `${p.name} is live` : `${p.name} was not approved`,
        text: approved
          ? `${hello(p.fullName)}Our team approved ${p.name}: it is on the shop now, for shoppers to rent or buy.`
          : `${hello(p.fullName)}Our team could not approve ${p.name}.\n\nTheir reason: ${reason ?? "not given"}\n\nYou can change the listing and send it again from your dashboard.`,
        link: approved ? `/product/${p.id}` : `/vendor/product/${p.id}/edit`,
        action: approved ? "See it on the shop" : "Edit your listing",
      },
    ];
  });
}

/** A seller asked a store to manage their item (a new listing, or an edit that sends it back): the store is told, once per request. */
export function tellConciergeRequest(app: App, productId: string, requestedAt: number | null = null) {
  return tell(app, `concierge request ${productId}`, async () => {
    const p = await productWithOwner(app.db, productId);
    const store = p?.storeId ? await storeWithOwner(app.db, p.storeId) : null;
    if (!p || !store) return [];
    return [
      {
        key: `concierge:${p.id}:${store.id}:requested${requestedAt === null ? "" : `:${requestedAt}`}`,
        kind: "concierge_request",
        userId: store.ownerId,
        to: store.contact || store.email,
        title: `A seller asks ${store.name} to manage ${p.name}`,
        text: `Hello,\n\n${sellerName(p) ?? "A seller"} asks ${store.name} to look after ${p.name} as a concierge item. Please approve or reject the request on your dashboard.`,
        link: "/store?tab=requests",
        action: "Answer the request",
      },
    ];
  });
}

/** The store answered a concierge request (or let a product go): the seller is told, with its reason. */
export function tellConciergeDecided(
  app: App,
  productId: string,
  storeName: string,
  decision: "approve" | "reject",
  reason: string | null,
) {
  return tell(app, `concierge decision ${productId}`, async () => {
    const p = await productWithOwner(app.db, productId);
    if (!p) return [];
    const approved = decision === "approve";
    return [
      {
        key: `concierge:${p.id}:${approved ? "approved" : "rejected"}`,
        kind: "concierge_decided",
        userId: p.ownerId,
        to: p.email,
        title: approved ? `${storeName} will manage ${p.name}` : `${storeName} will not manage ${p.name}`,
        text: approved
          ? `${hello(p.fullName)}${storeName} accepted ${p.name} as a concierge item. Our team reviews the listing next.`
          : `${hello(p.fullName)}${storeName} will not manage ${p.name}.\n\nTheir reason: ${reason ?? "not given"}`,
        link: `/vendor/product/${p.id}/edit`,
        action: "View your listing",
      },
    ];
  });
}

/** The owner answered a store's price-change request: the store is told. */
export function tellPriceAnswered(app: App, requestId: string, answer: "accepted" | "rejected") {
  return tell(app, `price request ${requestId} answered`, async () => {
    const row = await app.db
      .select({
        productId: priceChangeRequests.productId,
        storeId: priceChangeRequests.storeId,
        rental: priceChangeRequests.suggestedRentalPrice,
        buying: priceChangeRequests.suggestedBuyingPrice,
        name: products.name,
      })
      .from(priceChangeRequests)
      .innerJoin(products, eq(products.id, priceChangeRequests.productId))
      .where(eq(priceChangeRequests.id, requestId))
      .get();
    const store = row?.storeId ? await storeWithOwner(app.db, row.storeId) : null;
    if (!row || !store) return [];
    const prices = [
      row.rental !== null ? `rental ${formatGBP(row.rental)}` : null,
      row.buying !== null ? `buying price ${formatGBP(row.buying)}` : null,
    ]
      .filter(Boolean)
      .join(", ");
    return [
      {
        key: `price_change:${requestId}:${answer}`,
        kind: "price_change_answered",
        userId: store.ownerId,
        to: store.contact || store.email,
        title: `The owner ${answer} your new price for ${row.name}`,
        text: `Hello,\n\nThe owner of ${row.name} ${answer} the prices ${store.name} suggested (${prices}).${answer === "accepted" ? " The listing shows them now." : ""}`,
        link: `/store/product/${row.productId}/edit`,
        action: "View the product",
      },
    ];
  });
}

/** Someone applied to become a partner store: they are told it arrived (they have no account yet). */
export function tellStoreRequestReceived(
  app: App,
  request: { id: string; contactName: string; storeName: string; contactEmail: string },
) {
  return tell(app, `store request ${request.id}`, async () => [
    {
      key: `store_request:${request.id}:received`,
      kind: "store_request_received",
      userId: null,
      to: request.contactEmail,
      title: `We received your store request for ${request.storeName}`,
      text: `Hello ${request.contactName},\n\nThank you for applying to become a Closetloop partner store with ${request.storeName}. Our team reviews every request and answers by e-mail, usually within five working days.`,
      link: "/pages/about_us",
      action: "About Closetloop",
    },
  ]);
}

/** Staff marked a payout paid: its payee is told. */
export function tellPayoutPaid(app: App, payoutId: string) {
  return tell(app, `payout ${payoutId} paid`, async () => {
    // What was sent is the due amount (the week's net less any balance carried in; decision 0073).
    const payout = await app.db
      .select({ net: payouts.dueAmount, type: payouts.recipientType, recipientId: payouts.recipientId })
      .from(payouts)
      .where(eq(payouts.id, payoutId))
      .get();
    if (!payout || payout.net <= 0) return [];
    const addresses = await payoutAddresses(app.db, { type: payout.type, id: payout.recipientId } as PayoutRecipient);
    return addresses.map(({ to, userId }) => ({
      key: `payout_paid:${payoutId}:${userId}`,
      kind: "payout_paid" as const,
      userId,
      to,
      title: `Your payout of ${formatGBP(payout.net)} is paid`,
      text: `Hello,\n\nWe paid your payout of ${formatGBP(payout.net)}. It can take a few working days to reach your account.`,
      link: payout.type === "store" ? "/store" : payout.type === "owner" ? "/vendor?tab=orders" : "/admin/financial",
      action: "Your dashboard",
    }));
  });
}

/** Staff decided on a brand suggestion: the seller who made it is told. */
export function tellBrandSuggestionDecided(
  app: App,
  suggestionId: string,
  outcome: "approved" | "merged" | "rejected",
  detail: string | null,
) {
  return tell(app, `brand suggestion ${suggestionId}`, async () => {
    const row = await app.db
      .select({ name: brandSuggestions.suggestedName, userId: users.id, email: users.email, fullName: users.fullName })
      .from(brandSuggestions)
      .innerJoin(users, eq(users.id, brandSuggestions.suggestedBy))
      .where(eq(brandSuggestions.id, suggestionId))
      .get();
    if (!row) return [];
    const text =
      outcome === "approved"
        ? `${row.name} is a brand on Closetloop now: shoppers can find it in the brand filter.`
        : outcome === "merged"
          ? `${row.name} is the same brand as ${detail}: your listings now use ${detail}.`
          : `We did not add ${row.name} as a brand.\n\nOur reason: ${detail ?? "not given"}`;
    return [
      {
        key: `brand_suggestion:${suggestionId}:${outcome}`,
        kind: "brand_suggestion_decided",
        userId: row.userId,
        to: row.email,
        title: `Your brand suggestion ${row.name} was ${outcome}`,
        text: `${hello(row.fullName)}${text}`,
        link: "/vendor?tab=upload",
        action: "Your brand suggestions",
      },
    ];
  });
}

/** Active staff with one of these admin sub-roles. */
export async function staffWith(
  db: Database,
  subroles: ("superadmin" | "admin" | "product_reviewer" | "customer_support")[],
) {
  return db
    .select({ id: users.id, email: users.email })
    .from(userRoles)
    .innerJoin(users, eq(users.id, userRoles.userId))
    .where(
      and(
        inArray(userRoles.role, ["admin", "team_member"]),
        inArray(userRoles.adminSubrole, subroles),
        isNull(users.deactivatedAt),
      ),
    );
}

/** A listing waits for staff review: the product reviewers and admins are told of a new one, or (`resubmittedAt`) of a rejected one changed and sent again. */
export function tellListingAwaitingReview(app: App, productId: string, resubmittedAt: number | null = null) {
  return tell(app, `listing ${productId} awaiting review`, async () => {
    const p = await productWithOwner(app.db, productId);
    if (!p) return [];
    return (await staffWith(app.db, ["admin", "product_reviewer"])).map((staff) => ({
      key: `product:${p.id}:awaiting_review:${staff.id}${resubmittedAt === null ? "" : `:${resubmittedAt}`}`,
      kind: "listing_awaiting_review" as const,
      userId: staff.id,
      to: staff.email,
      title: `${p.name} waits for review`,
      text: `Hello,\n\n${sellerName(p) ?? "A seller"} ${resubmittedAt === null ? "listed" : "changed and sent again"} ${p.name}. Approve it or reject it with a reason on the Products tab.`,
      link: "/admin/products?status=pending",
      action: "Review it",
    }));
  });
}

/** A store request arrived: the admins who review them are told. */
export function tellStoreRequestWaiting(app: App, request: { id: string; storeName: string }) {
  return tell(app, `store request ${request.id} waiting`, async () =>
    (await staffWith(app.db, ["superadmin", "admin"])).map((staff) => ({
      key: `store_request:${request.id}:waiting:${staff.id}`,
      kind: "store_request_waiting" as const,
      userId: staff.id,
      to: staff.email,
      title: `${request.storeName} asks to become a partner store`,
      text: `Hello,\n\n${request.storeName} asks to become a Closetloop partner store. Approve it or reject it with a reason on the Stores tab.`,
      link: "/admin/stores",
      action: "Review the request",
    })),
  );
}

/** A newsletter sign-up: the welcome e-mail, with its one-click unsubscribe link. */
export function tellNewsletterWelcome(app: App, email: string, userId: string | null) {
  return tell(app, "newsletter welcome", async () => [
    {
      key: `newsletter:${email.toLowerCase()}:welcome`,
      kind: "newsletter_welcome",
      userId,
      to: email,
      title: "Welcome to the Closetloop newsletter",
      text: "Hello,\n\nThank you for subscribing. Once a month we send the best new arrivals, style notes and offers from pre-loved fashion you can rent or buy.",
      link: "/all-products",
      action: "Browse new arrivals",
    },
  ]);
}
