// The people of the soak (bench/soak.mjs), each a loop while `trading()` says so. What a client
// was told had been written goes into the `told` lists, which the soak checks against D1.
import { performance } from "node:perf_hooks";
import { Visitor } from "./http-client.mjs";

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const redirected = (answer) => answer && answer.first.status >= 300 && answer.first.status < 400;

/** p50, p99 and the slowest answer, in ms. */
export function percentiles(ms) {
  const sorted = [...ms].sort((a, b) => a - b);
  const at = (p) => Math.round(sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? NaN);
  return { p50: at(0.5), p99: at(0.99), max: at(1) };
}

/**
 * GETs `paths` in turn at `rate` per second on schedule, whether or not earlier answers came
 * (open loop: visitors do not wait for each other); anonymous unless a signed-in visitor is given.
 */
export async function steadyLoad(base, paths, rate, trading, tally, visitor = new Visitor(base, tally)) {
  const start = performance.now();
  const inFlight = [];
  for (let i = 0; trading(); i++) {
    const wait = start + (i * 1000) / rate - performance.now();
    if (wait > 0) await sleep(wait);
    // Each answer's time goes to the tally the visitor was made with.
    inFlight.push(visitor.send("GET", paths[i % paths.length]).catch(() => undefined));
  }
  await Promise.all(inFlight);
}

/** A shopper buying one item after another: basket, Complete Order, Pay on the local provider's page. */
export async function checkouts(buyer, trading, paid) {
  for (let round = 0; trading(); round++) {
    try {
      const basket = await buyer.get("/cart");
      if (/Clear cart/.test(basket.html)) await buyer.submit(basket, /^Clear cart$/);
      const listing = await buyer.get(`/all-products?page=${1 + (round % 4)}`);
      const ids = [...new Set([...listing.html.matchAll(/href="\/product\/(prod_[^"?#]+)"/g)].map((m) => m[1]))];
      const id = ids[Math.floor(Math.random() * ids.length)];
      if (!id) continue;
      const added = await buyer.submit(await buyer.get(`/product/${id}`), /^ADD TO BASKET$/, {
        option: Math.random() < 0.5 ? "buy" : "rental",
      });
      if (!redirected(added)) continue;
      const placed = await buyer.submit(await buyer.get("/cart"), /^Complete Order$/);
      if (!placed || !/^\/dev\/payments\/checkout\//.test(placed.page.url)) continue;
      const pay = await buyer.submit(placed.page, /^Pay £/);
      const order = /\/account\/orders\/(order_[0-9A-Za-z_]+)\?placed=1/.exec(pay?.first.location ?? "");
      if (order) paid.push(order[1]);
    } catch {
      // No answer: counted by the tally; the shopper tries again.
    }
  }
}

/** The demo shopper and seller writing to each other every few seconds (under the 30-a-minute limit). */
export async function conversation(shopper, seller, conversationId, trading, sent) {
  const path = `/account/messages/${conversationId}`;
  const write = async (who, name) => {
    for (let n = 0; trading(); n++) {
      const body = `Soak ${name} ${n} ${Math.random().toString(36).slice(2, 8)}`;
      try {
        const answer = await who.submit(await who.get(path), /^Send$/, { body });
        if (redirected(answer)) sent.push(body);
      } catch {
        // counted by the tally
      }
      await sleep(2500);
    }
  };
  await Promise.all([write(shopper, "shopper"), write(seller, "seller")]);
}

/** The seller posting what was sold to them, one item every couple of seconds. */
export async function posting(seller, trading, shipped) {
  while (trading()) {
    try {
      const orders = await seller.get("/vendor?tab=orders");
      const answer = await seller.submit(orders, /^Mark shipped$/, {
        carrier: "dpd",
        trackingNumber: String(Date.now()).slice(-12),
      });
      if (redirected(answer)) shipped.push(answer.sent.itemId);
    } catch {
      // counted by the tally
    }
    await sleep(2000);
  }
}
