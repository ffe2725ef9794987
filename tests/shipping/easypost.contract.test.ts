import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { trackerUpdate } from "../../app/services/easypost-events.server";
import { easyPostProvider } from "../../app/services/easypost.server";
import { signEasyPostEvent, verifyEasyPostEvent } from "../../app/services/easypost-signature.server";
import { LabelRefused, type LabelRequest } from "../../app/services/shipping-types";

// Contract tests of the EasyPost adapter (issue 44 item 2; decision 0082): the requests it makes
// against EasyPost's documented API, how it reads EasyPost's own documented answers
// (tests/shipping/fixtures/README.md), and EasyPost's webhook signature against the test vector
// its client libraries use.

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), "utf8");
const created = JSON.parse(fixture("shipments-create.json")) as {
  id: string;
  rates: { id: string; service: string; rate: string; currency: string }[];
};
const bought = JSON.parse(fixture("shipments-buy.json")) as {
  id: string;
  tracking_code: string;
  postage_label: { label_url: string };
  selected_rate: { id: string; carrier: string; service: string; rate: string; currency: string };
};

/** The documented shipment, quoted in GBP (a UK account): Express £12.40, Priority £3.45, GroundAdvantage £2.95. */
const GBP: Record<string, string> = { Express: "12.40", Priority: "3.45", GroundAdvantage: "2.95" };
const inGbp = { ...created, rates: created.rates.map((r) => ({ ...r, currency: "GBP", rate: GBP[r.service]! })) };

interface Call {
  url: string;
  method: string;
  headers: Headers;
  body: Record<string, unknown>;
}

function easyPost(answers: { status: number; body: unknown }[]) {
  const calls: Call[] = [];
  const fetcher = (async (input: RequestInfo | URL, init?: RequestInit) => {
    calls.push({
      url: String(input),
      method: init?.method ?? "GET",
      headers: new Headers(init?.headers),
      body: JSON.parse(String(init?.body ?? "{}")),
    });
    const answer = answers.shift();
    if (!answer) throw new Error("no answer left");
    return new Response(JSON.stringify(answer.body), {
      status: answer.status,
      headers: { "content-type": "application/json" },
    });
  }) as typeof fetch;
  return { calls, provider: easyPostProvider({ EASYPOST_API_KEY: "EZTK_contract" }, fetcher) };
}

const REQUEST: LabelRequest = {
  orderId: "order_01TEST",
  reference: "#7KQ4M2XA",
  direction: "outbound",
  from: {
    fullName: "Vera Vintage",
    addressLine1: "2 Return Lane",
    city: "Leeds",
    county: "West Yorkshire",
    postalCode: "LS1 4AP",
    country: "United Kingdom",
  },
  to: {
    fullName: "Ada Lovelace",
    addressLine1: "12 St James's Square",
    addressLine2: "Flat 3",
    city: "London",
    postalCode: "SW1Y 4JH",
    country: "GB",
  },
  weight: 1000,
  maxCost: 399,
  idempotencyKey: "lbl_contract",
};

describe("buying a label", () => {
  it("creates the shipment with its addresses, parcel in ounces and reference, then buys the cheapest GBP rate within the delivery fee", async () => {
    const { calls, provider } = easyPost([
      { status: 201, body: inGbp },
      { status: 200, body: { ...bought, selected_rate: { ...bought.selected_rate, currency: "GBP", rate: "2.95" } } },
    ]);
    const label = await provider.buyLabel(REQUEST);

    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      "POST https://api.easypost.com/v2/shipments",
      `POST https://api.easypost.com/v2/shipments/${created.id}/buy`,
    ]);
    for (const call of calls) {
      // HTTP Basic with the API key as the user and no password, as `curl -u "EASYPOST_API_KEY":`.
      expect(call.headers.get("authorization")).toBe(`Basic ${Buffer.from("EZTK_contract:").toString("base64")}`);
      expect(call.headers.get("content-type")).toBe("application/json");
    }
    expect(calls[0]!.body).toEqual({
      shipment: {
        to_address: {
          name: "Ada Lovelace",
          street1: "12 St James's Square",
          street2: "Flat 3",
          city: "London",
          state: "",
          zip: "SW1Y 4JH",
          country: "GB",
        },
        from_address: {
          name: "Vera Vintage",
          street1: "2 Return Lane",
          street2: "",
          city: "Leeds",
          state: "West Yorkshire",
          zip: "LS1 4AP",
          country: "GB",
        },
        parcel: { weight: 35.3 },
        is_return: false,
        reference: "#7KQ4M2XA",
        options: { label_format: "PDF", print_custom_1: "#7KQ4M2XA" },
      },
    });
    // Priority (£3.45) and GroundAdvantage (£2.95) fit £3.99; the cheaper is bought.
    const ground = created.rates.find((r) => r.service === "GroundAdvantage")!;
    expect(calls[1]!.body).toEqual({ rate: { id: ground.id } });
    expect(label).toEqual({
      providerRef: bought.id,
      carrier: "other",
      service: "USPS GroundAdvantage",
      trackingNumber: bought.tracking_code,
      cost: 295,
      labelUrl: bought.postage_label.label_url,
    });
  });

  it("asks for a return shipment for the prepaid label back", async () => {
    const { calls, provider } = easyPost([
      { status: 201, body: inGbp },
      { status: 200, body: bought },
    ]);
    await provider.buyLabel({ ...REQUEST, direction: "return" });
    expect((calls[0]!.body.shipment as { is_return: boolean }).is_return).toBe(true);
  });

  it("sends a return from France with its customs information, and buys a rate within the zone's fee (decision 0099)", async () => {
    // International rates, in GBP: only Express fits Europe's £12.99; none would fit the UK's £3.99.
    const INTERNATIONAL: Record<string, string> = { Express: "12.40", Priority: "13.50", GroundAdvantage: "15.10" };
    const rates = {
      ...created,
      rates: created.rates.map((r) => ({ ...r, currency: "GBP", rate: INTERNATIONAL[r.service]! })),
    };
    const express = created.rates.find((r) => r.service === "Express")!;
    const fromParis: LabelRequest = {
      ...REQUEST,
      direction: "return",
      from: {
        fullName: "Camille Martin",
        addressLine1: "12 rue de la Paix",
        city: "Paris",
        postalCode: "75002",
        country: "FR",
      },
      to: REQUEST.from,
      maxCost: 1299,
      contents: [{ description: "Silk Blouse", value: 4500 }],
    };
    const { calls, provider } = easyPost([
      { status: 201, body: rates },
      { status: 200, body: { ...bought, selected_rate: { ...bought.selected_rate, currency: "GBP", rate: "12.40" } } },
    ]);
    const label = await provider.buyLabel(fromParis);
    const shipment = calls[0]!.body.shipment as Record<string, unknown>;
    expect(shipment).toMatchObject({
      from_address: { name: "Camille Martin", city: "Paris", zip: "75002", country: "FR" },
      to_address: { city: "Leeds", country: "GB" },
      is_return: true,
      customs_info: {
        contents_type: "returned_goods",
        contents_explanation: "Pre-owned clothing sent back",
        customs_certify: true,
        customs_signer: "Camille Martin",
        non_delivery_option: "return",
        restriction_type: "none",
        customs_items: [
          { description: "Silk Blouse", quantity: 1, value: 45, currency: "GBP", weight: 35.3, origin_country: "GB" },
        ],
      },
    });
    expect(calls[1]!.body).toEqual({ rate: { id: express.id } });
    expect(label.cost).toBe(1240);

    // Inside one country there is nothing to declare.
    const home = easyPost([
      { status: 201, body: inGbp },
      { status: 200, body: bought },
    ]);
    await home.provider.buyLabel({ ...REQUEST, contents: [{ description: "Silk Blouse", value: 4500 }] });
    expect(home.calls[0]!.body.shipment).not.toHaveProperty("customs_info");
  });

  it("buys nothing when no rate fits the delivery fee, and reads EasyPost's refusals and failures apart", async () => {
    const none = easyPost([{ status: 201, body: created }]);
    // The documented rates are in USD: none is a GBP rate within £3.99.
    await expect(none.provider.buyLabel(REQUEST)).rejects.toThrow(
      new LabelRefused("No carrier offers a label for this parcel within its delivery fee."),
    );
    expect(none.calls).toHaveLength(1);

    const refused = easyPost([
      {
        status: 422,
        body: { error: { code: "ADDRESS.VERIFY.FAILURE", message: "Unable to verify address.", errors: [] } },
      },
    ]);
    await expect(refused.provider.buyLabel(REQUEST)).rejects.toBeInstanceOf(LabelRefused);

    const down = easyPost([
      {
        status: 500,
        body: { error: { code: "INTERNAL_SERVER_ERROR", message: "We're sorry, something went wrong." } },
      },
    ]);
    const failure = await down.provider.buyLabel(REQUEST).catch((error: Error) => error);
    expect(failure).toBeInstanceOf(Error);
    expect(failure).not.toBeInstanceOf(LabelRefused);
    expect((failure as Error).message).toBe("EasyPost answered 500 (INTERNAL_SERVER_ERROR)");
  });
});

describe("the webhook's signature", () => {
  const body = fixture("easypost-event-body.json");
  const VECTOR = "hmac-sha256-hex=38f3f53c103713df81616a0a186d77141957323ec21d5fe9363db93840f527db";

  it("matches EasyPost's own test vector (secret 'sécret', normalized NFKD) and reads the event", async () => {
    expect(await signEasyPostEvent(body, "sécret")).toBe(VECTOR);
    const event = await verifyEasyPostEvent(body, VECTOR, "sécret");
    expect(trackerUpdate(event)).toEqual({
      eventId: "evt_1",
      trackingCode: "1",
      status: "in_transit",
      occurredAt: Date.parse("2024-08-02T18:50:00Z"),
    });
  });

  it("refuses a missing header, another secret and a changed body", async () => {
    await expect(verifyEasyPostEvent(body, null, "sécret")).rejects.toThrow(/not signed/);
    await expect(verifyEasyPostEvent(body, VECTOR, "invalid_secret")).rejects.toThrow(/does not match/);
    await expect(
      verifyEasyPostEvent(body.replace('"status":"in_transit"', '"status":"delivered"'), VECTOR, "sécret"),
    ).rejects.toThrow(/does not match/);
  });
});
