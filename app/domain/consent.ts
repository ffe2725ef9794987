// Cookie consent (shopper.md §2.11, §4). The choice is kept in a first-party cookie so the
// server renders the bar only when no choice exists.
export interface Consent {
  necessary: true;
  analytics: boolean;
  marketing: boolean;
  preferences: boolean;
  /** When the choice was made, ISO 8601. */
  date: string;
}

export type ConsentChoice = "accept_all" | "reject_non_essential" | "save";

export function decideConsent(
  choice: ConsentChoice,
  toggles: { analytics: boolean; marketing: boolean; preferences: boolean },
  now: Date,
): Consent {
  const date = now.toISOString();
  if (choice === "accept_all") return { necessary: true, analytics: true, marketing: true, preferences: true, date };
  if (choice === "reject_non_essential")
    return { necessary: true, analytics: false, marketing: false, preferences: false, date };
  return { necessary: true, ...toggles, date };
}

export function parseConsent(value: unknown): Consent | null {
  if (!value || typeof value !== "object") return null;
  const v = value as Record<string, unknown>;
  if (typeof v.date !== "string") return null;
  return {
    necessary: true,
    analytics: v.analytics === true,
    marketing: v.marketing === true,
    preferences: v.preferences === true,
    date: v.date,
  };
}

/** The current page with `?cookies=customize`: where 'Customize' and 'Cookie settings' lead. */
export function cookieSettingsHref(pathname: string, search: string) {
  const params = new URLSearchParams(search);
  params.set("cookies", "customize");
  return `${pathname}?${params}`;
}
