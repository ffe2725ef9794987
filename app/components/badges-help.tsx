import { BADGE_EXPLANATIONS, BADGE_LABELS, type Badge } from "../domain/badges";
import { RATING_WINDOW_DAYS } from "../domain/ratings";
import { BADGE_STYLES } from "./seller-badges";

// What the badges and ratings mean (issue 46 item 2; decision 0091): /pages/badges only.

/** /pages/badges: what each badge and the ratings mean. */
export function BadgesHelp() {
  return (
    <div className="mt-6 space-y-6 leading-relaxed">
      <p>Badges are earned, not bought: each is a rule Closetloop checks every time a seller's page is shown.</p>
      <dl className="space-y-4">
        {(Object.keys(BADGE_LABELS) as Badge[]).map((b) => (
          <div key={b}>
            <dt>
              <span className={`inline-block rounded-full px-2 py-0.5 text-sm font-semibold ${BADGE_STYLES[b]}`}>
                {BADGE_LABELS[b]}
              </span>
            </dt>
            <dd className="mt-1 text-stone-800">{BADGE_EXPLANATIONS[b]}</dd>
          </div>
        ))}
      </dl>
      <h2 className="text-xl font-semibold">Ratings</h2>
      <p>
        After a trade is complete (the item was kept, or returned), the shopper rates the seller and the seller rates
        the shopper: 1 to 5 stars and a comment, once each, within {RATING_WINDOW_DAYS} days. A seller's average and
        count show on their page, the product page and the product cards. Ratings show without the rater's name.
      </p>
    </div>
  );
}
