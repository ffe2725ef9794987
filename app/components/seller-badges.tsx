import { Link } from "react-router";
import { BADGE_LABELS, type Badge } from "../domain/badges";

// A seller's earned badges (issue 46 item 2; decision 0091), each linking to what they mean (/pages/badges, badges-help.tsx).

export const BADGE_STYLES: Readonly<Record<Badge, string>> = {
  verified: "bg-emerald-100 text-emerald-900",
  top_rated: "bg-amber-100 text-amber-900",
  ships_fast: "bg-sky-100 text-sky-900",
};

export function SellerBadges({ badges }: { badges: readonly Badge[] }) {
  if (badges.length === 0) return null;
  return (
    <ul className="my-1 flex flex-wrap gap-1.5" aria-label="Badges">
      {badges.map((b) => (
        <li key={b}>
          <Link
            to="/pages/badges"
            className={`inline-block rounded-full px-2 py-0.5 text-xs font-semibold ${BADGE_STYLES[b]}`}
          >
            {BADGE_LABELS[b]}
          </Link>
        </li>
      ))}
    </ul>
  );
}
