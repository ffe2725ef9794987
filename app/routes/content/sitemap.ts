import type { Route } from "./+types/sitemap";
import { appContext } from "../../context";
import { PAGE_KEYS, SITEMAP_LIMIT, sitemapEntries } from "../../data/content.server";
import { escapeMarkup } from "../../domain/markup";

export async function loader({ request, context }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const origin = new URL(request.url).origin;
  const e = await sitemapEntries(app.db);
  const paths = [
    "/",
    "/all-products",
    "/all-brands",
    "/women",
    "/men",
    "/children",
    "/unisex",
    "/privacy-policy",
    "/cookie-policy",
    ...PAGE_KEYS.map((k) => `/pages/${k}`),
    "/pages/contact",
    ...e.categoryRows.map((c) => `/categories/${c.slug}`),
    ...e.brandRows.map((b) => `/brand/${encodeURIComponent(b.name)}`),
    ...e.postRows.map((p) => `/blog/${p.id}`),
    ...e.vendorRows.map((v) => `/${encodeURIComponent(v.displayName!)}`),
    ...e.storeRows.map((s) => `/store/${s.id}`),
    ...e.productRows.map((p) => `/product/${p.id}`),
  ].slice(0, SITEMAP_LIMIT);
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${paths.map((p) => `  <url><loc>${escapeMarkup(origin + p)}</loc></url>`).join("\n")}\n</urlset>\n`;
  return new Response(body, {
    headers: { "content-type": "application/xml; charset=utf-8", "cache-control": "public, max-age=3600" },
  });
}
