import { Link, useLocation, useNavigation } from "react-router";
import type { ProductCardData } from "../../domain/catalog";
import { ProductCardItem } from "../product-card";

export function ProductSkeletons({ count }: { count: number }) {
  return (
    <ul className="grid grid-cols-2 gap-4 md:grid-cols-3" aria-hidden="true" data-testid="skeletons">
      {Array.from({ length: count }, (_, i) => (
        <li key={i} className="animate-pulse overflow-hidden rounded-lg border border-stone-200 bg-white">
          <div className="aspect-[4/5] bg-stone-200" />
          <div className="space-y-2 p-3">
            <div className="h-3 w-1/3 rounded bg-stone-200" />
            <div className="h-4 w-2/3 rounded bg-stone-200" />
          </div>
        </li>
      ))}
    </ul>
  );
}

/** The grid, or skeletons while a client-side navigation to this same listing loads. */
export function ProductGrid({ items, skeletons }: { items: ProductCardData[]; skeletons: number }) {
  const navigation = useNavigation();
  const location = useLocation();
  if (navigation.state === "loading" && navigation.location?.pathname === location.pathname) {
    return <ProductSkeletons count={skeletons} />;
  }
  return (
    <ul className="grid grid-cols-2 gap-4 md:grid-cols-3">
      {items.map((product, i) => (
        <ProductCardItem key={product.id} product={product} eager={i < 3} />
      ))}
    </ul>
  );
}

export function Pagination({ nextCursor, prevCursor }: { nextCursor: string | null; prevCursor: string | null }) {
  const location = useLocation();
  if (!nextCursor && !prevCursor) return null;
  const href = (key: "after" | "before", cursor: string) => {
    const params = new URLSearchParams(location.search);
    params.delete("after");
    params.delete("before");
    params.set(key, cursor);
    return `${location.pathname}?${params}`;
  };
  const cls = "rounded-md border border-stone-300 bg-white px-4 py-2 text-sm font-medium hover:bg-stone-100";
  return (
    <nav aria-label="Pagination" className="mt-8 flex justify-between">
      {prevCursor ? (
        <Link to={href("before", prevCursor)} rel="prev" className={cls}>
          ← Previous
        </Link>
      ) : (
        <span />
      )}
      {nextCursor ? (
        <Link to={href("after", nextCursor)} rel="next" className={cls}>
          Next →
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
