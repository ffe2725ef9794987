import type { Route } from "./+types/search-suggestions";
import { appContext } from "../../context";
import { suggestionSources } from "../../data/search.server";
import { brandLink, matchingCategories, parseSuggestionQuery } from "../../domain/search-suggestions";

// GET /search/suggestions?q=ba: what the header's search box suggests as a shopper types (issue 25,
// item 5; docs/decisions/0050-search-that-forgives.md). The same for everyone and nothing personal
// (recent searches stay in the browser): browsers keep an answer for five minutes and the Worker's
// page cache shares it. A bad q is a 400 with the reason, never a 500.
const SHARED = "public, max-age=300, s-maxage=300";

export async function loader({ request, context }: Route.LoaderArgs) {
  const query = parseSuggestionQuery(new URL(request.url).searchParams.get("q"));
  if (!query.ok)
    return Response.json({ error: query.error }, { status: 400, headers: { "cache-control": "no-store" } });
  const { brands, categories } = await suggestionSources(context.get(appContext).db, query.prefix);
  const suggestions = [...brands.map(brandLink), ...matchingCategories(categories, query.prefix)];
  return Response.json({ q: query.prefix, suggestions }, { headers: { "cache-control": SHARED } });
}
