import { useEffect, useState } from "react";
import { useFetcher, useLocation } from "react-router";
import { HeartIcon } from "./layout/icons";
import { busyProps } from "./forms";

/**
 * The heart: the server's state, disabled while its request runs; a plain form without JavaScript.
 * A personal part of a shared page: the Worker fills it per signed-in visitor (data-favorite).
 */
export function FavoriteButton({ productId, saved }: { productId: string; saved: boolean }) {
  const fetcher = useFetcher<{ saved?: boolean }>();
  const location = useLocation();
  const [enhanced, setEnhanced] = useState(false);
  useEffect(() => setEnhanced(true), []);
  const current = fetcher.data?.saved ?? saved;
  const busy = fetcher.state !== "idle";
  return (
    <fetcher.Form method="post" action="/favorites" data-favorite={productId}>
      <input type="hidden" name="intent" value="toggle" />
      <input type="hidden" name="productId" value={productId} />
      <input type="hidden" name="returnTo" value={location.pathname} />
      {enhanced ? <input type="hidden" name="enhanced" value="1" /> : null}
      <button
        type="submit"
        {...busyProps(busy)}
        aria-pressed={current}
        aria-label={current ? "Remove from favorites" : "Save to favorites"}
        className={`rounded-full border p-2 aria-disabled:opacity-50 ${current ? "border-accent bg-accent/10 text-accent" : "border-stone-300 text-stone-700"}`}
      >
        <HeartIcon className={`size-6 ${current ? "fill-current" : ""}`} />
      </button>
    </fetcher.Form>
  );
}
