import { Link } from "react-router";
import { ProductCardItem } from "../product-card";
import type { ProductCardData } from "../../domain/catalog";

/**
 * 'From sellers you follow' (issue 46 item 1): a personal part of the shared home page. Every
 * anonymous copy has the empty placeholder; the Worker puts a signed-in follower's rail in its
 * place (services/personal-follows.server.tsx), never into the shared copy.
 */
export function FollowingRail({ items }: { items: readonly ProductCardData[] }) {
  if (items.length === 0) return <div data-personal="following" hidden />;
  return (
    <section data-personal="following" aria-labelledby="from-followed" className="mt-12">
      <div className="flex items-baseline justify-between gap-4">
        <h2 id="from-followed" className="font-display text-2xl font-semibold tracking-tight sm:text-3xl">
          From sellers you follow
        </h2>
        <Link to="/account/following" className="text-sm font-medium text-brand underline underline-offset-4">
          Following
        </Link>
      </div>
      <ul
        className="mt-5 flex snap-x snap-mandatory gap-4 overflow-x-auto pb-2"
        tabIndex={0}
        aria-label="From sellers you follow"
      >
        {items.map((product) => (
          <ProductCardItem
            key={product.id}
            product={product}
            className="w-[45%] shrink-0 snap-start sm:w-[30%] lg:w-[22%]"
          />
        ))}
      </ul>
    </section>
  );
}
