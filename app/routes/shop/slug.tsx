import { data, Link } from "react-router";
import type { Route } from "./+types/slug";
import { appContext, requestState } from "../../context";
import { batchParts } from "../../data/parts.server";
import { followingPart } from "../../data/page-parts.server";
import { sellerNamed } from "../../data/columns.server";
import { namedSellerStandingPart } from "../../data/ratings.server";
import { FollowButton } from "../../components/follow-button";
import { SellerBadges } from "../../components/seller-badges";
import { usePersonal } from "../../components/personal";
import { followersText } from "../../domain/follows";
import { ratingSummary } from "../../domain/ratings";
import { Listing, NoProducts } from "../../components/catalog/listing";
import { ProductCardItem } from "../../components/product-card";
import { Pagination } from "../../components/catalog/product-grid";
import { namedSellerProfilePart } from "../../data/profiles.server";
import { productTypeFromSlug, profilePage } from "../../domain/catalog";
import { formatMonthYear } from "../../domain/dates";
import { initials } from "../../domain/initials";
import { loadListing } from "../../services/listing.server";
import { canonicalLink, canonicalUrl } from "../../domain/seo";
import { sharedPage } from "../../services/page-cache.server";

// DECISIONS.md (Routes): /{slug} is a product type when it names one, else a vendor's public
// profile by display name, else the 404 page.
//
// The same for every anonymous visitor: the Worker may reuse it briefly (services/page-cache).
export const headers = sharedPage;
// Signed-in visitors get it too, with their personal parts filled in (services/personal-page.server.tsx).
export const sharedWhenSignedIn = true;
// 'Show my sizes' stays on for the visit on a product type's listing (services/my-sizes.server.ts).
export const offersMySizes = (pathname: string) => productTypeFromSlug(pathname.slice(1)) !== null;

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const type = productTypeFromSlug(params.slug);
  if (type) {
    return {
      kind: "type" as const,
      type,
      listing: await loadListing(app, request, `/${type.toLowerCase()}`, { productTypes: [type] }),
    };
  }
  // The seller, their profile, items, badges and (for a page rendered for its signed-in visitor)
  // whether they follow: one round trip, each part keyed by the name (decisions 0090, 0091, 0113).
  const name = params.slug.toLowerCase();
  const seller = sellerNamed(name);
  const viewerId = context.get(requestState).viewerId;
  const [[[found], { items, ...profile }], standing, following] = await batchParts(app.db, [
    namedSellerProfilePart(app.db, name, profilePage(new URL(request.url).searchParams)),
    namedSellerStandingPart(app.db, name, Date.now()),
    followingPart(app.db, { kind: "seller", id: seller }, viewerId),
  ] as const);
  if (!found) {
    console.warn(`404: no page at /${params.slug}`);
    throw data(null, { status: 404 });
  }
  const vendor = { ...found, isVerified: Boolean(found.isVerified) };
  return {
    kind: "vendor" as const,
    // Dated here, so the page's code needs no date formatting (issue 47: less first-load JavaScript).
    vendor: { ...vendor, ...profile, joined: formatMonthYear(vendor.createdAt) },
    standing,
    following,
    items,
    canonical: canonicalUrl(request, `/${encodeURIComponent(vendor.displayName ?? params.slug)}`),
  };
}

export const meta: Route.MetaFunction = ({ loaderData: data }) => {
  if (!data) return [{ title: "Page not found | Closetloop" }];
  if (data.kind === "type") {
    return [
      { title: `${data.type} Products | Closetloop` },
      {
        name: "description",
        content: `Pre-owned ${data.type.toLowerCase()}'s fashion to rent for up to 7 days or buy.`,
      },
      canonicalLink(data.listing.canonical),
    ];
  }
  const name = data.vendor.displayName ?? "Vendor";
  return [
    { title: `${name} | Closetloop` },
    { name: "description", content: `Pre-owned fashion from ${name} on Closetloop.` },
    canonicalLink(data.canonical),
  ];
};

function Stars({ rating }: { rating: number }) {
  return (
    <span aria-label={`${rating} out of 5 stars`} className="text-accent">
      {"★".repeat(rating)}
      <span className="text-stone-300">{"★".repeat(5 - rating)}</span>
    </span>
  );
}

function VendorProfile(loaderData: Extract<Route.ComponentProps["loaderData"], { kind: "vendor" }>) {
  const { vendor, items, standing } = loaderData;
  const more = vendor.reviewCount - vendor.reviews.length;
  const personal = usePersonal(loaderData);
  const following = personal ? Boolean(personal.follows?.[`seller:${vendor.id}`]) : loaderData.following;
  return (
    <div className="space-y-8">
      <section className="flex flex-wrap items-center gap-5 rounded-lg border border-stone-200 bg-white p-6">
        {vendor.avatarUrl ? (
          <img src={vendor.avatarUrl} alt="" width={96} height={96} className="size-24 rounded-full object-cover" />
        ) : (
          <div
            className="flex size-24 items-center justify-center rounded-full bg-brand text-3xl font-semibold text-white"
            aria-hidden="true"
          >
            {initials(vendor.displayName)}
          </div>
        )}
        <div className="flex-1">
          <h1 className="text-3xl font-bold">{vendor.displayName}</h1>
          <SellerBadges badges={standing.badges} />
          <p className="text-stone-700">Joined {vendor.joined}</p>
          <p className="text-sm text-stone-700">
            {ratingSummary(standing.average, standing.ratings)} · {items.total} item{items.total === 1 ? "" : "s"} ·{" "}
            <span data-followers>{followersText(vendor.followers)}</span>
          </p>
        </div>
        <FollowButton kind="seller" id={vendor.id} following={following} />
      </section>

      <section aria-labelledby="items-for-sale">
        <h2 id="items-for-sale" className="mb-4 text-2xl font-semibold">
          Items for Sale
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

      <section aria-labelledby="reviews">
        <h2 id="reviews" className="mb-4 text-2xl font-semibold">
          Reviews
        </h2>
        {vendor.reviews.length === 0 ? (
          <p className="text-stone-700">No reviews yet</p>
        ) : (
          <ul className="space-y-3">
            {vendor.reviews.map((r) => (
              <li key={r.id} className="rounded-lg border border-stone-200 bg-white p-4">
                <p className="flex items-center justify-between text-sm">
                  <span className="font-medium">Anonymous</span>
                  <Stars rating={r.rating} />
                </p>
                {r.comment ? <p className="mt-1 text-stone-800">{r.comment}</p> : null}
              </li>
            ))}
          </ul>
        )}
        {more > 0 ? <p className="mt-3 text-sm text-stone-700">And {more} more reviews...</p> : null}
      </section>
    </div>
  );
}

export default function SlugPage({ loaderData }: Route.ComponentProps) {
  if (loaderData.kind === "vendor") return <VendorProfile {...loaderData} />;
  const slug = loaderData.type.toLowerCase();
  return (
    <Listing
      action={`/${slug}`}
      data={loaderData.listing}
      skeletons={8}
      hideType
      header={
        <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
          <h1 className="text-3xl font-bold">{loaderData.type} Products</h1>
          <Link to="/" className="rounded-md border border-stone-300 px-3 py-1.5 text-sm">
            ← Back to Home
          </Link>
        </div>
      }
      empty={<NoProducts />}
    />
  );
}
