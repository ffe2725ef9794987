import { Link } from "react-router";
import { BADGE_EXPLANATIONS, BADGE_LABELS, type Badge } from "../domain/badges";
import { RATING_WINDOW_DAYS } from "../domain/ratings";

// A seller's earned badges (issue 46 item 2; decision 0091), each linking to what it means.

const BADGE_STYLES: Readonly<Record<Badge, string>> = {
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
          <Link to="/pages/badges" title={BADGE_EXPLANATIONS[b]} className={`inline-block rounded-full px-2 py-0.5 text-xs font-semibold ${BADGE_STYLES[b]}`}>
            {BADGE_LABELS[b]}
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** /pages/badges: what each badge and the ratings mean. */
export function BadgesHelp() {
  return (
    <div className="mt-6 space-y-6 leading-relaxed">
      <p>Badges are earned, not bought: each is a rule Closetloop checks every time a seller's page is shown.</p>
      <dl className="space-y-4">
        {(Object.keys(BADGE_LABELS) as Badge[]).map((b) => (
          <div key={b}>
            <dt><span className={`inline-block rounded-full px-2 py-0.5 text-sm font-semibold ${BADGE_STYLES[b]}`}>{BADGE_LABELS[b]}</span></dt>
            <dd className="mt-1 text-stone-800">{BADGE_EXPLANATIONS[b]}</dd>
          </div>
        ))}
      </dl>
      <h2 className="text-xl font-semibold">Ratings</h2>
      <p>
        After a trade is complete (the item was kept, or returned), the shopper rates the seller and the seller rates the shopper: 1 to 5
        stars and a comment, once each, within {RATING_WINDOW_DAYS} days. A seller's average and count show on their page, the product page
        and the product cards. Ratings show without the rater's name.
      </p>
    </div>
  );
}
