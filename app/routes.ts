import { type RouteConfig, index, layout, prefix, route } from "@react-router/dev/routes";

// The one route table: every URL of the specs, grouped by area. Guarded areas are layout routes
// whose middleware checks the role on the server (app/services/guards.server.ts).
export default [
  // shop
  index("routes/shop/home.tsx"),
  route("all-products", "routes/shop/all-products.tsx"),
  route("all-brands", "routes/shop/all-brands.tsx"),
  route("ships-to", "routes/shop/ships-to.ts"),
  route("brand/:brandName", "routes/shop/brand.tsx"),
  route("categories/:slug", "routes/shop/category.tsx"),
  route("product/:id", "routes/shop/product.tsx"),
  // alerts (issue 25): 'Notify me' on a rented item; a saved search's one-click unsubscribe
  route("product/:id/notify", "routes/alerts/notify-me.tsx"),
  route("saved-searches/unsubscribe", "routes/alerts/saved-search-unsubscribe.tsx"),
  route("cart", "routes/shop/cart.tsx"),
  route("favorites", "routes/shop/favorites.tsx"),

  // accounts
  route("auth", "routes/auth/auth.tsx"),
  route("auth/logout", "routes/auth/logout.ts"),
  route("auth/verify", "routes/auth/verify.tsx"),
  route("auth/forgot", "routes/auth/forgot.tsx"),
  route("auth/reset", "routes/auth/reset.tsx"),

  // signed-in areas
  layout("routes/areas/account.tsx", [
    route("account", "routes/account/index.tsx"),
    route("account/orders/:orderId", "routes/account/order.tsx"),
    // Update your card (issue 27): a hosted setup session for an order's later charges.
    route("account/orders/:orderId/card", "routes/account/order-card.tsx"),
    // Buyer protection (issue 43): report a problem with an item, and one claim for each side.
    route("account/orders/:orderId/problem", "routes/account/claim-new.tsx"),
    route("account/claims/:claimId", "routes/account/claim.tsx"),
    // A printable shipping label, and a rental's prepaid return label (issue 44).
    route("account/labels/:labelId", "routes/account/label.tsx"),
    route("account/export", "routes/account/export.ts"),
    route("account/notifications", "routes/account/notifications.tsx"),
    route("account/start-selling", "routes/account/start-selling.tsx"),
    route("account/shipping", "routes/account/shipping.tsx"),
    // Conversations (issue 26); the live socket of a conversation is workers/live.ts.
    route("account/messages", "routes/account/messages.tsx"),
    route("account/messages/new", "routes/account/message-new.tsx"),
    route("account/messages/:conversationId", "routes/account/conversation.tsx"),
    route("account/offers/new", "routes/account/offer-new.tsx"),
    route("account/offers/:offerId", "routes/account/offer.tsx"),
    route("account/sizes", "routes/account/sizes.tsx"),
    route("account/sizes/show", "routes/account/sizes-show.ts"),
    route("account/saved-searches", "routes/account/saved-searches.tsx"),
    // Follow sellers and stores (issue 46 item 1): the Following list, and every Follow button posts here.
    route("account/following", "routes/account/following.tsx"),
    // Ratings both ways (issue 46 item 2): a seller rates the shopper of a completed trade.
    route("account/ratings/:itemId", "routes/account/rate-shopper.tsx"),
  ]),
  layout(
    "routes/areas/vendor.tsx",
    prefix("vendor", [
      index("routes/vendor/index.tsx"),
      route("product/:id/edit", "routes/vendor/product-edit.tsx"),
      route("bundle-discounts", "routes/vendor/bundle-discounts.tsx"),
    ]),
  ),
  layout(
    "routes/areas/store.tsx",
    prefix("store", [
      index("routes/store/index.tsx"),
      route("product/:productId/edit", "routes/store/product-edit.tsx"),
      route("bundle-discounts", "routes/store/bundle-discounts.tsx"),
    ]),
  ),
  // The admin tabs are nested routes under one shell; their list, labels and sub-roles are in
  // app/domain/admin-tabs.ts (decision 0031).
  layout(
    "routes/areas/admin.tsx",
    prefix("admin", [
      index("routes/admin/index.tsx"),
      layout("routes/admin/shell.tsx", [
        route("orders", "routes/admin/orders.tsx"),
        route("products", "routes/admin/products.tsx"),
        route("stores", "routes/admin/stores.tsx"),
        route("brands", "routes/admin/brands.tsx"),
        route("brand-review", "routes/admin/brand-review.tsx"),
        route("content", "routes/admin/content.tsx"),
        route("users", "routes/admin/users.tsx"),
        route("roles", "routes/admin/roles.tsx"),
        route("financial", "routes/admin/financial.tsx"),
        route("blog", "routes/admin/blog.tsx"),
        route("messages", "routes/admin/messages.tsx"),
        route("claims", "routes/admin/claims.tsx"),
        route("rates", "routes/admin/rates.tsx"),
        route("messages/:conversationId", "routes/admin/conversation.tsx"),
      ]),
      route("blog/new", "routes/admin/blog-new.tsx"),
      route("financial/export", "routes/admin/financial-export.ts"),
    ]),
  ),

  // content
  route("blog/:postId", "routes/content/blog-post.tsx"),
  route("privacy-policy", "routes/content/privacy-policy.tsx"),
  route("cookie-policy", "routes/content/cookie-policy.tsx"),
  route("pages/:key", "routes/content/page.tsx"),
  route("sitemap.xml", "routes/content/sitemap.ts"),
  route("robots.txt", "routes/content/robots.ts"),

  // resources: form endpoints that answer both plain posts and fetchers
  route("newsletter", "routes/resources/newsletter.tsx"),
  route("consent", "routes/resources/consent.ts"),
  route("currency", "routes/resources/currency.tsx"),
  route("unsubscribe", "routes/resources/unsubscribe.tsx"),
  route("uploads", "routes/resources/uploads.ts"),
  route("search/suggestions", "routes/resources/search-suggestions.ts"),

  // local development only: 404 unless the Worker runs in development and the request comes from this machine
  layout("routes/areas/dev.tsx", [
    route("dev/outbox", "routes/dev/outbox.tsx"),
    route("dev/payments", "routes/dev/payments.tsx"),
    // the local payment provider's hosted checkout (decision 0055) and payout onboarding (decision 0056)
    route("dev/payments/checkout/:sessionId", "routes/dev/payment-checkout.tsx"),
    route("dev/payments/onboarding/:accountId", "routes/dev/onboarding.tsx"),
    // the local label provider's labels and their tracking events (issue 44, decision 0082)
    route("dev/shipping", "routes/dev/shipping.tsx"),
  ]),

  // public store profile (the dashboard at /store is in the store area above)
  route("store/:storeId", "routes/shop/store-profile.tsx"),

  // /{productType} or /{vendor display name} (DECISIONS.md, Routes), then the 404 page
  route(":slug", "routes/shop/slug.tsx"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
