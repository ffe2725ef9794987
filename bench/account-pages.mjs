// The shopper's own pages (issue 47): the account, and their latest order's page. The dashboards
// are in bench/pages.mjs, each with its owner's session.
export const accountPages = {
  "shopper@closetloop.test": [["account (shopper)", "/account"]],
};
/** The shopper's latest order's page: its reference is read from their account, not assumed. */
export async function orderPage(BASE, cookie) {
  const html = await (await fetch(`${BASE}/account?tab=orders`, { headers: { cookie } })).text();
  const href = /href="(\/account\/orders\/[^"/?]+)"/.exec(html)?.[1];
  if (!href) throw new Error("the demo shopper's account lists no order");
  return ["order page (shopper)", href];
}
