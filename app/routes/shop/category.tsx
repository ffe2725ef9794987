import { data } from "react-router";
import type { Route } from "./+types/category";
import { appContext } from "../../context";
import { Listing, NoProducts } from "../../components/catalog/listing";
import { notFoundBoundary } from "../../components/not-found";
import { categoryBySlug } from "../../data/brands.server";
import { loadListing } from "../../services/listing.server";
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
  const category = await categoryBySlug(app.db, params.slug);
  if (!category) throw data({ notFound: "category" }, { status: 404 });
  return {
    category,
    listing: await loadListing(app, request, `/categories/${category.slug}`, { categories: [category.name] }),
  };
}

export const meta: Route.MetaFunction = ({ loaderData: data }) =>
  data
    ? [
        { title: `${data.category.name} | Closetloop` },
        { name: "description", content: data.category.description ?? `Pre-owned ${data.category.name}` },
        canonicalLink(data.listing.canonical),
      ]
    : [{ title: "Category not found | Closetloop" }];

export default function CategoryPage({ loaderData }: Route.ComponentProps) {
  const { category, listing } = loaderData;
  return (
    <Listing
      action={`/categories/${category.slug}`}
      data={listing}
      skeletons={8}
      hideCategory
      header={
        <div className="mb-2">
          <h1 className="text-3xl font-bold">{category.name}</h1>
          {category.description ? <p className="mt-1 text-stone-700">{category.description}</p> : null}
        </div>
      }
      empty={<NoProducts />}
    />
  );
}

export const ErrorBoundary = notFoundBoundary({ title: "Category not found" });
