import { Form } from "react-router";

/**
 * A rented item's return date and its 'Notify me' button (issue 25, item 6). The same for every
 * visitor, so the shared product page stays cached: the button posts to the item's notify page,
 * which needs a signed-in shopper (signed out: sign in, then back there).
 */
export function BackInStock({ productId, expectedBack }: { productId: string; expectedBack: string }) {
  return (
    <div className="space-y-2 rounded-md border border-amber-200 p-3">
      <p className="text-sm font-semibold text-amber-900">{expectedBack}</p>
      <Form method="post" action={`/product/${productId}/notify`} className="flex flex-wrap items-center gap-3">
        <button type="submit" className="rounded-md border-2 border-stone-900 px-4 py-2 text-sm font-semibold">Notify me</button>
        <span className="text-sm text-stone-700">We'll tell you when it's back on sale.</span>
      </Form>
    </div>
  );
}
