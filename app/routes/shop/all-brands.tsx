import { Link } from "react-router";
import type { Route } from "./+types/all-brands";
import { appContext } from "../../context";
import { AGGREGATE_KEYS, cached } from "../../data/cache.server";
import { allBrands } from "../../data/brands.server";
import { canonicalLink, canonicalUrl } from "../../domain/seo";
import { sharedPage } from "../../services/page-cache.server";

// The same for every anonymous visitor: the Worker may reuse it briefly (services/page-cache).
export const headers = sharedPage;
// Signed-in visitors get it too, with their personal parts filled in (services/personal-page.server.tsx).
export const sharedWhenSignedIn = true;

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: "All Brands | Closetloop" },
  { name: "description", content: "Every brand on Closetloop, from high street to designer." },
  ...(loaderData ? [canonicalLink(loaderData.canonical)] : []),
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const app = context.get(appContext);
  return {
    brands: await cached(app.env.CACHE, AGGREGATE_KEYS.allBrands, 300, () => allBrands(app.db)),
    canonical: canonicalUrl(request, "/all-brands"),
  };
}

type Brand = Route.ComponentProps["loaderData"]["brands"][number];

function BrandTile({ brand }: { brand: Brand }) {
  return (
    <Link
      to={`/brand/${encodeURIComponent(brand.name)}`}
      className="flex h-full min-w-0 flex-col items-center gap-2 rounded-lg border border-stone-200 bg-white p-4 text-center wrap-anywhere hover:border-brand"
    >
      {brand.logoUrl ? (
        <img src={brand.logoUrl} alt="" width={64} height={64} loading="lazy" className="size-16 object-contain" />
      ) : (
        <span aria-hidden="true" className="flex size-16 items-center justify-center rounded-full bg-stone-100 text-xl">
          🏷️
        </span>
      )}
      <span className="font-semibold">{brand.name}</span>
      {brand.isPopular ? (
        <span className="rounded-full bg-orange-100 px-2 py-0.5 text-xs font-semibold text-orange-900">Popular</span>
      ) : null}
      {brand.description ? <span className="line-clamp-2 text-xs text-stone-600">{brand.description}</span> : null}
    </Link>
  );
}

export default function AllBrands({ loaderData }: Route.ComponentProps) {
  const { brands } = loaderData;
  if (brands.length === 0) return <p className="py-10 text-center text-stone-700">No brands found</p>;
  const popular = brands.filter((b) => b.isPopular);
  const byLetter = new Map<string, Brand[]>();
  for (const brand of brands) {
    const first = brand.name[0]?.toUpperCase() ?? "#";
    const letter = /[A-Z]/.test(first) ? first : "#";
    byLetter.set(letter, [...(byLetter.get(letter) ?? []), brand]);
  }
  return (
    <div className="space-y-10">
      <h1 className="text-3xl font-bold">All Brands</h1>
      {popular.length > 0 ? (
        <section aria-labelledby="popular-brands">
          <h2 id="popular-brands" className="mb-4 text-2xl font-semibold">
            Popular Brands
          </h2>
          <ul className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-5">
            {popular.map((b) => (
              <li key={b.id}>
                <BrandTile brand={b} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <section aria-labelledby="brands-a-z">
        <h2 id="brands-a-z" className="mb-4 text-2xl font-semibold">
          All Brands A-Z
        </h2>
        <nav aria-label="Brand letters" className="mb-4 flex flex-wrap gap-2 text-sm">
          {[...byLetter.keys()].map((l) => (
            <a key={l} href={`#letter-${l}`} className="rounded border border-stone-300 px-2 py-1">
              {l}
            </a>
          ))}
        </nav>
        <div className="space-y-6">
          {[...byLetter].map(([letter, list]) => (
            <section key={letter} aria-labelledby={`letter-${letter}`}>
              <h3 id={`letter-${letter}`} className="mb-2 text-xl font-semibold">
                {letter}
              </h3>
              <ul className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-5">
                {list.map((b) => (
                  <li key={b.id}>
                    <BrandTile brand={b} />
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </div>
      </section>
    </div>
  );
}
