import { describe, expect, it } from "vitest";
import type { AppConfig } from "../env.server";
import { marketingProvider } from "./providers.server";

// The marketing tool's calls as Brevo's API takes them (decision 0068: a deleted account's contact is erased).
describe("marketingProvider (Brevo)", () => {
  const config = { BREVO_API_KEY: "key", BREVO_API_URL: "https://api.brevo.example/v3" } as AppConfig;
  const calls: { url: string; method: string; body: string | null }[] = [];
  const answer = (status: number) =>
    (async (url: string | URL | Request, init?: RequestInit) => {
      calls.push({ url: String(url), method: init?.method ?? "GET", body: (init?.body as string) ?? null });
      return new Response(null, { status });
    }) as typeof fetch;

  it("erases a deleted account's contact, and takes 'already gone' as done", async () => {
    calls.length = 0;
    await marketingProvider(config, answer(204)).call({
      key: "k",
      type: "marketing",
      action: "delete_contact",
      data: { email: "ada+x@example.test" },
    });
    expect(calls).toEqual([
      { url: "https://api.brevo.example/v3/contacts/ada%2Bx%40example.test", method: "DELETE", body: null },
    ]);
    await expect(
      marketingProvider(config, answer(404)).call({
        key: "k",
        type: "marketing",
        action: "delete_contact",
        data: { email: "a@example.test" },
      }),
    ).resolves.toBeUndefined();
    await expect(
      marketingProvider(config, answer(500)).call({
        key: "k",
        type: "marketing",
        action: "delete_contact",
        data: { email: "a@example.test" },
      }),
    ).rejects.toThrow("Marketing API answered 500");
  });

  it("unsubscribes a contact by blacklisting it for campaigns", async () => {
    calls.length = 0;
    await marketingProvider(config, answer(204)).call({
      key: "k",
      type: "marketing",
      action: "update_contact",
      data: { email: "a@example.test", unsubscribed: true },
    });
    expect(calls).toEqual([
      {
        url: "https://api.brevo.example/v3/contacts",
        method: "POST",
        body: JSON.stringify({ email: "a@example.test", emailBlacklisted: true, updateEnabled: true }),
      },
    ]);
  });
});
