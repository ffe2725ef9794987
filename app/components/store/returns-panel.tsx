import { Form } from "react-router";
import { EmptyState, Panel } from "../dashboard";
import { timeAgo } from "../../domain/dates";

export interface StoreReturn {
  itemId: string;
  orderId: string;
  name: string;
  returnRequestedAt: number | null;
  shopperName: string | null;
  shopperEmail: string;
}

const buttonClass = "rounded-md border border-stone-300 bg-white px-3 py-1.5 text-sm font-medium hover:bg-stone-100";

/** Concierge rentals sent back to the store: it records the condition each came back in (decision 0021). */
export function ReturnsPanel({ returns, now }: { returns: StoreReturn[]; now: number }) {
  return (
    <Panel title="Returns to inspect">
      {returns.length === 0 ? (
        <EmptyState>No returns waiting. Rentals your store manages appear here when a shopper sends them back.</EmptyState>
      ) : (
        <>
          <p className="mb-3 text-sm text-stone-700">Rentals sent back by shoppers. Check each one, then record its condition: an item in good condition goes back on sale; a damaged one goes back to product review.</p>
          <ul className="divide-y divide-stone-200">
            {returns.map((item) => (
              <li key={item.itemId} className="flex flex-wrap items-center justify-between gap-3 py-2">
                <div>
                  <p className="font-medium">{item.name}</p>
                  <p className="text-sm text-stone-600">
                    Order {item.orderId} · {item.shopperName ?? item.shopperEmail}
                    {item.returnRequestedAt ? ` · return asked ${timeAgo(item.returnRequestedAt, now)}` : ""}
                  </p>
                </div>
                <Form method="post" className="flex gap-2" aria-label={`Inspect ${item.name}`}>
                  <input type="hidden" name="itemId" value={item.itemId} />
                  <input type="hidden" name="intent" value="inspect" />
                  <button type="submit" name="condition" value="good" className={buttonClass}>Received in good condition</button>
                  <button type="submit" name="condition" value="damaged" className={buttonClass}>Damaged</button>
                </Form>
              </li>
            ))}
          </ul>
        </>
      )}
    </Panel>
  );
}
