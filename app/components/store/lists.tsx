import { Form, Link } from "react-router";
import { formatShortDate, timeAgo } from "../../domain/dates";
import { formatGBP } from "../../domain/money";
import type { MoneyLine } from "../../domain/order-money";
import { HandlerMoney } from "../order/money";
import { REQUEST_CARD_IMAGES } from "../../domain/store-dashboard";
import { ProductBadges, StatusBadge } from "../dashboard";
import { RejectForm } from "../reject-form";
import { useSubmitting } from "../forms";
import { InspectForm } from "../order/inspect";
import type { InspectFormResult } from "../../domain/returns";

// The store dashboard's lists (seller-store-admin.md §2 Store dashboard). Pure rendering: the
// route's loader brings only the chosen store's records.

export interface StoreProductRow {
  id: string;
  name: string;
  brand: string;
  images: string[];
  rentalPrice: number | null;
  buyingPrice: number | null;
  originalPrice: number | null;
  status: string;
  productStatus: string;
  conciergeStatus: string;
  createdAt: number;
  ownerName: string | null;
}

const price = (pence: number | null) => (pence === null ? "—" : formatGBP(pence));

/** Concierge Requests: a card per product waiting for the store, with up to 3 images (§9), Approve and Reject. */
export function ConciergeRequests({ requests, action, errors }: { requests: StoreProductRow[]; action: string; errors?: unknown }) {
  const approving = useSubmitting("approve_request");
  return (
    <ul className="grid gap-4 md:grid-cols-2">
      {requests.map((p) => (
        <li key={p.id} className="rounded-lg border border-stone-200 bg-white p-4" aria-labelledby={`request-${p.id}`}>
          <h3 id={`request-${p.id}`} className="font-semibold">{p.name}</h3>
          <p className="text-sm text-stone-700">{p.brand}</p>
          <div className="mt-3 flex gap-2">
            {p.images.length === 0 ? (
              <span className="flex h-24 w-20 items-center justify-center rounded bg-stone-100 text-xs text-stone-600">No image</span>
            ) : (
              p.images.slice(0, REQUEST_CARD_IMAGES).map((url, i) => <img key={url} src={url} alt={i === 0 ? p.name : ""} width={80} height={96} loading="lazy" className="h-24 w-20 rounded object-cover" />)
            )}
          </div>
          <dl className="mt-3 grid grid-cols-2 gap-x-3 gap-y-1 text-sm">
            <dt className="text-stone-700">Owner</dt>
            <dd>{p.ownerName ?? "—"}</dd>
            <dt className="text-stone-700">Rental (7 days)</dt>
            <dd>{price(p.rentalPrice)}</dd>
            <dt className="text-stone-700">Buying price</dt>
            <dd>{price(p.buyingPrice)}</dd>
            <dt className="text-stone-700">Original price</dt>
            <dd>{price(p.originalPrice)}</dd>
            <dt className="text-stone-700">Submitted</dt>
            <dd>{formatShortDate(p.createdAt)}</dd>
          </dl>
          <div className="mt-3 flex flex-wrap items-start gap-2">
            <Form method="post" action={action}>
              <input type="hidden" name="productId" value={p.id} />
              <button type="submit" name="intent" value="approve_request" disabled={approving} aria-label={`Approve ${p.name}`} className="rounded-md bg-brand px-3 py-1.5 text-sm font-medium text-white disabled:opacity-60">
                Approve
              </button>
            </Form>
            <RejectForm id={p.id} name={p.name} intent="reject_request" action={action} shownTo="the seller" answer={errors}>
              <input type="hidden" name="productId" value={p.id} />
            </RejectForm>
          </div>
        </li>
      ))}
    </ul>
  );
}

/** Store Products: status badges and View → the store-side edit page. */
export function StoreProducts({ products }: { products: StoreProductRow[] }) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full min-w-[640px] text-left text-sm">
        <caption className="sr-only">The store's products, newest first</caption>
        <thead className="border-b border-stone-200 text-stone-700">
          <tr>
            <th scope="col" className="py-2 pr-3">Product</th>
            <th scope="col" className="py-2 pr-3">Owner</th>
            <th scope="col" className="py-2 pr-3">Prices</th>
            <th scope="col" className="py-2 pr-3">Status</th>
            <th scope="col" className="py-2"><span className="sr-only">Actions</span></th>
          </tr>
        </thead>
        <tbody>
          {products.map((p) => (
            <tr key={p.id} className="border-b border-stone-100 align-top" data-testid="store-product">
              <th scope="row" className="py-2 pr-3 font-normal">
                <div className="flex items-center gap-2">
                  {p.images[0] ? <img src={p.images[0]} alt="" width={40} height={48} loading="lazy" className="h-12 w-10 rounded object-cover" /> : <span className="h-12 w-10 rounded bg-stone-100" aria-hidden="true" />}
                  <span>
                    <span className="block font-medium">{p.name}</span>
                    <span className="block text-xs text-stone-600">{p.brand}</span>
                  </span>
                </div>
              </th>
              <td className="py-2 pr-3">{p.ownerName ?? "—"}</td>
              <td className="py-2 pr-3 text-xs">
                <span className="block">{`Rent ${price(p.rentalPrice)}`}</span>
                <span className="block">{`Buy ${price(p.buyingPrice)}`}</span>
              </td>
              <td className="py-2 pr-3">
                <ProductBadges status={p.status} productStatus={p.productStatus} />
              </td>
              <td className="py-2">
                <Link to={`/store/product/${p.id}/edit`} aria-label={`View ${p.name}`} className="rounded-md border border-stone-300 bg-white px-3 py-1.5 text-sm font-medium">View</Link>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export interface StoreOrder {
  id: string;
  status: string;
  placedAt: number;
  items: { id: string; name: string; type: string; price: number; status: string; inspection: string | null; awaitsInspection: boolean }[];
  money: { lines: MoneyLine[]; total: number };
}

/** Orders with the store's products; a returned concierge rental gets the inspection forms. */
export function StoreOrders({ orders, now, action, result }: { orders: StoreOrder[]; now: number; action: string; result?: InspectFormResult }) {
  return (
    <ul className="divide-y divide-stone-100">
      {orders.map((order) => (
        <li key={order.id} className="py-3">
          <p className="flex flex-wrap items-center gap-2 text-sm">
            <span className="font-medium">{`Order …${order.id.slice(-8)}`}</span>
            <StatusBadge status={order.status} />
            <span className="text-stone-600">{timeAgo(order.placedAt, now)}</span>
          </p>
          <ul className="mt-2 space-y-2">
            {order.items.map((item) => (
              <li key={item.id} className="flex flex-wrap items-center gap-2 text-sm">
                <span>{item.name}</span>
                <span className="text-stone-600">{item.type === "rental" ? "Rental" : "Purchase"} · {formatGBP(item.price)}</span>
                <StatusBadge status={item.status} />
                {item.inspection ? <span className="text-stone-600">{item.inspection === "good" ? "Received in good condition" : item.inspection === "damaged" ? "Damaged" : "Not returnable"}</span> : null}
                {item.awaitsInspection ? <InspectForm itemId={item.id} name={item.name} action={action} result={result} /> : null}
              </li>
            ))}
          </ul>
          <HandlerMoney money={order.money} />
        </li>
      ))}
    </ul>
  );
}
