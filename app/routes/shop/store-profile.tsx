import { useEffect } from "react";
import { data, Form, useRevalidator } from "react-router";
import { notFoundBoundary } from "../../components/not-found";
import type { Route } from "./+types/store-profile";
import { appContext, requestState } from "../../context";
import { batchParts, followersPart, followingPart } from "../../data/page-parts.server";
import { followersText } from "../../domain/follows";
import { FollowButton } from "../../components/follow-button";
import { ProductCardItem } from "../../components/product-card";
import { Pagination } from "../../components/catalog/product-grid";
import { listingPart } from "../../data/catalog.server";
import { splitStoreDescription, storeProfileQuery } from "../../data/profiles.server";
import { rowsPart } from "../../data/parts.server";
import { EMPTY_FILTERS, PROFILE_PAGE_SIZE, profilePage } from "../../domain/catalog";
import { formatMonthYear } from "../../domain/dates";
import { canonicalLink, canonicalUrl } from "../../domain/seo";

// Its visitor's visit rides with its batch when the session keeps its user (decision 0116); the
// loader only reads, and reads the session's user as `viewerId`.
export const visitRides = true;

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const target = { kind: "store" as const, id: params.storeId };
  const viewerId = context.get(requestState).viewerId;
  // The store, its items, its followers and whether the visitor follows it: one round trip, each
  // part keyed by the store's id in the address (decision 0113).
  const [[store], items, followers, following] = await batchParts(app.db, [
    rowsPart(storeProfileQuery(app.db, params.storeId)),
    listingPart(
      app.db,
      EMPTY_FILTERS,
      profilePage(new URL(request.url).searchParams),
      { storeId: params.storeId },
      PROFILE_PAGE_SIZE,
    ),
    followersPart(app.db, target),
    followingPart(app.db, target, viewerId),
  ] as const);
  if (!store) throw data(null, { status: 404 });
  return {
    // Dated here, so the page's code needs no date formatting (issue 47: less first-load JavaScript).
    store: { ...store, ...splitStoreDescription(store.description), partnerSince: formatMonthYear(store.createdAt) },
    items,
    followers,
    following,
    canonical: canonicalUrl(request, `/store/${encodeURIComponent(store.id)}`),
  };
}

export const meta: Route.MetaFunction = ({ loaderData: data }) =>
  data
    ? [
        { title: `${data.store.name} | Closetloop partner store` },
        { name: "description", content: data.store.about || `${data.store.name} on Closetloop` },
        canonicalLink(data.canonical),
      ]
    : [{ title: "Store not found | Closetloop" }];

export default function StoreProfile({ loaderData }: Route.ComponentProps) {
  const { store, items } = loaderData;
  const revalidator = useRevalidator();
  // Refetch when the window regains focus, so a returning visitor sees what is still available.
  useEffect(() => {
    const onFocus = () => revalidator.revalidate();
    window.addEventListener("focus", onFocus);
    return () => window.removeEventListener("focus", onFocus);
  }, [revalidator]);
  return (
    <div className="space-y-8">
      <section className="flex flex-wrap items-start gap-5 rounded-lg border border-stone-200 bg-white p-6">
        {store.logoUrl ? (
          <img
            src={store.logoUrl}
            alt=""
            width={96}
            height={96}
            className="size-24 rounded-lg border border-stone-200 object-contain"
          />
        ) : (
          <div
            className="flex size-24 items-center justify-center rounded-lg bg-brand text-3xl font-semibold text-white"
            aria-hidden="true"
          >
            {store.name[0]}
          </div>
        )}
        <div className="flex-1">
          <h1 className="flex flex-wrap items-center gap-2 text-3xl font-bold">
            {store.name}
            <span className="rounded-full bg-brand-light px-2 py-0.5 text-xs font-semibold text-brand">
              Partner Store
            </span>
          </h1>
          {store.about ? <p className="mt-2 max-w-2xl text-stone-800">{store.about}</p> : null}
          {store.address ? <p className="mt-1 text-sm text-stone-700">📍 {store.address}</p> : null}
          <p className="mt-1 text-sm text-stone-700">
            Partner since {store.partnerSince} · {items.total} item{items.total === 1 ? "" : "s"} ·{" "}
            <span data-followers>{followersText(loaderData.followers)}</span>
          </p>
        </div>
        <FollowButton kind="store" id={store.id} following={loaderData.following} />
        {/* A plain GET without JavaScript; an in-place refetch with it. */}
        <Form
          method="get"
          onSubmit={(e) => {
            e.preventDefault();
            revalidator.revalidate();
          }}
        >
          <button
            type="submit"
            disabled={revalidator.state === "loading"}
            className="rounded-md border border-stone-300 px-3 py-1.5 text-sm"
          >
            {revalidator.state === "loading" ? "Refreshing..." : "Refresh"}
          </button>
        </Form>
      </section>
      <section aria-labelledby="available-items">
        <h2 id="available-items" className="mb-4 text-2xl font-semibold">
          Available Items
        </h2>
        {items.items.length === 0 ? (
          <p className="text-stone-700">No items available yet</p>
        ) : (
          <ul className="grid grid-cols-2 gap-4 md:grid-cols-3 lg:grid-cols-4">
            {items.items.map((p) => (
              <ProductCardItem key={p.id} product={p} />
            ))}
          </ul>
        )}
        <Pagination nextCursor={items.nextCursor} prevCursor={items.prevCursor} />
      </section>
    </div>
  );
}

export const ErrorBoundary = notFoundBoundary({ title: "Store not found" });
