import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { startOfWeekUTC } from "../../app/domain/dates";
import { signedInBrowser } from "./actors";
import { createProduct, eventually } from "./factories";
import { Browser } from "./http";

// Counted views (issue 24, item 11): a person's view of a product page counts for the product,
// its seller and its store; a profile and a store page for theirs; bots and prefetches do not.
// Counted off the request path, through the queue.

const PERSON =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1";
const BOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

const views = async (type: string, id: string) =>
  (await env.DB.prepare(
    "SELECT coalesce(sum(views), 0) AS n FROM view_counts WHERE subject_type = ? AND subject_id = ?",
  )
    .bind(type, id)
    .first<{ n: number }>())!.n;

describe("counted views", () => {
  it("counts a person's product page view for the product, its seller and its store, and a profile view; not a bot's or a prefetch", async () => {
    const seller = await signedInBrowser("vendor");
    const displayName = `Viewed${crypto.randomUUID().slice(0, 6)}`;
    const storeId = `store_v_${crypto.randomUUID().slice(0, 8)}`;
    await env.DB.batch([
      env.DB.prepare("UPDATE users SET display_name = ? WHERE id = ?").bind(displayName, seller.id),
      env.DB.prepare(
        "INSERT INTO stores (id, name, description, owner_id, contact_email, created_at) VALUES (?, 'Viewed Rails', 'Rails.', ?, 'rails@example.test', ?)",
      ).bind(storeId, seller.id, Date.now()),
    ]);
    const product = await createProduct(seller.id);
    await env.DB.prepare("UPDATE products SET store_id = ?, concierge_status = 'yes' WHERE id = ?")
      .bind(storeId, product.id)
      .run();

    const visitor = new Browser();
    const visits: Record<string, string>[] = [
      { "user-agent": PERSON },
      { "user-agent": PERSON },
      { "user-agent": BOT },
      { "user-agent": PERSON, "sec-purpose": "prefetch" },
    ];
    for (const headers of visits) {
      expect((await visitor.fetch(`/product/${product.id}`, { headers })).status).toBe(200);
    }
    expect((await visitor.fetch(`/${displayName}`, { headers: { "user-agent": PERSON } })).status).toBe(200);

    await eventually(async () => (await views("owner", seller.id)) === 3);
    expect([
      await views("product", product.id),
      await views("owner", seller.id),
      await views("store", storeId),
    ]).toEqual([2, 3, 2]);
    const row = await env.DB.prepare(
      "SELECT week_start FROM view_counts WHERE subject_type = 'product' AND subject_id = ?",
    )
      .bind(product.id)
      .first<{ week_start: number }>();
    expect(row!.week_start).toBe(startOfWeekUTC(Date.now()));

    // The seller's dashboard shows this week's views on its card and the weeks as a chart.
    const dashboard = (await (await seller.browser.fetch("/vendor?tab=products")).text()).replace(/<!-- -->/g, "");
    expect(dashboard).toMatch(/Profile Views<\/p><p[^>]*>3<\/p>/);
    expect(dashboard).toContain("Views of your profile and products per week");
  });
});
