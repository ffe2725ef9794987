import { tell, hello, staffWith, type App } from "./notices.server";

// What the Start selling journey tells people (issue 27 item 7; decision 0057), through the one
// notification service like every notice (notices.server.ts).

type Person = { id: string; email: string; fullName: string | null; displayName: string | null };

/** Open sign-up: the new seller is welcomed, with where to begin. */
export function tellSellingStarted(app: App, person: Person) {
  return tell(app, `selling started by ${person.id}`, async () => [
    {
      key: `selling:${person.id}:started`,
      kind: "selling_started",
      userId: person.id,
      to: person.email,
      title: "You can now sell on Closetloop",
      text: `${hello(person.fullName)}Welcome to selling on Closetloop as ${person.displayName ?? "a seller"}. List your first item from your Seller Dashboard: our team reviews every listing before it goes on sale, and you are paid each week for what you sold.`,
      link: "/vendor",
      action: "Open your Seller Dashboard",
    },
  ]);
}

/** By approval: the applicant is told their request arrived, and the admins that it waits. */
export function tellSellerRequested(app: App, person: Person, requestedAt: number) {
  return tell(app, `seller request of ${person.id}`, async () => [
    {
      key: `seller_request:${person.id}:${requestedAt}:received`,
      kind: "seller_request_received",
      userId: person.id,
      to: person.email,
      title: "We received your request to sell",
      text: `${hello(person.fullName)}Thank you for asking to sell on Closetloop. Our team reviews requests to sell, usually within two working days, and e-mails you the answer.`,
      link: "/account?tab=products",
      action: "See your request",
    },
    ...(await staffWith(app.db, ["superadmin", "admin"])).map((staff) => ({
      key: `seller_request:${person.id}:${requestedAt}:waiting:${staff.id}`,
      kind: "seller_request_waiting" as const,
      userId: staff.id,
      to: staff.email,
      title: `${person.displayName ?? person.email} asks to sell`,
      text: `Hello,\n\n${person.fullName ?? person.email} asks to sell on Closetloop as ${person.displayName ?? "a seller"}. Approve or decline the request with a reason on the Users tab.`,
      link: "/admin/users#seller-requests",
      action: "Review the request",
    })),
  ]);
}

/** Staff decided a request to sell: the applicant is told, with the reason when declined. */
export function tellSellerRequestDecided(
  app: App,
  person: Person,
  decision: "approve" | "decline",
  reason: string | null,
  decidedAt: number,
) {
  return tell(app, `seller request of ${person.id} decided`, async () => [
    decision === "approve"
      ? {
          key: `seller_request:${person.id}:${decidedAt}:approved`,
          kind: "seller_request_decided" as const,
          userId: person.id,
          to: person.email,
          title: "You can now sell on Closetloop",
          text: `${hello(person.fullName)}Your request to sell was approved. List your first item from your Seller Dashboard: our team reviews every listing before it goes on sale.`,
          link: "/vendor",
          action: "Open your Seller Dashboard",
        }
      : {
          key: `seller_request:${person.id}:${decidedAt}:declined`,
          kind: "seller_request_decided" as const,
          userId: person.id,
          to: person.email,
          title: "Your request to sell was declined",
          text: `${hello(person.fullName)}We are sorry: your request to sell on Closetloop was declined.\n\nThe reason: ${reason ?? "none given"}\n\nYou can ask again from your account once this is resolved.`,
          link: "/account?tab=products",
          action: "See your account",
        },
  ]);
}
