import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ViewMessage } from "../domain/queue-messages";
import { countView, GATHER_MS } from "./count-view.server";

// Views gathered per isolate (decision 0103): a second's views go as one message per page, with
// their number, in one sendBatch; what is not a person's view of a page is not gathered.

const PERSON = { "user-agent": "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/120.0 Safari/537.36" };
const get = (path: string, headers: Record<string, string> = PERSON) =>
  new Request(`https://closetloop.example${path}`, { headers });

function isolate() {
  const batches: { body: unknown }[][] = [];
  const work: Promise<unknown>[] = [];
  const env = { NOTIFICATIONS: { sendBatch: async (messages: { body: unknown }[]) => void batches.push(messages) } };
  const view = (request: Request, status = 200) =>
    countView(env as unknown as Env, request, status, (w) => void work.push(w), Date.UTC(2026, 10, 29, 12));
  const settle = async () => {
    await vi.advanceTimersByTimeAsync(GATHER_MS);
    await Promise.all(work);
  };
  const sent = () => batches.map((batch) => batch.map((m) => ViewMessage.parse(m.body)));
  return { view, settle, sent };
}

describe("gathered views", () => {
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());

  it("sends a second's views as one message per page, with how many times it was viewed", async () => {
    const { view, settle, sent } = isolate();
    view(get("/product/prod_1"));
    view(get("/product/prod_1"));
    view(get("/Rails"));
    view(get("/product/prod_1"));
    view(get("/product/prod_1", { "user-agent": "Googlebot/2.1" }));
    view(get("/product/prod_2"), 404);
    expect(sent()).toEqual([]);
    await settle();
    expect(sent()).toEqual([
      [
        expect.objectContaining({ page: "product", id: "prod_1", n: 3 }),
        expect.objectContaining({ page: "profile", displayName: "Rails", n: 1 }),
      ],
    ]);

    // The next view starts a new gathering.
    view(get("/product/prod_1"));
    await settle();
    expect(sent()[1]).toEqual([expect.objectContaining({ page: "product", id: "prod_1", n: 1 })]);
  });

  it("starts another gathering once one holds 100 pages (sendBatch's limit)", async () => {
    const { view, settle, sent } = isolate();
    for (let i = 0; i < 101; i++) view(get(`/product/prod_${i}`));
    await settle();
    expect(sent().map((batch) => batch.length)).toEqual([100, 1]);
  });

  it("reads a message without a number as one view (sent before views were gathered)", () => {
    expect(ViewMessage.parse({ key: "view:1", type: "view", page: "store", id: "s", at: 1 }).n).toBe(1);
  });
});
