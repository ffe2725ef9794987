import { Link } from "react-router";

// A dashboard's tabs (decision 0024): real links, so each tab is a URL that works without JavaScript.

export interface TabLink {
  id: string;
  label: string;
  href: string;
  /** A count shown beside the label (pending requests, notifications). */
  badge?: number;
}

/**
 * On a phone the tabs scroll sideways: the current one is brought into the strip's view — by CSS
 * when the page loads (`scroll-initial-target`, so without JavaScript too), and by this when the
 * strip is put on a page already open (a client-side navigation).
 */
function showCurrent(nav: HTMLElement | null) {
  const current = nav?.querySelector<HTMLElement>('[aria-current="page"]');
  if (!nav || !current) return;
  const { offsetLeft: left, offsetWidth: width } = current;
  if (left < nav.scrollLeft || left + width > nav.scrollLeft + nav.clientWidth) nav.scrollLeft = Math.max(0, left - 16);
}

export function TabNav({
  tabs,
  current,
  label = "Dashboard sections",
}: {
  tabs: readonly TabLink[];
  current: string;
  label?: string;
}) {
  return (
    // On a phone the tabs wrap onto as many rows as they need: a strip cut off at 'Bran' gave no
    // sign it scrolled (issue 46 item 5). From md up they are one row, scrolling if it must.
    <nav ref={showCurrent} aria-label={label} className="relative mb-6 border-b border-stone-200 md:overflow-x-auto">
      <ul className="flex flex-wrap gap-x-1 md:min-w-max md:flex-nowrap">
        {tabs.map((tab) => {
          const active = tab.id === current;
          return (
            <li key={tab.id}>
              <Link
                to={tab.href}
                preventScrollReset
                aria-current={active ? "page" : undefined}
                className={`flex items-center gap-2 border-b-2 px-3 py-2 text-sm font-medium ${active ? "border-brand text-brand [scroll-initial-target:nearest]" : "border-transparent text-stone-700 hover:text-stone-900"}`}
              >
                {tab.label}
                {tab.badge ? (
                  <span
                    className="rounded-full bg-accent px-1.5 text-xs font-semibold text-white"
                    aria-label={`${tab.badge} pending`}
                  >
                    {tab.badge}
                  </span>
                ) : null}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
