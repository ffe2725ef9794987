import { data, redirect } from "react-router";
import type { Route } from "./+types/brand";
import { appContext } from "../../context";
import { Listing, NoProducts } from "../../components/catalog/listing";
import { brandByNamePart, brandRedirect } from "../../data/brands.server";
import { loadListing, loadListingWith } from "../../services/listing.server";
import { canonicalLink } from "../../domain/seo";
import { sharedPage } from "../../services/page-cache.server";

// The same for every anonymous visitor: the Worker may reuse it briefly (services/page-cache).
export const headers = sharedPage;
// Signed-in visitors get it too, with their personal parts filled in (services/personal-page.server.tsx).
export const sharedWhenSignedIn = true;
// 'Show my sizes' stays on for the visit here (services/my-sizes.server.ts).
export const offersMySizes = true;

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const path = (name: string) => `/brand/${encodeURIComponent(name)}`;
  // The brand and its listing in one round trip, for the page's address as written; an address in
  // another case than the brand's name ('/brand/ganni') lists again by the name (issue 47).
  const [listing, [brand]] = await loadListingWith(
    app,
    request,
    path(params.brandName),
    { brands: [params.brandName] },
    {},
    brandByNamePart(app.db, params.brandName),
  );
  if (!brand) {
    // A brand merged into another: its old page leads to the brand it became.
    const merged = await brandRedirect(app.db, params.brandName);
    if (merged) throw redirect(`${path(merged.name)}${new URL(request.url).search}`, 301);
    throw data(null, { status: 404 });
  }
  return {
    brand,
    listing:
      brand.name === params.brandName
        ? listing
        : await loadListing(app, request, path(brand.name), { brands: [brand.name] }),
  };
}

export const meta: Route.MetaFunction = ({ loaderData: data }) =>
  data
    ? [
        { title: `${data.brand.name} | Closetloop` },
        { name: "description", content: data.brand.description ?? `Pre-owned ${data.brand.name} to rent or buy.` },
        canonicalLink(data.listing.canonical),
      ]
    : [];

export default function BrandPage({ loaderData }: Route.ComponentProps) {
  const { brand, listing } = loaderData;
  return (
    <Listing
      action={`/brand/${encodeURIComponent(brand.name)}`}
      data={listing}
      skeletons={8}
      hideBrand
      header={
        <div className="mb-4 flex items-center gap-4">
          {brand.logoUrl ? (
            <img
              src={brand.logoUrl}
              alt=""
              width={72}
              height={72}
              className="size-18 rounded-md border border-stone-200 bg-white object-contain"
            />
          ) : null}
          <div className="min-w-0">
            <h1 className="text-3xl font-bold wrap-anywhere">{brand.name}</h1>
            {brand.description ? <p className="mt-1 max-w-2xl text-stone-700">{brand.description}</p> : null}
          </div>
        </div>
      }
      empty={<NoProducts />}
    />
  );
}
