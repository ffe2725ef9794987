// The other dashboards and the shopper's own pages (issue 47): each with its demo account.
export const accountPages = {
  "store@closetloop.test": [
    ["store dashboard (store)", "/store"],
    ["store requests tab (store)", "/store?tab=requests"],
    ["store products tab (store)", "/store?tab=products"],
    ["store orders tab (store)", "/store?tab=orders"],
  ],
  "admin@closetloop.test": [
    ["admin Orders", "/admin/orders"],
    ["admin Products", "/admin/products"],
    ["admin Users", "/admin/users"],
  ],
  // Financial is the superadmin's alone (seller-store-admin.md §6): an admin gets 403.
  "superadmin@closetloop.test": [["admin Financial", "/admin/financial"]],
  "shopper@closetloop.test": [["account (shopper)", "/account"]],
};
/** The shopper's latest order's page: its reference is read from their account, not assumed. */
export async function orderPage(BASE, cookie) {
  const html = await (await fetch(`${BASE}/account?tab=orders`, { headers: { cookie } })).text();
  const href = /href="(\/account\/orders\/[^"/?]+)"/.exec(html)?.[1];
  if (!href) throw new Error("the demo shopper's account lists no order");
  return ["order page (shopper)", href];
}
