import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { ask, cast } from "./conversations-helpers";

// A conversation's page shows its latest 50 messages, then 'Earlier messages' (decision 0112):
// plain links, the same with JavaScript or without.

/** The messages the list shows (the page's data, in its script, has them too). */
const bodies = (html: string) =>
  [
    ...(/<ol[^>]*aria-label="Messages"[^>]*>([\s\S]*?)<\/ol>/.exec(html)?.[1] ?? "").matchAll(
      /Message number (\d+)\b/g,
    ),
  ].map((m) => Number(m[1]));
const links = (html: string) =>
  [...html.matchAll(/<a [^>]*href="([^"]+)"[^>]*>(Earlier messages|Newer messages|Latest messages)<\/a>/g)].map(
    (m) => `${m[2]} ${m[1]!.replace(/&amp;/g, "&")}`,
  );

describe("a long conversation", () => {
  it("shows its latest 50 messages, and earlier ones a page at a time; the reply is on the latest page", async () => {
    const { seller, shopper, item } = await cast();
    const id = await ask(shopper.browser, item.id, "Message number 1");
    // 119 more, alternating sides (seq 2 to 120).
    const now = Date.now();
    await env.DB.batch([
      ...Array.from({ length: 119 }, (_, i) => {
        const seq = i + 2;
        const [sender, party] = seq % 2 ? [shopper.id, "shopper"] : [seller.id, "handler"];
        return env.DB.prepare(
          `INSERT INTO messages (id, conversation_id, seq, sender_id, sender_party, body, client_token, created_at)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
        ).bind(`msg_${id}_${seq}`, id, seq, sender, party, `Message number ${seq}`, `t${seq}`, now + seq);
      }),
      env.DB.prepare("UPDATE conversations SET last_seq = 120 WHERE id = ?").bind(id),
    ]);
    const here = `/account/messages/${id}`;
    const open = async (path: string) => {
      const response = await seller.browser.fetch(path);
      expect(response.status).toBe(200);
      return response.text();
    };

    const latest = await open(here);
    expect(bodies(latest)).toEqual(Array.from({ length: 50 }, (_, i) => 71 + i));
    expect(links(latest)).toEqual([`Earlier messages ${here}?before=71`]);
    expect(latest).toContain('name="body"');

    const earlier = await open(`${here}?before=71`);
    expect(bodies(earlier)).toEqual(Array.from({ length: 50 }, (_, i) => 21 + i));
    expect(links(earlier)).toEqual([`Earlier messages ${here}?before=21`, `Latest messages ${here}`]);
    // No reply form on an earlier page: what is written goes after the latest message.
    expect(earlier).not.toContain('name="body"');

    const first = await open(`${here}?before=21`);
    expect(bodies(first)).toEqual(Array.from({ length: 20 }, (_, i) => 1 + i));
    expect(links(first)).toEqual([`Newer messages ${here}?before=71`, `Latest messages ${here}`]);

    // Anything else asks for the latest page.
    for (const before of ["abc", "0", "1", "121", "-3", "99999999999"])
      expect(bodies(await open(`${here}?before=${before}`))).toEqual(bodies(latest));
  });
});
