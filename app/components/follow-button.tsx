import { useEffect, useState } from "react";
import { useFetcher, useLocation } from "react-router";
import { busyProps } from "./forms";

/**
 * Follow a seller or a store (issue 46 item 1): 'Follow', then 'Following' (pressing it again
 * unfollows). A plain form without JavaScript; in place with it. A personal part of a shared
 * page: the Worker fills it per signed-in visitor (data-follow, services/personal-follows.server.tsx).
 */
export function FollowButton({ kind, id, following }: { kind: "seller" | "store"; id: string; following: boolean }) {
  const fetcher = useFetcher<{ following?: boolean }>();
  const location = useLocation();
  const [enhanced, setEnhanced] = useState(false);
  useEffect(() => setEnhanced(true), []);
  const current = fetcher.data?.following ?? following;
  const busy = fetcher.state !== "idle";
  return (
    <fetcher.Form method="post" action="/account/following" data-follow={`${kind}:${id}`}>
      <input type="hidden" name="intent" value={current ? "unfollow" : "follow"} />
      <input type="hidden" name="kind" value={kind} />
      <input type="hidden" name="id" value={id} />
      <input type="hidden" name="returnTo" value={location.pathname} />
      {enhanced ? <input type="hidden" name="enhanced" value="1" /> : null}
      <button
        type="submit"
        {...busyProps(busy)}
        aria-pressed={current}
        title={current ? "Press to unfollow" : undefined}
        className={`min-w-28 rounded-full border px-4 py-1.5 text-sm font-semibold aria-disabled:opacity-50 ${current ? "border-brand bg-brand text-white" : "border-stone-400 bg-white text-stone-900 hover:border-brand"}`}
      >
        {current ? "Following" : "Follow"}
      </button>
    </fetcher.Form>
  );
}
