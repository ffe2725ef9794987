import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { PaymentDeclined } from "../../app/services/payment-types";
import {
  signStripeEvent,
  stripeAdapter,
  stripeClient,
  verifyStripeEvent,
  webCrypto,
} from "../../app/services/stripe.server";
import { StripeDouble } from "./double";

// Contract tests of the Stripe adapter (issue 27 item 6; docs/decisions/0055-stripe-payments.md):
// the official SDK with its fetch HTTP client, pointed at a local double of the Stripe API that
// answers with Stripe's own published fixtures (tests/stripe/fixtures/README.md). They check the
// requests the adapter makes and how it reads each answer; the signed events are made with the
// SDK's test-header helper and read with its Web Crypto verifier, as the Worker does.

const double = new StripeDouble();
let adapter: ReturnType<typeof stripeAdapter>;

beforeAll(async () => {
  const connection = await double.start();
  adapter = stripeAdapter(stripeClient("sk_test_contract", connection));
});
afterAll(() => double.stop());
beforeEach(() => {
  double.requests.length = 0;
});

const last = () => double.requests.at(-1)!;

describe("the hosted checkout session", () => {
  it("asks for the order's lines in pence and gbp, an automatic capture, the card saved off-session, the order's id, the session's end and the idempotency key", async () => {
    const expiresAt = Date.UTC(2026, 10, 25, 20, 31);
    const session = await adapter.createSession!({
      mode: "payment",
      orderId: "order_01TEST",
      amount: 9399,
      lines: [
        { name: "Camel Coat (Buy Now)", amount: 9000 },
        { name: "Delivery", amount: 399 },
      ],
      customerEmail: "ada@example.test",
      successUrl: "https://closetloop.example/account/orders/order_01TEST?placed=1",
      cancelUrl: "https://closetloop.example/account/orders/order_01TEST",
      expiresAt,
      idempotencyKey: "checkout:order_01TEST",
    });
    const fixture = StripeDouble.fixture<{ id: string; url: string }>("checkout.session.json");
    expect(session).toEqual({ id: fixture.id, url: fixture.url });
    const request = last();
    expect(request.method).toBe("POST");
    expect(request.path).toBe("/v1/checkout/sessions");
    expect(request.headers["idempotency-key"]).toBe("checkout:order_01TEST");
    expect(request.headers.authorization).toBe("Bearer sk_test_contract");
    expect(request.params).toMatchObject({
      mode: "payment",
      allowed_payment_method_types: ["card"],
      customer_email: "ada@example.test",
      customer_creation: "always",
      client_reference_id: "order_01TEST",
      metadata: { order_id: "order_01TEST" },
      payment_intent_data: {
        capture_method: "automatic",
        setup_future_usage: "off_session",
        metadata: { order_id: "order_01TEST" },
      },
      success_url: "https://closetloop.example/account/orders/order_01TEST?placed=1",
      cancel_url: "https://closetloop.example/account/orders/order_01TEST",
      expires_at: String(expiresAt / 1000),
      line_items: [
        {
          quantity: "1",
          price_data: { currency: "gbp", unit_amount: "9000", product_data: { name: "Camel Coat (Buy Now)" } },
        },
        { quantity: "1", price_data: { currency: "gbp", unit_amount: "399", product_data: { name: "Delivery" } } },
      ],
    });
  });

  it("opens a setup session on the order's customer for 'Update your card'", async () => {
    await adapter.createSession!({
      mode: "setup",
      orderId: "order_02",
      amount: 0,
      lines: [],
      customerEmail: "ada@example.test",
      customerId: "cus_saved",
      successUrl: "https://x.example/s",
      cancelUrl: "https://x.example/c",
      expiresAt: Date.UTC(2026, 10, 25, 21),
      idempotencyKey: "setup:order_02:1",
    });
    expect(last().params).toMatchObject({
      mode: "setup",
      allowed_payment_method_types: ["card"],
      customer: "cus_saved",
      currency: "gbp",
      setup_intent_data: { metadata: { order_id: "order_02" } },
      metadata: { order_id: "order_02" },
    });
    expect(last().headers["idempotency-key"]).toBe("setup:order_02:1");
  });
});

describe("later charges with the saved card", () => {
  const charge = {
    operation: "capture" as const,
    orderId: "order_03",
    transactionId: "txn_buy_1",
    amount: 12000,
    idempotencyKey: "capture:txn_buy_1",
    paymentIntentId: "pi_checkout",
    customerId: "cus_saved",
    paymentMethodId: "pm_saved",
  };

  it("charges off-session, confirmed at once, in pence and gbp, with the order and transaction ids and the capture's key", async () => {
    const { ref } = await adapter.call(charge);
    expect(ref).toBe(StripeDouble.fixture<{ id: string }>("payment_intent.json").id);
    expect(last().path).toBe("/v1/payment_intents");
    expect(last().headers["idempotency-key"]).toBe("capture:txn_buy_1");
    expect(last().params).toMatchObject({
      amount: "12000",
      currency: "gbp",
      customer: "cus_saved",
      payment_method: "pm_saved",
      off_session: "true",
      confirm: "true",
      capture_method: "automatic",
      metadata: { order_id: "order_03", transaction_id: "txn_buy_1" },
    });
  });

  it("sends nothing for what the checkout payment collected (a line, the delivery fee)", async () => {
    expect(await adapter.call({ ...charge, collected: true })).toEqual({ ref: "pi_checkout" });
    expect(double.requests).toHaveLength(0);
  });

  it("reads a decline as a decline the shopper must act on", async () => {
    double.answerNext(
      "POST",
      "/v1/payment_intents",
      StripeDouble.error(402, {
        type: "card_error",
        code: "card_declined",
        decline_code: "insufficient_funds",
        message: "Your card has insufficient funds.",
      }),
    );
    const failure = await adapter.call(charge).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(PaymentDeclined);
    expect(failure).toMatchObject({ code: "card_declined", message: "Your card has insufficient funds." });
  });

  it("reads authentication_required (an error, or an intent that requires action) the same way", async () => {
    double.answerNext(
      "POST",
      "/v1/payment_intents",
      StripeDouble.error(402, {
        type: "card_error",
        code: "authentication_required",
        message: "Your card was declined. This transaction requires authentication.",
      }),
    );
    await expect(adapter.call(charge)).rejects.toMatchObject({ code: "authentication_required" });
    // An intent Stripe answers 'requires_action' (the bank wants the shopper present): not paid.
    double.answerNext("POST", "/v1/payment_intents", {
      status: 200,
      body: { ...StripeDouble.fixture("payment_intent.json"), status: "requires_action" },
    });
    await expect(adapter.call(charge)).rejects.toMatchObject({ code: "authentication_required" });
  });

  it("reads a network failure (the socket closed) as a failure to retry, not a decline", async () => {
    double.answerNext("POST", "/v1/payment_intents", { close: true });
    const failure = await adapter.call(charge).catch((e: unknown) => e);
    expect(failure).not.toBeInstanceOf(PaymentDeclined);
    expect(String(failure)).toMatch(/Stripe could not be reached/);
    // One attempt only: the daily job retries under the same key.
    expect(double.requests).toHaveLength(1);
  });

  it("refuses to charge without a saved card, without calling Stripe", async () => {
    await expect(adapter.call({ ...charge, paymentMethodId: null })).rejects.toMatchObject({
      code: "no_payment_method",
    });
    expect(double.requests).toHaveLength(0);
  });
});

describe("refunds", () => {
  it("refunds against the payment intent, in pence, with the refund's key", async () => {
    const { ref } = await adapter.call({
      operation: "refund",
      orderId: "order_04",
      transactionId: null,
      amount: 9399,
      idempotencyKey: "refund:order_04",
      paymentIntentId: "pi_checkout",
    });
    expect(ref).toBe(StripeDouble.fixture<{ id: string }>("refund.json").id);
    expect(last().path).toBe("/v1/refunds");
    expect(last().headers["idempotency-key"]).toBe("refund:order_04");
    expect(last().params).toMatchObject({
      payment_intent: "pi_checkout",
      amount: "9399",
      metadata: { order_id: "order_04" },
    });
  });

  it("reads Stripe's refusal as a failure to retry", async () => {
    double.answerNext(
      "POST",
      "/v1/refunds",
      StripeDouble.error(400, {
        type: "invalid_request_error",
        code: "charge_already_refunded",
        message: "Charge has already been refunded.",
      }),
    );
    await expect(
      adapter.call({
        operation: "refund",
        orderId: "order_04",
        transactionId: null,
        amount: 9399,
        idempotencyKey: "refund:order_04",
        paymentIntentId: "pi_checkout",
      }),
    ).rejects.toThrow(/charge_already_refunded/);
  });
});

describe("signed events", () => {
  const secret = "whsec_contract_test";
  const event = () => {
    const envelope = StripeDouble.fixture<Record<string, unknown>>("event.json");
    return JSON.stringify({
      ...envelope,
      type: "charge.refunded",
      data: { object: StripeDouble.fixture("charge.json") },
    });
  };

  it("verifies an event signed with the SDK's test-header helper, with Web Crypto", async () => {
    const payload = event();
    const header = await signStripeEvent(payload, secret);
    const verified = await verifyStripeEvent(payload, header, secret, Date.now());
    expect(verified.type).toBe("charge.refunded");
    expect(verified.id).toBe(StripeDouble.fixture<{ id: string }>("event.json").id);
  });

  it("agrees with the SDK both ways: its headers verify here, and ours verify with its constructEventAsync", async () => {
    const payload = event();
    const sdk = stripeClient("sk_verify_only").webhooks;
    const timestamp = Math.floor(Date.now() / 1000) - 10;
    const theirs = await sdk.generateTestHeaderStringAsync({ payload, secret, cryptoProvider: webCrypto, timestamp });
    expect(await signStripeEvent(payload, secret, timestamp)).toBe(theirs);
    expect((await verifyStripeEvent(payload, `${theirs},v1=${"0".repeat(64)}`, secret, Date.now())).type).toBe(
      "charge.refunded",
    );
    const ours = await signStripeEvent(payload, secret);
    expect((await sdk.constructEventAsync(payload, ours, secret, 300, webCrypto)).type).toBe("charge.refunded");
    await expect(verifyStripeEvent(payload, `t=${timestamp}`, secret, Date.now())).rejects.toThrow(/No signatures/);
    await expect(verifyStripeEvent(payload, "v1=abc", secret, Date.now())).rejects.toThrow(/timestamp/);
  });

  it("refuses another secret, an altered body and a signature older than 300 seconds", async () => {
    const payload = event();
    await expect(
      verifyStripeEvent(payload, await signStripeEvent(payload, "whsec_other"), secret, Date.now()),
    ).rejects.toThrow();
    await expect(
      verifyStripeEvent(
        payload.replace("charge.refunded", "charge.captured"),
        await signStripeEvent(payload, secret),
        secret,
        Date.now(),
      ),
    ).rejects.toThrow();
    const old = Math.floor(Date.now() / 1000) - 301;
    await expect(
      verifyStripeEvent(payload, await signStripeEvent(payload, secret, old), secret, Date.now()),
    ).rejects.toThrow(/tolerance/);
    await expect(
      verifyStripeEvent(payload, await signStripeEvent(payload, secret, old + 2), secret, Date.now()),
    ).resolves.toBeTruthy();
  });
});

describe("the double", () => {
  it("serves only Stripe's published fixtures, each listed in its README", async () => {
    const { readFileSync } = await import("node:fs");
    const readme = readFileSync(new URL("./fixtures/README.md", import.meta.url), "utf8");
    for (const file of StripeDouble.fixtures()) expect(readme).toContain(`\`${file}\``);
  });
});
