// The pages `npm run bench` measures (bench/run.mjs): anonymous, a signed-in shopper's, and the
// dashboards with their owners' sessions, and the floor they are compared with.
export const productId = "prod_000002";
export const pages = [
  ["home", "/"],
  ["all products", "/all-products"],
  ["filtered listing", "/all-products?category=Coats&type=Women&sort=price_asc"],
  ["search", "/all-products?search=wool%20coat"],
  ["search + filter", "/all-products?search=wool%20coat&category=Coats"],
  ["tag filter", "/all-products?tag=wool"],
  ["product page", `/product/${productId}`],
  ["brand page", "/brand/Ganni"],
  ["seller profile", "/VintageVera"],
  // Search that forgives (decision 0050): nothing for 'jaket', then the results for 'jacket'.
  ["search that forgives ('jaket')", "/all-products?search=jaket"],
  ["search suggestions endpoint", "/search/suggestions?q=ja"],
];
// A signed-in shopper's shared pages: rendered for them with the page cache off, and as deployed
// the shared page with their header and hearts stitched in (docs/decisions/0039-stitched-personal-pages.md).
export const shopperPages = [
  ["all products (signed in)", "/all-products"],
  ["filtered listing (signed in)", "/all-products?category=Coats&type=Women&sort=price_asc"],
  ["search (signed in)", "/all-products?search=wool%20coat"],
  ["product page (signed in)", `/product/${productId}`],
  ["brand page (signed in)", "/brand/Ganni"],
];
// Dashboards are never shared or cached: they are measured rendered, each with its owner's session
// (the demo vendor, the demo store's owner, the superadmin): every tab of the seller and store
// dashboards and admin's Orders, Products, Users and Financial (issue 47 item 3).
export const VENDOR = "vendor@closetloop.test";
export const signedInPages = [
  ["seller dashboard (vendor)", "/vendor"],
  ["seller orders tab + chart (vendor)", "/vendor?tab=orders"],
  ["seller products tab (vendor)", "/vendor?tab=products"],
  ["seller notifications tab (vendor)", "/vendor?tab=notifications"],
  ["seller upload tab (vendor)", "/vendor?tab=upload"],
  // A conversation's page (issue 26), as the demo vendor reads the demo shopper's questions.
  ["conversation page (vendor)", "/account/messages/cnv_demo_vendor"],
  ["store dashboard (store)", "/store", "store@closetloop.test"],
  ["store requests tab (store)", "/store?tab=requests", "store@closetloop.test"],
  ["store products tab (store)", "/store?tab=products", "store@closetloop.test"],
  ["store orders tab (store)", "/store?tab=orders", "store@closetloop.test"],
  ["store settings tab (store)", "/store?tab=settings", "store@closetloop.test"],
  ["admin orders (superadmin)", "/admin/orders", "superadmin@closetloop.test"],
  ["admin products (superadmin)", "/admin/products", "superadmin@closetloop.test"],
  ["admin users (superadmin)", "/admin/users", "superadmin@closetloop.test"],
  ["admin financial (superadmin)", "/admin/financial", "superadmin@closetloop.test"],
];
export const floor = [
  ["static asset", "/favicon.svg"],
  ["/healthz", "/healthz"],
];
