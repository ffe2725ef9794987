import { isbot } from "isbot";
import { productTypeFromSlug } from "./catalog";

// Counted views (issue 24, item 11): which page a request was a person's view of. Pure: the
// Worker asks after it answered; the queue consumer counts (app/services/views.server.ts).

export type ViewedPage =
  { page: "product"; id: string } | { page: "store"; id: string } | { page: "profile"; displayName: string };

/** The first-level paths that are not a seller's profile (app/routes.ts). */
const NOT_PROFILES = new Set([
  "all-products",
  "all-brands",
  "ships-to",
  "cart",
  "favorites",
  "account",
  "auth",
  "vendor",
  "store",
  "admin",
  "blog",
  "privacy-policy",
  "cookie-policy",
  "pages",
  "sitemap.xml",
  "robots.txt",
  "newsletter",
  "consent",
  "uploads",
  "dev",
  "healthz",
  "images",
  "assets",
  "favicon.ico",
  "search",
]);

/**
 * The page a response showed a person, or null: only a GET answered 200 with a page (its HTML, or
 * its `.data` for a navigation with JavaScript), not a bot, not a prefetch, not a HEAD.
 */
export function viewedPage(
  request: { method: string; url: string; headers: Headers },
  status: number,
): ViewedPage | null {
  if (request.method !== "GET" || status !== 200) return null;
  const page = pageOf(request.url);
  // The user agent's patterns are the costliest test: only for the pages that count.
  if (!page || isbot(request.headers.get("user-agent") ?? "")) return null;
  const purpose = `${request.headers.get("sec-purpose") ?? ""} ${request.headers.get("purpose") ?? ""}`.toLowerCase();
  return purpose.includes("prefetch") ? null : page;
}

/** The product, store or profile page a URL is, or null. */
function pageOf(url: string): ViewedPage | null {
  const path = new URL(url).pathname.replace(/\.data$/, "");
  const parts = path
    .split("/")
    .filter(Boolean)
    .map((p) => {
      try {
        return decodeURIComponent(p);
      } catch {
        return null;
      }
    });
  if (parts.some((p) => p === null)) return null;
  const [first, second] = parts as string[];
  if (parts.length === 2 && first === "product") return { page: "product", id: second! };
  if (parts.length === 2 && first === "store") return { page: "store", id: second! };
  if (parts.length === 1 && first && !NOT_PROFILES.has(first) && !productTypeFromSlug(first))
    return { page: "profile", displayName: first };
  return null;
}
