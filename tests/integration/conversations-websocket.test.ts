import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { eventually } from "./factories";
import { rows, token, cast, ask, openSocket } from "./conversations-helpers";

// Conversations between shoppers and sellers (issue 26): the conversation page over the
// conversation's Durable Object's WebSocket, and a burst through one object.

describe("live over WebSockets", () => {
  it("both parties see the same order whether messages come over sockets or forms", async () => {
    const { seller, shopper, item } = await cast();
    const id = await ask(shopper.browser, item.id, "First, by form");
    const mine = await openSocket(shopper.browser, id);
    const theirs = await openSocket(seller.browser, id);
    mine.ws.send(JSON.stringify({ type: "send", text: "Second, by socket", token: token() }));
    await eventually(async () => theirs.messages().find((m) => m.body === "Second, by socket"));
    expect(
      (await seller.browser.post(`/account/messages/${id}`, { intent: "send", body: "Third, by form", token: token() }))
        .status,
    ).toBe(303);
    theirs.ws.send(JSON.stringify({ type: "send", text: "Fourth, by socket", token: token() }));
    await eventually(async () => (mine.messages().length >= 3 ? true : null));
    const order = ["Second, by socket", "Third, by form", "Fourth, by socket"];
    expect(mine.messages().map((m) => m.body)).toEqual(order);
    expect(theirs.messages().map((m) => m.body)).toEqual(order);
    const stored = await rows<{ seq: number; body: string }>(
      "SELECT seq, body FROM messages WHERE conversation_id = ? ORDER BY seq",
      id,
    );
    expect(stored.map((r) => r.body)).toEqual(["First, by form", ...order]);
    expect(mine.messages().map((m) => m.seq)).toEqual([2, 3, 4]);
    // The page without JavaScript shows the same order.
    const html = await (await shopper.browser.fetch(`/account/messages/${id}`)).text();
    const positions = ["First, by form", ...order].map((t) => html.indexOf(t));
    expect(positions.every((p, i) => p > 0 && (i === 0 || p > positions[i - 1]!))).toBe(true);
    // Delivered and read reach the sender: the seller had the socket open (delivered), then read.
    theirs.ws.send(JSON.stringify({ type: "read", seq: 4 }));
    await eventually(async () =>
      mine.frames.find(
        (f) =>
          f.type === "state" &&
          (f as unknown as { party: string; readSeq: number }).party === "handler" &&
          (f as unknown as { readSeq: number }).readSeq >= 4,
      ),
    );
    mine.ws.close(1000, "done");
    theirs.ws.close(1000, "done");
  });

  it("a read frame past the last message reads only the messages that exist", async () => {
    const { seller, shopper, item } = await cast();
    const id = await ask(shopper.browser, item.id, "Is the hem finished?");
    const mine = await openSocket(shopper.browser, id);
    const theirs = await openSocket(seller.browser, id);
    theirs.ws.send(JSON.stringify({ type: "read", seq: 9007199254740991 }));
    const state = await eventually(async () =>
      mine.frames.find(
        (f) =>
          f.type === "state" &&
          (f as unknown as { party: string }).party === "handler" &&
          (f as unknown as { readSeq: number }).readSeq > 0,
      ),
    );
    expect((state as unknown as { readSeq: number }).readSeq).toBe(1);
    expect(
      await rows(
        "SELECT read_seq, delivered_seq FROM conversation_reads WHERE conversation_id = ? AND party = 'handler'",
        id,
      ),
    ).toEqual([{ read_seq: 1, delivered_seq: 1 }]);
    // The shopper's next message is not read already: its page says 'Sent', not 'Read'.
    theirs.ws.close(1000, "done");
    expect(
      (
        await shopper.browser.post(`/account/messages/${id}`, {
          intent: "send",
          body: "And the lining?",
          token: token(),
        })
      ).status,
    ).toBe(303);
    const html = await (await shopper.browser.fetch(`/account/messages/${id}`)).text();
    const second = html.slice(html.indexOf('id="m2"'), html.indexOf("</li>", html.indexOf('id="m2"')));
    expect(second).toContain("And the lining?");
    expect(second).toMatch(/message-state">[^<]*(<!-- -->)?\s*(Sent|Delivered)</);
    expect(
      await rows("SELECT read_seq FROM conversation_reads WHERE conversation_id = ? AND party = 'handler'", id),
    ).toEqual([{ read_seq: 1 }]);
    mine.ws.close(1000, "done");
  });

  it("migration 0049 brings reads and deliveries stored past the last message back to it", async () => {
    const { shopper, item } = await cast();
    const id = await ask(shopper.browser, item.id, "Is it lined?");
    await env.DB.prepare(
      "UPDATE conversation_reads SET read_seq = 9007199254740991, delivered_seq = 9007199254740991 WHERE conversation_id = ? AND party = 'handler'",
    )
      .bind(id)
      .run();
    const before = await rows(
      "SELECT party, read_seq, delivered_seq FROM conversation_reads WHERE conversation_id = ? AND party = 'shopper'",
      id,
    );
    const migration = env.TEST_MIGRATIONS.find((m) => m.name.startsWith("0049_"))!;
    for (const query of migration.queries) await env.DB.prepare(query).run();
    expect(
      await rows(
        "SELECT read_seq, delivered_seq FROM conversation_reads WHERE conversation_id = ? AND party = 'handler'",
        id,
      ),
    ).toEqual([{ read_seq: 1, delivered_seq: 1 }]);
    // A read within the messages is left as it was.
    expect(
      await rows(
        "SELECT party, read_seq, delivered_seq FROM conversation_reads WHERE conversation_id = ? AND party = 'shopper'",
        id,
      ),
    ).toEqual(before);
  });

  it("a burst of 100 messages from 5 sockets loses none and duplicates none", async () => {
    const { seller, shopper, item } = await cast();
    const id = await ask(shopper.browser, item.id, "Start");
    const sockets = [
      await openSocket(shopper.browser, id),
      await openSocket(shopper.browser, id),
      await openSocket(shopper.browser, id),
      await openSocket(seller.browser, id),
      await openSocket(seller.browser, id),
    ];
    const sent: string[] = [];
    for (let i = 0; i < 100; i++) {
      const text = `Burst ${i}`;
      sent.push(text);
      sockets[i % 5]!.ws.send(JSON.stringify({ type: "send", text, token: `burst_${i}_${id}` }));
    }
    for (const s of sockets) await eventually(async () => (s.messages().length >= 100 ? true : null), 30_000);
    const stored = await rows<{ seq: number; body: string }>(
      "SELECT seq, body FROM messages WHERE conversation_id = ? AND seq > 1 ORDER BY seq",
      id,
    );
    expect(stored).toHaveLength(100);
    expect(new Set(stored.map((r) => r.body))).toEqual(new Set(sent));
    expect(stored.map((r) => r.seq)).toEqual(Array.from({ length: 100 }, (_, i) => i + 2));
    // Every socket saw the same 100, in the stored order, once each.
    for (const s of sockets) expect(s.messages().map((m) => m.body)).toEqual(stored.map((r) => r.body));
    for (const s of sockets) s.ws.close(1000, "done");
  });
});
