import { Link } from "react-router";
import type { Route } from "./+types/all-products";
import { appContext } from "../../context";
import { Listing } from "../../components/catalog/listing";
import { loadListing } from "../../services/listing.server";
import { canonicalLink } from "../../domain/seo";
import { sharedPage } from "../../services/page-cache.server";

// The same for every anonymous visitor: the Worker may reuse it briefly (services/page-cache).
export const headers = sharedPage;
// Signed-in visitors get it too, with their personal parts filled in (services/personal-page.server.tsx).
export const sharedWhenSignedIn = true;
// 'Show my sizes' stays on for the visit here (services/my-sizes.server.ts).
export const offersMySizes = true;

export const meta: Route.MetaFunction = ({ loaderData: data }) => {
  const search = data?.filters.search;
  return [
    { title: search ? `Search results for "${search}" | Closetloop` : "All Products | Closetloop" },
    {
      name: "description",
      content: "Browse every pre-owned fashion item on Closetloop: rent for up to 7 days or buy outright.",
    },
    {
      name: "keywords",
      content: "pre-owned fashion, second-hand clothes, rent clothes, designer rental, Rent-Now-Buy-Later",
    },
    ...(data ? [canonicalLink(data.canonical)] : []),
  ];
};

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadListing(context.get(appContext), request, "/all-products");
}

export default function AllProducts({ loaderData }: Route.ComponentProps) {
  return (
    <Listing
      action="/all-products"
      data={loaderData}
      skeletons={12}
      header={
        <>
          <h1 className="mb-2 text-3xl font-bold">All Products</h1>
          {loaderData.filters.search && !loaderData.correction ? (
            <p className="mb-1 wrap-anywhere text-stone-700">Results for “{loaderData.filters.search}”</p>
          ) : null}
        </>
      }
      empty={
        <div className="rounded-lg border border-dashed border-stone-300 p-10 text-center">
          <p className="text-lg font-medium">No products found</p>
          <p className="mt-1 text-stone-700">Try fewer filters or another search.</p>
          <Link to="/all-products" className="mt-4 inline-block rounded-md bg-brand px-4 py-2 font-medium text-white">
            Clear Filters
          </Link>
        </div>
      }
    />
  );
}
