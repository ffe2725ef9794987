import { BuyerProtectionLine } from "../../components/buyer-protection-line";
import { ShipsTo } from "../../components/ships-to";
import { data, Link, useNavigate } from "react-router";
import { notFoundBoundary } from "../../components/not-found";
import type { Route } from "./+types/product";
import { appContext, requestState } from "../../context";
import { FavoriteButton } from "../../components/favorite-button";
import { personalSocial } from "../../components/seller-card";
import { usePersonal } from "../../components/personal";
import { ProductCardItem } from "../../components/product-card";
import { Gallery } from "../../components/catalog/gallery";
import { Options } from "../../components/product/options";
import { SellerCard } from "../../components/product/sold-by";
import { StructuredData } from "../../components/product/structured-data";
import { productDetail } from "../../data/product.server";
import { usePrice } from "../../components/money/price";
import { formatLongDate } from "../../domain/dates";
import { canonicalLink } from "../../domain/seo";
import { sharedPage } from "../../services/page-cache.server";
import { isWaitingFor } from "../../data/alerts.server";
import { backAroundOf } from "../../data/renting.server";
import { backAroundText } from "../../domain/rental-dates";
import { heldReservation } from "../../data/orders.server";
import { reservedText } from "../../domain/alerts";
import { BackInStock, HeldForYou } from "../../components/back-in-stock";

// The same for every anonymous visitor: the Worker may reuse it briefly (services/page-cache).
export const headers = sharedPage;
// Signed-in visitors get it too, with their personal parts filled in (services/personal-page.server.tsx).
export const sharedWhenSignedIn = true;

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const { viewerId, timeZone: zone } = context.get(requestState);
  // With where its handler ships, the seller card's rating, badges and Follow (issue 46; decisions
  // 0090, 0091) and whether the visitor saved it: one round trip (issue 47), which the visit rides
  // with (decision 0115: the session's user, before it is read).
  const found = await productDetail(app.db, params.id, viewerId, Date.now());
  if (!found) throw data(null, { status: 404 });
  const { product, shipping, social, saved } = found;
  // A rented item says when it is expected back (issue 25, item 6).
  // Rendered for a signed-in shopper (a page with a toast): whether they asked to be told. The
  // shared page says no, and the Worker stitches in the asked-for state (decision 0051, 2026-11-25).
  // An item held by another shopper's checkout says so instead: it may be back within the reservation.
  // 'Back around …': the window's end, the return's transit and the turnaround (decision 0080).
  const backText = async () =>
    product.reserved
      ? reservedText(product.reservedUntil)
      : backAroundText(await backAroundOf(app.db, product), Date.now());
  // The shopper whose own checkout holds it is told so instead (decision 0068), until when in their
  // own zone (decision 0098): only in this box, which the shared page never has.
  const held = () => (viewerId && product.reserved ? heldReservation(app.db, viewerId, product.id, zone) : null);
  const [expectedBack, waiting, heldForYou] =
    product.reserved || product.availability === "rented"
      ? await Promise.all([backText(), viewerId ? isWaitingFor(app.db, viewerId, product.id) : false, held()])
      : [null, false, null];
  // Comments dated here, so the page's code needs no date formatting (issue 47: less first-load JavaScript).
  const comments = product.comments.map((c) => ({ ...c, date: formatLongDate(c.createdAt) }));
  return {
    product: { ...product, comments },
    saved,
    expectedBack,
    waiting,
    heldForYou,
    social,
    shipping,
    origin: new URL(request.url).origin,
  };
}

export const meta: Route.MetaFunction = ({ loaderData: data }) => {
  if (!data) return [{ title: "Product not found | Closetloop" }];
  const { product, origin } = data;
  const url = `${origin}/product/${product.id}`;
  const description = (product.description ?? `${product.brand} ${product.name}`).slice(0, 160);
  const image = product.images[0] ? `${origin}${product.images[0]}` : undefined;
  return [
    { title: `${product.name} by ${product.brand} | Closetloop` },
    { name: "description", content: description },
    canonicalLink(url),
    { property: "og:type", content: "product" },
    { property: "og:title", content: product.name },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    ...(image ? [{ property: "og:image", content: image }] : []),
    { property: "product:price:amount", content: ((product.buyingPrice ?? product.price) / 100).toFixed(2) },
    { property: "product:price:currency", content: "GBP" },
  ];
};

function Section({ title, children, open = false }: { title: string; children: React.ReactNode; open?: boolean }) {
  return (
    <details open={open} className="group border-b border-stone-200 py-3">
      <summary className="flex cursor-pointer list-none items-center justify-between font-semibold tracking-wide">
        {title}
        <span aria-hidden="true" className="transition group-open:rotate-45">
          +
        </span>
      </summary>
      <div className="mt-2 text-stone-800">{children}</div>
    </details>
  );
}

export default function ProductPage({ loaderData }: Route.ComponentProps) {
  const { product, origin } = loaderData;
  const personal = usePersonal(loaderData);
  const social = personalSocial(
    loaderData.social,
    personal,
    product.managedByStore && product.storeId ? `store:${product.storeId}` : `seller:${product.ownerId}`,
  );
  const heldForYou = personal ? (personal.held?.[product.id] ?? null) : loaderData.heldForYou;
  const navigate = useNavigate();
  const price = usePrice();
  return (
    <article className="space-y-10">
      <StructuredData product={product} origin={origin} />
      <a
        href="/all-products"
        onClick={(e) => {
          if (window.history.length > 1) {
            e.preventDefault();
            navigate(-1);
          }
        }}
        className="text-sm text-brand underline"
      >
        ← Back
      </a>
      <div className="grid gap-8 md:grid-cols-2">
        <Gallery name={product.name} images={product.images} />
        <div className="space-y-4">
          <div className="flex flex-wrap gap-2 text-xs font-semibold">
            <Link
              to={`/all-products?brand=${encodeURIComponent(product.brand)}`}
              className="rounded-full bg-stone-900 px-3 py-1 text-white"
            >
              {product.brand}
            </Link>
            <Link
              to={`/${product.productType.toLowerCase()}`}
              className="rounded-full border border-stone-300 px-3 py-1"
            >
              {product.productType}
            </Link>
          </div>
          <div className="flex items-start justify-between gap-3">
            <h1 className="text-2xl font-bold tracking-wide uppercase">{product.name}</h1>
            <FavoriteButton productId={product.id} saved={personal?.favorites[product.id] ?? loaderData.saved} />
          </div>
          {/* The size beside the price, not only inside DETAILS (issue 46 item 5). */}
          {product.originalPrice || product.sizeText ? (
            <p className="flex flex-wrap items-baseline gap-x-4 text-stone-600">
              {product.sizeText ? (
                <span
                  data-testid="size-beside-price"
                  className="font-semibold text-stone-900"
                >{`Size ${product.sizeText}`}</span>
              ) : null}
              {product.originalPrice ? (
                <span>
                  <span className="sr-only">Original price </span>
                  <s>{price(product.originalPrice)}</s>
                </span>
              ) : null}
            </p>
          ) : null}
          <Options product={product} />
          {heldForYou ? (
            <HeldForYou productId={product.id} held={heldForYou} />
          ) : loaderData.expectedBack ? (
            <BackInStock
              productId={product.id}
              expectedBack={loaderData.expectedBack}
              waiting={personal?.backInStock?.[product.id] ?? loaderData.waiting}
              reserved={product.reserved}
            />
          ) : null}
          {product.tags.length > 0 ? (
            <ul className="flex flex-wrap gap-2" aria-label="Tags">
              {product.tags.map((tag) => (
                <li key={tag}>
                  <Link
                    to={`/all-products?tag=${encodeURIComponent(tag)}`}
                    className="rounded-full bg-stone-100 px-3 py-1 text-sm"
                  >
                    #{tag}
                  </Link>
                </li>
              ))}
            </ul>
          ) : null}
          <BuyerProtectionLine />
          <ShipsTo settings={loaderData.shipping} />
          <SellerCard product={product} social={social} />
          {/* A plain link, the same for every visitor: the shared page stays cached (issue 26). */}
          <a
            href={`/account/messages/new?product=${encodeURIComponent(product.id)}`}
            className="inline-block rounded-md border border-stone-300 px-4 py-2 text-sm font-medium hover:border-brand"
          >
            Ask about this item
          </a>
          {product.buyingPrice !== null && product.availability === "available" && !product.reserved ? (
            <a
              href={`/account/offers/new?product=${encodeURIComponent(product.id)}`}
              className="ml-2 inline-block rounded-md border border-stone-300 px-4 py-2 text-sm font-medium hover:border-brand"
            >
              Make an offer
            </a>
          ) : null}
          <div>
            <Section title="DETAILS" open>
              {product.description ? <p className="mb-2">{product.description}</p> : null}
              <dl className="grid grid-cols-[8rem_1fr] gap-y-1 text-sm">
                {product.sizeText ? (
                  <>
                    <dt className="text-stone-600">Size</dt>
                    <dd>{product.sizeText}</dd>
                  </>
                ) : null}
                {product.fitNote ? (
                  <>
                    <dt className="text-stone-600">Fit</dt>
                    <dd>{product.fitNote}</dd>
                  </>
                ) : null}
                {product.measurementText.length ? (
                  <>
                    <dt className="text-stone-600">Measurements</dt>
                    <dd>{product.measurementText.join(" · ")}</dd>
                  </>
                ) : null}
                <dt className="text-stone-600">Condition</dt>
                <dd>{product.condition}</dd>
                {product.color ? (
                  <>
                    <dt className="text-stone-600">Colour</dt>
                    <dd>{product.color}</dd>
                  </>
                ) : null}
                <dt className="text-stone-600">Category</dt>
                <dd>{product.category}</dd>
                {product.materials ? (
                  <>
                    <dt className="text-stone-600">Materials</dt>
                    <dd>{product.materials}</dd>
                  </>
                ) : null}
                {product.careInstructions ? (
                  <>
                    <dt className="text-stone-600">Care</dt>
                    <dd>{product.careInstructions}</dd>
                  </>
                ) : null}
              </dl>
            </Section>
            <Section title="THE BEST MEMORY WITH THIS ITEM">
              <p>{product.memoryStory ?? "The owner has not shared a memory yet."}</p>
            </Section>
            <Section title={`COMMENTS (${product.comments.length})`}>
              {product.comments.length === 0 ? (
                <p>No comments yet. Be the first to leave a review!</p>
              ) : (
                <ul className="space-y-3">
                  {product.comments.map((c) => (
                    <li key={c.id}>
                      <p className="text-sm">
                        <span aria-label={`${c.rating} out of 5 stars`} className="text-accent">
                          {"★".repeat(c.rating)}
                        </span>{" "}
                        <span className="text-stone-600">{c.date}</span>
                      </p>
                      {c.comment ? <p>{c.comment}</p> : null}
                    </li>
                  ))}
                </ul>
              )}
            </Section>
          </div>
        </div>
      </div>
      {product.related.length > 0 ? (
        <section aria-labelledby="you-may-also-like">
          <h2 id="you-may-also-like" className="mb-4 text-xl font-bold tracking-wide">
            YOU MAY ALSO LIKE
          </h2>
          <ul
            className="flex snap-x snap-mandatory gap-4 overflow-x-auto pb-2"
            tabIndex={0}
            aria-label="Related products"
          >
            {product.related.map((p) => (
              <ProductCardItem
                key={p.id}
                product={p}
                className="shrink-0 basis-1/2 snap-start md:basis-1/3 lg:basis-1/4"
              />
            ))}
          </ul>
        </section>
      ) : null}
    </article>
  );
}

export const ErrorBoundary = notFoundBoundary({ title: "Product not found" });
