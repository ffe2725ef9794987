// The local payment provider (decisions 0035, 0055): nothing leaves the machine; the `payments`
// row is the call and its hosted checkout is a page of ours (/dev/payments/checkout/{id}).
import type { AppContext } from "../context";
import type { HostedSessionRequest, PaymentOperation, PaymentProvider } from "./payment-types";

type LocalServices = Pick<AppContext, "env" | "config">;

/** KV key that makes the local provider fail (development only): value "all" or operations, comma-separated. */
export const LOCAL_FAIL_KEY = "payments:local:fail";
/** The same for one order only (tests use this, so they cannot disturb each other). */
export const localFailKey = (orderId: string) => `${LOCAL_FAIL_KEY}:${orderId}`;

const fails = (setting: string | null, operation: PaymentOperation) =>
  setting !== null &&
  (setting === "all" ||
    setting
      .split(",")
      .map((s) => s.trim())
      .includes(operation));

/**
 * The local provider: nothing leaves the machine, and the `payments` row is the call (the
 * developer reads it on /dev/payments). In development a KV setting makes it fail, so tests and
 * newcomers can see a failed capture and its retry; elsewhere it always succeeds.
 */
export function localPaymentProvider(services: LocalServices): PaymentProvider {
  return {
    name: "local",
    async call(request) {
      if (services.config.isDev) {
        const [all, order] = await Promise.all([
          services.env.CACHE.get(LOCAL_FAIL_KEY),
          services.env.CACHE.get(localFailKey(request.orderId)),
        ]);
        if (fails(all, request.operation) || fails(order, request.operation))
          throw new Error(`The local provider was told to fail ${request.operation} calls`);
      }
      // A capture the checkout payment collected, and a refund of it, answer with its payment intent.
      if (request.collected && request.paymentIntentId) return { ref: request.paymentIntentId };
      return { ref: `local_${request.operation}_${crypto.randomUUID().slice(0, 12)}` };
    },
    async createSession(request) {
      const id = `cs_local_${crypto.randomUUID().replaceAll("-", "")}`;
      const session: LocalSession = { id, ...request, status: "open" };
      // KV keeps it a little past its end (at least 60 s, KV's minimum), so a late visit sees 'expired'.
      await services.env.CACHE.put(localSessionKey(id), JSON.stringify(session), {
        expirationTtl: Math.max(60, Math.ceil((request.expiresAt - Date.now()) / 1000) + 3600),
      });
      return { id, url: `/dev/payments/checkout/${id}` };
    },
  };
}

/** The local provider's hosted session, kept in KV for its page at /dev/payments/checkout/{id}. */
export interface LocalSession extends HostedSessionRequest {
  id: string;
  status: "open" | "complete" | "expired";
}
export const localSessionKey = (id: string) => `payments:local:session:${id}`;

export async function localSession(services: Pick<AppContext, "env">, id: string): Promise<LocalSession | null> {
  if (!/^cs_local_[0-9a-f]{32}$/.test(id)) return null;
  return services.env.CACHE.get<LocalSession>(localSessionKey(id), "json");
}
