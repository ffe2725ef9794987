import { Link } from "react-router";
import type { Route } from "./+types/products";
import { tellProductReviewed } from "../../services/notices.server";
import { tellBackOnSale } from "../../services/alerts.server";
import { appContext } from "../../context";
import { adminProducts, reviewProduct, reviewRefusal } from "../../data/admin-products.server";
import { conciergeOf, REVIEW_STATUSES, reviewStageOf } from "../../domain/admin-products";
import { adminTab } from "../../domain/admin-tabs";
import { formText, pageHref, readFilter, readSearch, tabReturnTo } from "../../domain/admin-lists";
import { formatShortDate } from "../../domain/dates";
import { readIntent } from "../../domain/intents";
import { formatGBP } from "../../domain/money";
import { readPage } from "../../domain/tabs";
import { refuse } from "../../services/admin-actions.server";
import { publicPagesChanged } from "../../services/freshness.server";
import { requireAdminTab } from "../../services/guards.server";
import { redirectWithToast } from "../../services/toast.server";
import { ActionAlert, buttonClass, FilterSelect, ReviewActions, SearchForm } from "../../components/admin";
import { EmptyState, Pagination, Panel, ProductBadges, StatusBadge } from "../../components/dashboard";
import { readDecisionReason } from "../../domain/decision-reason";
import { refuseFields } from "../../services/admin-content.server";

// Admin Products (seller-store-admin.md §2, §4, §6; issue 14 item 3): every product with its
// owner, store, statuses and prices; Approve / Reject for pending ones. An approval puts the item
// on the public pages at once (decision 0022).

export const meta: Route.MetaFunction = () => [{ title: "Products | Admin | Closetloop" }, { name: "robots", content: "noindex" }];

const TAB = adminTab("products").href;

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireAdminTab(context, request, "products");
  const app = context.get(appContext);
  const url = new URL(request.url);
  const filter = { q: readSearch(url), status: readFilter(url, "status", REVIEW_STATUSES), page: readPage(url) };
  const list = await adminProducts(app.db, filter);
  // §6: View opens the vendor edit route for a superadmin, the public page for everyone else.
  return { ...filter, rows: list.rows.map((p) => ({ ...p, concierge: conciergeOf(p), stage: reviewStageOf(p) })), hasNext: list.hasNext, viewsEdit: user.isSuperAdmin };
}

export const intents = ["approve", "reject"] as const;

export async function action({ request, context }: Route.ActionArgs) {
  const user = requireAdminTab(context, request, "products");
  const app = context.get(appContext);
  const form = await request.formData();
  const intent = readIntent(form, intents);
  if (!intent) return refuse(app.config, 400, "Failed to update product status", "Unknown action.");
  const productId = formText(form, "productId");
  const now = Date.now();
  // A rejection says why: the seller is shown the reason (issue 24, item 8).
  const reason = intent === "reject" ? readDecisionReason(form) : null;
  if (reason && !reason.ok) return refuseFields(app.config, `reject-${productId}`, "Failed to update product status", { reason: reason.error });
  if (!(await reviewProduct(app.db, productId, intent, user.id, now, reason?.ok ? reason.reason : null))) {
    const why = await reviewRefusal(app.db, productId);
    return refuse(app.config, why.status, "Failed to update product status", why.message);
  }
  await publicPagesChanged(app.env.CACHE, now);
  // The seller is told, with the reason (issue 23).
  await tellProductReviewed(app, productId, intent, reason?.ok ? reason.reason : null);
  // A relisted item (back from a damaged return) reaches the shoppers waiting for it (issue 25).
  if (intent === "approve") await tellBackOnSale(app, [productId], now);
  const status = intent === "approve" ? "approved" : "rejected";
  return redirectWithToast(app.config, tabReturnTo(form.get("returnTo"), TAB), { type: "success", title: `Product ${status} successfully` });
}

const STATUS_OPTIONS = REVIEW_STATUSES.map((s) => ({ value: s, label: s[0]!.toUpperCase() + s.slice(1) }));
const price = (pence: number | null) => (pence === null ? "—" : formatGBP(pence));

export default function AdminProducts({ loaderData, actionData }: Route.ComponentProps) {
  const { rows, hasNext, page, q, status, viewsEdit } = loaderData;
  return (
    <>
      <ActionAlert data={actionData} />
      <Panel title="Products">
        <SearchForm label="Search products (name, brand, owner)" q={q}>
          <FilterSelect name="status" label="Status" value={status} options={STATUS_OPTIONS} />
        </SearchForm>
        {rows.length === 0 ? (
          <EmptyState>{q || status ? "No products match your search." : "No products yet."}</EmptyState>
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm">
              <thead className="border-b border-stone-200 text-stone-600">
                <tr>
                  <th scope="col" className="py-2 pr-3">Product</th>
                  <th scope="col" className="py-2 pr-3">Owner</th>
                  <th scope="col" className="py-2 pr-3">Store</th>
                  <th scope="col" className="py-2 pr-3">Status</th>
                  <th scope="col" className="py-2 pr-3">Prices</th>
                  <th scope="col" className="py-2 pr-3">Created</th>
                  <th scope="col" className="py-2 pr-3"><span className="sr-only">Actions</span></th>
                </tr>
              </thead>
              <tbody className="divide-y divide-stone-100">
                {rows.map((p) => (
                  <tr key={p.id}>
                    <th scope="row" className="py-2 pr-3 font-normal">
                      <div className="flex items-center gap-2">
                        {p.images[0] ? <img src={p.images[0]} alt="" width={40} height={40} loading="lazy" className="h-10 w-10 rounded object-cover" /> : <span className="h-10 w-10 rounded bg-stone-200" aria-hidden="true" />}
                        <span>
                          <span className="block font-medium">{p.name}</span>
                          <span className="block text-xs text-stone-600">{p.brand}</span>
                        </span>
                      </div>
                    </th>
                    <td className="py-2 pr-3">
                      <span className="block">{p.ownerName ?? "—"}</span>
                      <span className="block text-xs text-stone-600">{p.ownerEmail}</span>
                    </td>
                    <td className="py-2 pr-3">
                      {p.storeName ?? "—"}
                      <span className="block text-xs text-stone-600">{`Concierge: ${p.concierge}`}</span>
                    </td>
                    <td className="py-2 pr-3">
                      <ProductBadges status={p.status} productStatus={p.productStatus} rejectionReason={p.rejectionReason} />
                      {p.availability !== "available" ? <StatusBadge status={p.availability} label={p.availability === "rented" ? "Out on rental" : "Sold"} tone="grey" /> : null}
                    </td>
                    <td className="py-2 pr-3 text-xs">
                      <span className="block">{`Rent ${price(p.rentalPrice)}`}</span>
                      <span className="block">{`Buy ${price(p.buyingPrice)}`}</span>
                      <span className="block text-stone-600">{`Original ${price(p.originalPrice)}`}</span>
                    </td>
                    <td className="py-2 pr-3">{formatShortDate(p.createdAt)}</td>
                    <td className="py-2 pr-3">
                      <div className="flex flex-wrap items-center gap-2">
                        <Link to={viewsEdit ? `/vendor/product/${p.id}/edit` : `/product/${p.id}`} className={buttonClass} aria-label={`View ${p.name}`}>View</Link>
                        {p.stage === "store" ? <span className="text-xs text-stone-700">Waiting for the store</span> : null}
                        {p.stage === "staff" ? (
                          <ReviewActions id={p.id} name={p.name} field="productId" shownTo="the seller" answer={actionData} />
                        ) : null}
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <Pagination page={page} hasNext={hasNext} href={(n) => pageHref(`${TAB}?${new URLSearchParams({ ...(q ? { q } : {}), ...(status ? { status } : {}) })}`, n)} />
      </Panel>
    </>
  );
}
