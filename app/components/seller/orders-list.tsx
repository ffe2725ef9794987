import { Link } from "react-router";
import { showReference } from "../../domain/order-reference";
import { timeAgo } from "../../domain/dates";
import { formatGBP } from "../../domain/money";
import type { MoneyLine } from "../../domain/order-money";
import { HandlerMoney } from "../order/money";
import { StatusBadge } from "../kit/badge";

// The seller's orders on their dashboard's Orders tab (seller-store-admin.md §2 Seller dashboard),
// apart from the other tabs' lists so that the tab loads only its own code (decision 0127).

export interface SellerOrder {
  id: string;
  reference: string | null;
  status: string;
  placedAt: number;
  items: { id: string; name: string; type: string; price: number; status: string }[];
  money: { lines: MoneyLine[]; total: number };
}

export function SellerOrders({ orders, now }: { orders: SellerOrder[]; now: number }) {
  return (
    <ul className="divide-y divide-stone-100">
      {orders.map((o) => (
        <li key={o.id} className="py-3" data-testid="seller-order">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p className="font-medium">
              {`Order ${showReference(o.reference)}`}{" "}
              <span className="text-sm font-normal text-stone-700">{`· ${timeAgo(o.placedAt, now)}`}</span>
            </p>
            <StatusBadge status={o.status} />
          </div>
          <ul className="mt-1 text-sm text-stone-800">
            {o.items.map((item) => (
              <li key={item.id} className="flex flex-wrap gap-x-2">
                <span>{item.name}</span>
                <span className="text-stone-600">{item.type === "rental" ? "(Rental)" : "(Purchase)"}</span>
                <span>{formatGBP(item.price)}</span>
                {/* Each item's own state, as the store's list shows it: one may be cancelled, or shipped, while the order goes on (decision 0068). */}
                <StatusBadge status={item.status} />
                {/* A completed trade: the seller rates the shopper (issue 46 item 2). */}
                {item.status === "completed" || item.status === "returned" ? (
                  <Link to={`/account/ratings/${item.id}`} className="font-medium text-brand underline">
                    Rate the shopper
                  </Link>
                ) : null}
              </li>
            ))}
          </ul>
          <HandlerMoney money={o.money} />
        </li>
      ))}
    </ul>
  );
}
