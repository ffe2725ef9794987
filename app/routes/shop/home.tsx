import { Link, redirect } from "react-router";
import type { Route } from "./+types/home";
import { appContext, requestState } from "../../context";
import { AGGREGATE_KEYS, cached } from "../../data/cache.server";
import { EMPTY_HOME, homeAggregates } from "../../data/home.server";
import { newItemsPart } from "../../data/catalog.server";
import { newFromFollowedPart } from "../../data/follows.server";
import { batchParts, valuePart } from "../../data/parts.server";
import { FollowingRail } from "../../components/home/following-rail";
import { ProductCardItem } from "../../components/product-card";
import { HeroLink } from "../../components/home/hero-link";
import { Rail, RailSection } from "../../components/home/rails";
import { WhyCarousel } from "../../components/home/why-carousel";
import { usePersonal } from "../../components/personal";
import { formatLongDate } from "../../domain/dates";
import { canonicalLink, canonicalUrl } from "../../domain/seo";
import { DEFAULT_SETTINGS, type PublicSettings } from "../../domain/site";
import { sharedPage } from "../../services/page-cache.server";

// The same for every anonymous visitor: the Worker may reuse it briefly (services/page-cache).
export const headers = sharedPage;
// Signed-in visitors get it too, with their personal parts filled in (services/personal-page.server.tsx).
export const sharedWhenSignedIn = true;

// Home's title, description and keywords are the site settings' SEO group (decision 0034).
export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const settings =
    (matches.find((m) => m?.id === "root")?.loaderData as { settings?: PublicSettings } | undefined)?.settings ??
    DEFAULT_SETTINGS;
  return [
    { title: settings.metaTitle },
    { name: "description", content: settings.metaDescription },
    ...(settings.metaKeywords ? [{ name: "keywords", content: settings.metaKeywords }] : []),
    ...(loaderData ? [canonicalLink(loaderData.canonical)] : []),
  ];
};

// Shown when no post is published yet (shopper.md §2.3).
export const SAMPLE_POSTS = [
  {
    id: "",
    title: "How Rent-Now-Buy-Later works",
    excerpt: "Rent for up to 7 days, then keep it at the Buy Now price or send it back.",
    category: "Guides",
    featuredImageUrl: null,
    publishedAt: null,
  },
  {
    id: "",
    title: "Caring for pre-loved wool",
    excerpt: "Simple habits that keep coats and knits looking new for years.",
    category: "Care",
    featuredImageUrl: null,
    publishedAt: null,
  },
  {
    id: "",
    title: "Five ways to style a blazer",
    excerpt: "From the office to the weekend: one jacket, five looks.",
    category: "Style",
    featuredImageUrl: null,
    publishedAt: null,
  },
];

async function safely<T>(what: string, load: () => Promise<T>, fallback: T): Promise<T> {
  try {
    return await load();
  } catch (error) {
    console.error(`home: ${what} failed to load`, error);
    return fallback;
  }
}

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
  // The page's visit rides with its batch (decision 0115): the session's user, before it is read.
  const viewerId = context.get(requestState).viewerId;
  const signedIn = viewerId !== null;
  const now = Date.now();
  // Aggregates every visitor shares come from KV (one key, one batch when it expires); only the
  // new items are read fresh, in one batch with the rail of followed sellers' items (personal: only
  // a page rendered for its visitor has it; the shared copy's is empty, decision 0090). A failed
  // load shows empty states, never a crash (shopper.md §2.3).
  const [{ hero, categories, brands, posts }, [items, followingRail]] = await Promise.all([
    safely(
      "shared sections",
      () => cached(app.env.CACHE, AGGREGATE_KEYS.home, 120, () => homeAggregates(app.db)),
      EMPTY_HOME,
    ),
    safely(
      "new items",
      () =>
        batchParts(app.db, [
          newItemsPart(app.db, now),
          viewerId ? newFromFollowedPart(app.db, viewerId, now) : valuePart([]),
        ] as const),
      [[], []] as const,
    ),
  ]);
  return {
    hero,
    categories,
    brands,
    // Dated here, so the page's code needs no date formatting (issue 47: less first-load JavaScript).
    posts: (posts.length ? posts : SAMPLE_POSTS).map((post) => ({
      ...post,
      published: post.publishedAt ? formatLongDate(post.publishedAt) : null,
    })),
    items,
    followingRail,
    signedIn,
    canonical: canonicalUrl(request, "/"),
  };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { hero, categories, brands, posts, items, signedIn } = loaderData;
  const personal = usePersonal(loaderData);
  const followingRail = personal ? (personal.followingRail ?? []) : loaderData.followingRail;
  return (
    <>
      {/* The hero (issue 46 item 6): the banner photo full width behind an editorial headline, the call to action and what renting means. */}
      <section
        className="relative -mx-4 -mt-6 flex min-h-[26rem] items-end overflow-hidden bg-brand bg-cover bg-center px-5 pt-24 pb-10 text-white sm:min-h-[32rem] sm:items-center sm:px-8 sm:py-20"
        style={
          hero.imageUrl
            ? {
                backgroundImage: `linear-gradient(100deg, rgb(20 33 30 / 0.82) 0%, rgb(20 33 30 / 0.55) 45%, rgb(0 0 0 / 0.1) 100%), url(${JSON.stringify(hero.imageUrl)})`,
              }
            : undefined
        }
      >
        <div className="mx-auto w-full max-w-7xl">
          <p className="text-xs font-semibold tracking-[0.25em] text-white/80 uppercase">Pre-owned designer fashion</p>
          <h1 className="mt-3 max-w-2xl font-display text-4xl leading-[1.05] font-semibold tracking-tight text-balance sm:text-6xl">
            Pre-owned, re-loved clothes. Rent Now, Buy Later.
          </h1>
          <p className="mt-4 max-w-xl text-lg text-white/90 sm:text-xl">
            Rent up to 7 days or buy your favourites at great prices.
          </p>
          <div className="flex flex-wrap items-center gap-x-6 gap-y-2">
            <HeroLink signedIn={personal ? Boolean(personal.user) : signedIn} />
            <Link
              to="/all-products"
              className="mt-6 inline-block font-semibold text-white underline decoration-white/50 underline-offset-8 hover:decoration-white"
            >
              Browse the rails
            </Link>
          </div>
        </div>
      </section>
      <ul
        className="-mx-4 grid grid-cols-2 gap-px border-b border-stone-200 bg-stone-200 text-center text-xs font-medium text-stone-700 sm:grid-cols-4 sm:text-sm"
        aria-label="How Closetloop works"
      >
        {[
          "Rent for up to 7 days",
          "Keep it for the Buy Now price",
          "Every item checked by our team",
          "Buyer protection on every order",
        ].map((point) => (
          <li key={point} className="bg-stone-50 px-3 py-3">
            {point}
          </li>
        ))}
      </ul>

      <FollowingRail items={followingRail} />

      {categories.length > 0 ? (
        <section aria-labelledby="shop-by-category" className="mt-12">
          <h2 id="shop-by-category" className="font-display text-2xl font-semibold tracking-tight sm:text-3xl">
            Shop by Category
          </h2>
          {/* Three across on a phone: the six categories fit two rows (issue 24). */}
          <ul className="mt-5 grid grid-cols-3 gap-2 sm:gap-4 lg:grid-cols-6">
            {categories.map((c) => (
              <li key={c.id}>
                <Link
                  to={`/categories/${c.slug}`}
                  className="group block overflow-hidden rounded-xl bg-white ring-1 ring-stone-200 transition hover:ring-brand"
                >
                  <div className="overflow-hidden">
                    {c.imageUrl ? (
                      <img
                        src={c.imageUrl}
                        alt=""
                        width={300}
                        height={300}
                        loading="lazy"
                        className="aspect-square w-full object-cover transition duration-300 group-hover:scale-105"
                      />
                    ) : (
                      <div className="aspect-square bg-stone-200" />
                    )}
                  </div>
                  <p className="px-1 pt-2 text-center text-sm font-semibold sm:text-base">{c.name}</p>
                  <p className="pb-2 text-center text-xs text-stone-600">{`${c.productCount} items`}</p>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <RailSection
        id="new-items"
        title="New Items"
        link={{ to: "/all-products", label: "View All" }}
        empty={items.length === 0 ? "No new items in the last 30 days" : null}
      >
        <Rail label="New items">
          {items.map((product, i) => (
            <ProductCardItem
              key={product.id}
              product={product}
              eager={i < 4}
              className="w-[45%] shrink-0 snap-start sm:w-[30%] lg:w-[22%]"
            />
          ))}
        </Rail>
      </RailSection>

      <RailSection
        id="popular-brands"
        title="Popular Brands"
        link={{ to: "/all-brands", label: "All Brands" }}
        empty={brands.length === 0 ? "No popular brands found" : null}
      >
        <Rail label="Popular brands">
          {brands.map((b) => (
            <li key={b.id} className="w-36 shrink-0 snap-start">
              <Link
                to={`/brand/${encodeURIComponent(b.name)}`}
                className="flex h-full flex-col items-center gap-2 rounded-xl bg-white p-4 text-center ring-1 ring-stone-200 transition hover:ring-brand"
              >
                {b.logoUrl ? (
                  <img
                    src={b.logoUrl}
                    alt=""
                    width={64}
                    height={64}
                    loading="lazy"
                    className="size-16 object-contain"
                  />
                ) : (
                  <span aria-hidden="true" className="size-16 rounded-full bg-stone-100" />
                )}
                <span className="text-sm font-medium">{b.name}</span>
              </Link>
            </li>
          ))}
        </Rail>
      </RailSection>

      <WhyCarousel />

      <section aria-labelledby="from-the-blog" className="mt-12">
        <h2 id="from-the-blog" className="font-display text-2xl font-semibold tracking-tight sm:text-3xl">
          From the Blog
        </h2>
        <Rail label="Blog posts">
          {posts.map((post) => {
            const card = (
              <>
                {post.featuredImageUrl ? (
                  <img
                    src={post.featuredImageUrl}
                    alt=""
                    width={400}
                    height={225}
                    loading="lazy"
                    className="aspect-video w-full object-cover"
                  />
                ) : (
                  <div className="aspect-video bg-brand-light" />
                )}
                <div className="p-4">
                  {post.category ? (
                    <p className="text-xs font-semibold tracking-wide text-accent uppercase">{post.category}</p>
                  ) : null}
                  <h3 className="mt-1 font-display text-lg leading-snug font-semibold">{post.title}</h3>
                  {post.excerpt ? <p className="mt-1 line-clamp-3 text-sm text-stone-700">{post.excerpt}</p> : null}
                  {post.published ? <p className="mt-2 text-xs text-stone-600">{post.published}</p> : null}
                </div>
              </>
            );
            return (
              <li
                key={post.id || post.title}
                className="w-[80%] shrink-0 snap-start overflow-hidden rounded-xl bg-white ring-1 ring-stone-200 sm:w-[45%] lg:w-[31%]"
              >
                {post.id ? (
                  <a href={`/blog/${post.id}`} target="_blank" rel="noopener" className="block">
                    {card}
                  </a>
                ) : (
                  card
                )}
              </li>
            );
          })}
        </Rail>
      </section>
    </>
  );
}
