// The header's count badges (the bell, messages): small enough for every shopper page's bundle.

/** A count as the header's badges show it, and as their links say it (the spoken label holds the visible text). */
export const badgeCount = (count: number) => (count > 99 ? "99+" : String(count));
