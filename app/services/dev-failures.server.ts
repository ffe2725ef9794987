import type { AppConfig } from "../env.server";
import { failingD1 } from "../data/db.server";
import { isLoopbackAddress } from "../domain/client-address";
import { clientIp } from "./rate-limit.server";
import { cookieValue } from "../domain/cookies";

// Development's storage-failure switch (issue 41 item 8; decision 0072), for the browser tests
// and for anyone who wants to see the site's 503 page: a cookie, honoured only when the Worker
// runs in development and the request comes from this machine (as /dev/payments), makes this
// request's D1 fail (every statement, or only writes) or its conversations' Durable Object.
// Elsewhere the cookie means nothing (decision 0018: development surfaces cannot ship).

export const DEV_FAIL_COOKIE = "closetloop_dev_fail";
const CHOICES = ["d1", "d1-writes", "conversations"] as const;
export type DevFailure = (typeof CHOICES)[number];

/** The failure this request asks for, or null (outside development or loopback, always null). */
export function devFailure(request: Request, config: Pick<AppConfig, "isDev">): DevFailure | null {
  if (!config.isDev) return null;
  const value = cookieValue(request.headers.get("cookie"), DEV_FAIL_COOKIE);
  if (value === undefined || !isLoopbackAddress(clientIp(request))) return null;
  return (CHOICES as readonly string[]).includes(value ?? "") ? (value as DevFailure) : null;
}

/** The request's D1 and env with the failure applied. */
export function withDevFailure<D extends D1Database | D1DatabaseSession>(
  failure: DevFailure | null,
  d1: D,
  env: Env,
): { d1: D; env: Env } {
  if (failure === "d1" || failure === "d1-writes")
    return { d1: failingD1(d1 as unknown as D1Database, failure === "d1" ? "all" : "writes") as unknown as D, env };
  if (failure === "conversations") return { d1, env: { ...env, CONVERSATIONS: failingNamespace(env.CONVERSATIONS) } };
  return { d1, env };
}

/** A Durable Object namespace whose objects never answer. */
function failingNamespace(namespace: Env["CONVERSATIONS"]): Env["CONVERSATIONS"] {
  const unreachable = new Proxy(
    {},
    {
      get: () => () =>
        Promise.reject(
          new Error("Durable Object reset because its code was updated (the development switch makes it fail)"),
        ),
    },
  );
  return new Proxy(namespace, {
    get: (target, key) =>
      key === "get" ? () => unreachable : (Reflect.get(target, key) as (...a: unknown[]) => unknown).bind(target),
  });
}
