import { Link } from "react-router";
import type { Route } from "./+types/products";
import { tellProductReviewed } from "../../services/notices.server";
import { tellFollowersNewListing } from "../../services/follow-notices.server";
import { tellBackOnSale } from "../../services/alerts.server";
import { adminProductsPart, reviewProduct, reviewRefusal } from "../../data/admin-products.server";
import { batchParts } from "../../data/parts.server";
import { conciergeOf, REVIEW_STATUSES, reviewStageOf } from "../../domain/admin-products";
import { adminTab } from "../../domain/admin-tabs";
import { formText, readFilter, readSearch, tabReturnTo } from "../../domain/admin-lists";
import { formatShortDate } from "../../domain/dates";
import { readPage } from "../../domain/tabs";
import {
  listAnswer,
  openAdminAction,
  openAdminLoader,
  refuse,
  searchedPart,
} from "../../services/admin-actions.server";
import { publicPagesChanged } from "../../services/freshness.server";
import { redirectWithToast } from "../../services/toast.server";
import { ActionAlert, ReviewActions, SearchableTable } from "../../components/admin";
import { buttonClass } from "../../components/kit/buttons";
import { Panel } from "../../components/kit/panel";
import { ProductBadges } from "../../components/kit/badge";
import { CellText } from "../../components/kit/data-table";
import { PriceLines, productColumn } from "../../components/kit/product-cells";
import { readDecisionReason } from "../../domain/decision-reason";
import { refuseFields } from "../../services/admin-content.server";

// Admin Products (seller-store-admin.md §2, §4, §6; issue 14 item 3): every product with its
// owner, store, statuses and prices; Approve / Reject for pending ones. An approval puts the item
// on the public pages at once (decision 0022).

export const meta: Route.MetaFunction = () => [
  { title: "Products | Admin | Closetloop" },
  { name: "robots", content: "noindex" },
];

const TAB = adminTab("products").href;

// Its GET authorizes with the user the session kept while their visit rides with its batch, and
// only reads (a page whose visit finds another user is rendered again): decision 0116.
export const visitRides = true;

export async function loader(args: Route.LoaderArgs) {
  const { user, app, url } = openAdminLoader(args, "products");
  const search = readSearch(url);
  const filter = { q: search.q, status: readFilter(url, "status", REVIEW_STATUSES), page: readPage(url) };
  const [list] = await batchParts(app.db, [searchedPart(search, adminProductsPart(app.db, filter))] as const);
  // §6: View opens the vendor edit route for a superadmin, the public page for everyone else —
  // but a listing not on the shop (waiting for review, sold) has no public page: its details then (decision 0068).
  return listAnswer({
    ...filter,
    searchError: search.error,
    rows: list.rows.map((p) => ({ ...p, concierge: conciergeOf(p), stage: reviewStageOf(p) })),
    hasNext: list.hasNext,
    viewsEdit: user.isSuperAdmin,
  });
}

export const intents = ["approve", "reject"] as const;

export async function action(args: Route.ActionArgs) {
  const { user, app, form, intent } = await openAdminAction(args, "products", intents);
  if (!intent) return refuse(app.config, 400, "Failed to update product status", "Unknown action.");
  const productId = formText(form, "productId");
  const now = Date.now();
  // A rejection says why: the seller is shown the reason (issue 24, item 8).
  const reason = intent === "reject" ? readDecisionReason(form) : null;
  if (reason && !reason.ok)
    return refuseFields(app.config, `reject-${productId}`, "Failed to update product status", { reason: reason.error });
  if (!(await reviewProduct(app.db, productId, intent, user.id, now, reason?.ok ? reason.reason : null))) {
    const why = await reviewRefusal(app.db, productId);
    return refuse(app.config, why.status, "Failed to update product status", why.message);
  }
  await publicPagesChanged(app.env.CACHE, now);
  // The seller is told, with the reason (issue 23).
  await tellProductReviewed(app, productId, intent, reason?.ok ? reason.reason : null);
  // A listing gone live: its seller's (or store's) followers are told (issue 46 item 1).
  if (intent === "approve") await tellFollowersNewListing(app, productId);
  // A relisted item (back from a damaged return) reaches the shoppers waiting for it (issue 25).
  if (intent === "approve") await tellBackOnSale(app, [productId], now);
  const status = intent === "approve" ? "approved" : "rejected";
  return redirectWithToast(app.config, tabReturnTo(form.get("returnTo"), TAB), {
    type: "success",
    title: `Product ${status} successfully`,
  });
}

const STATUS_OPTIONS = REVIEW_STATUSES.map((s) => ({ value: s, label: s[0]!.toUpperCase() + s.slice(1) }));

export default function AdminProducts({ loaderData, actionData }: Route.ComponentProps) {
  const { rows, hasNext, page, q, searchError, status, viewsEdit } = loaderData;
  return (
    <>
      <ActionAlert data={actionData} />
      <Panel title="Products">
        <SearchableTable
          tab={TAB}
          noun="products"
          search={{ label: "Search products (name, brand, owner)", q, error: searchError }}
          filter={{ name: "status", label: "Status", value: status, options: STATUS_OPTIONS }}
          page={page}
          hasNext={hasNext}
          caption="Products, newest first, with their owner, store, status and prices"
          rows={rows}
          columns={[
            productColumn(),
            { header: "Owner", cell: (p) => <CellText note={p.ownerEmail}>{p.ownerName ?? "—"}</CellText> },
            {
              header: "Store",
              cell: (p) => <CellText note={`Concierge: ${p.concierge}`}>{p.storeName ?? "—"}</CellText>,
            },
            {
              header: "Status",
              cell: (p) => (
                <>
                  <ProductBadges
                    status={p.status}
                    productStatus={p.productStatus}
                    rejectionReason={p.rejectionReason}
                    declinedBy={p.declinedBy}
                    availability={p.availability}
                    orderStage={p.orderStage}
                  />
                </>
              ),
            },
            {
              header: "Prices",
              className: "text-xs",
              cell: (p) => <PriceLines rent={p.rentalPrice} buy={p.buyingPrice} original={p.originalPrice} />,
            },
            { header: "Created", cell: (p) => formatShortDate(p.createdAt) },
            {
              header: "Actions",
              hiddenHeader: true,
              cell: (p) => (
                <div className="flex flex-wrap items-center gap-2">
                  <Link
                    to={viewsEdit || !p.onShop ? `/vendor/product/${p.id}/edit` : `/product/${p.id}`}
                    className={buttonClass}
                    aria-label={`View ${p.name}`}
                  >
                    View
                  </Link>
                  {p.stage === "store" ? <span className="text-xs text-stone-700">Waiting for the store</span> : null}
                  {p.stage === "staff" ? (
                    <ReviewActions id={p.id} name={p.name} field="productId" shownTo="the seller" answer={actionData} />
                  ) : null}
                </div>
              ),
            },
          ]}
        />
      </Panel>
    </>
  );
}
