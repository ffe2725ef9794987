import { type RouteConfig, index, route } from "@react-router/dev/routes";

// The one route table: every URL of the specs, grouped by area. Later issues fill in the areas.
export default [
  // shop
  index("routes/shop/home.tsx"),

  // resources: form endpoints that answer both plain posts and fetchers
  route("newsletter", "routes/resources/newsletter.tsx"),
  route("consent", "routes/resources/consent.ts"),

  // anything else is the 404 page
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
