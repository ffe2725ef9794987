import { Form, Link } from "react-router";
import type { HeldForYouBox } from "../domain/held-for-you";

/**
 * A rented item's return date and its 'Notify me' button (issue 25, item 6). The page is the same
 * for every visitor, so the shared product page stays cached: the button posts to the item's
 * notify page, which needs a signed-in shopper (signed out: sign in, then back there).
 */
export function BackInStock({
  productId,
  expectedBack,
  waiting,
  reserved = false,
}: {
  productId: string;
  expectedBack: string;
  waiting: boolean;
  reserved?: boolean;
}) {
  return (
    // A reserved item's box is a personal part too (data-reserved): see HeldForYou.
    <div data-reserved={reserved ? productId : undefined} className="space-y-2 rounded-md border border-amber-200 p-3">
      <p className="text-sm font-semibold text-amber-900">{expectedBack}</p>
      <NotifyMe productId={productId} waiting={waiting} />
    </div>
  );
}

/**
 * 'Notify me', or, for a signed-in shopper who has asked, what they were told then. A personal
 * part of the shared product page (data-notify): the Worker puts the asked-for state in place for
 * that shopper (app/services/personal-page.server.tsx; decision 0051, 2026-11-25).
 */
export function NotifyMe({ productId, waiting }: { productId: string; waiting: boolean }) {
  if (waiting) {
    return (
      <p data-notify={productId} role="status" className="text-sm font-semibold text-stone-900">
        {/* NOTIFY_ME_MESSAGES.waiting (app/domain/alerts.ts, kept off the page's JavaScript; a test holds them equal) */}
        We'll tell you when it's back
      </p>
    );
  }
  return (
    <Form
      method="post"
      action={`/product/${productId}/notify`}
      data-notify={productId}
      className="flex flex-wrap items-center gap-3"
    >
      <button type="submit" className="rounded-md border-2 border-stone-900 px-4 py-2 text-sm font-semibold">
        Notify me
      </button>
      <span className="text-sm text-stone-700">We'll tell you when it's back on sale.</span>
    </Form>
  );
}

/**
 * A reserved item, to the shopper whose own checkout holds it (decision 0068): until when, and
 * the way to their order, where they can pay for it or call it off. Everyone else reads that
 * another shopper is paying for it; the Worker puts this in place of that box for the holder.
 * 'Until' is in the holder's own zone (`held.zone`, decision 0098): this box is never on the shared page.
 */
export function HeldForYou({ productId, held }: { productId: string; held: HeldForYouBox }) {
  return (
    <div data-reserved={productId} className="space-y-2 rounded-md border border-amber-200 p-3">
      <p className="text-sm font-semibold text-amber-900">{held.text}</p>
      <Link to={`/account/orders/${held.orderId}`} className="inline-block text-sm font-semibold text-brand underline">
        Pay for it or cancel it on your order
      </Link>
    </div>
  );
}
