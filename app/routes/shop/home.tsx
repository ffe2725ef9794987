import { and, eq } from "drizzle-orm";
import { Link, redirect } from "react-router";
import type { Route } from "./+types/home";
import { siteContent } from "../../../db/schema";
import { appContext, requestState } from "../../context";
import { newItems } from "../../data/products.server";
import { cached } from "../../data/cache.server";
import { ProductCard } from "../../components/product-card";

export const meta: Route.MetaFunction = () => [
  { title: "Closetloop | Rent or buy pre-owned fashion" },
  { name: "description", content: "Rent up to 7 days or buy your favourites at great prices." },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  // Old product links: /?brand=X and /?tag=X open the filtered listing (DECISIONS.md, Routes).
  const url = new URL(request.url);
  const brand = url.searchParams.get("brand");
  const tag = url.searchParams.get("tag");
  if (brand || tag) {
    const params = new URLSearchParams();
    if (brand) params.set("brand", brand);
    if (tag) params.set("tag", tag);
    throw redirect(`/all-products?${params}`, 301);
  }
  const app = context.get(appContext);
  const signedIn = Boolean(context.get(requestState).user);
  const [hero, items] = await Promise.all([
    cached(app.env.CACHE, "home:hero", 300, async () => {
      const row = await app.db
        .select({ imageUrl: siteContent.imageUrl })
        .from(siteContent)
        .where(and(eq(siteContent.contentType, "banner"), eq(siteContent.contentKey, "home_hero")))
        .get();
      return { imageUrl: row?.imageUrl ?? null };
    }),
    // A failed load shows the empty state, never a crash (shopper.md §2.3).
    newItems(app.db, Date.now()).catch((error) => {
      console.error("home: new items failed to load", error);
      return [];
    }),
  ]);
  return { hero, items, signedIn };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { hero, items, signedIn } = loaderData;
  return (
    <>
      <section
        className="relative -mx-4 -mt-6 flex min-h-[22rem] items-center bg-brand bg-cover bg-center px-6 py-16 text-white"
        style={hero.imageUrl ? { backgroundImage: `linear-gradient(rgb(0 0 0 / 0.45), rgb(0 0 0 / 0.45)), url(${hero.imageUrl})` } : undefined}
      >
        <div className="mx-auto w-full max-w-7xl">
          <h1 className="max-w-2xl text-4xl font-bold leading-tight sm:text-5xl">
            Pre-owned, re-loved clothes. Rent Now, Buy Later.
          </h1>
          <p className="mt-4 max-w-xl text-lg">Rent up to 7 days or buy your favourites at great prices.</p>
          <Link
            to={signedIn ? "/all-products" : "/auth"}
            className="mt-6 inline-block rounded-md bg-white px-6 py-3 font-semibold text-brand"
          >
            {signedIn ? "Start Shopping" : "Join Now"}
          </Link>
        </div>
      </section>

      <section aria-labelledby="new-items" className="mt-10">
        <div className="flex items-baseline justify-between">
          <h2 id="new-items" className="text-2xl font-semibold">New Items</h2>
          <Link to="/all-products" className="text-sm font-medium text-brand underline">View All</Link>
        </div>
        {items.length === 0 ? (
          <p className="mt-4 text-stone-600">No new items in the last 30 days</p>
        ) : (
          <ul className="mt-4 grid grid-cols-2 gap-4 md:grid-cols-3 lg:grid-cols-4">
            {items.map((product, i) => (
              <li key={product.id}>
                <ProductCard product={product} eager={i < 4} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
