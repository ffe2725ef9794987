import type { AppConfig } from "../env.server";

// Absolute links for e-mails (issue 22, item 9): from the site's address (SITE_URL), never from a
// request, so jobs and the queue link the same pages as actions do.

export type SiteConfig = Pick<AppConfig, "siteUrl">;

/** An absolute URL of a path on this site. */
export const siteLink = (config: SiteConfig, path: string) =>
  `${config.siteUrl}${path.startsWith("/") ? path : `/${path}`}`;

/** The path of the order's own page. */
export const orderPath = (orderId: string) => `/account/orders/${encodeURIComponent(orderId)}`;

/** The order's own page: every e-mail about an order links to it. */
export const orderPageUrl = (config: SiteConfig, orderId: string) => siteLink(config, orderPath(orderId));
