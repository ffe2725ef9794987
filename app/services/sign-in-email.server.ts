import { createCookie } from "react-router";
import type { AppConfig } from "../env.server";

// After an account step that ends on the sign-in form — an account created, an address verified
// or changed, a password set — the form starts with the account's address (decision 0069). It
// rides in a signed cookie of its own for ten minutes, so the address never goes into a URL (and
// a server's logs or the browser's history). Path /: the sign-in page's data request with
// JavaScript is /auth.data, which a cookie for /auth does not reach.
const cookies = new WeakMap<AppConfig, ReturnType<typeof createCookie>>();

function signInEmailCookie(config: AppConfig) {
  let cookie = cookies.get(config);
  if (!cookie) {
    cookie = createCookie("cl_signin_email", {
      path: "/",
      httpOnly: true,
      sameSite: "lax",
      secure: !config.isDev,
      maxAge: 600,
      secrets: [config.SESSION_SECRET],
    });
    cookies.set(config, cookie);
  }
  return cookie;
}

/** The Set-Cookie header that has the sign-in form start with `email`. */
export async function signInEmailHeaders(config: AppConfig, email: string | null) {
  return email ? { "set-cookie": await signInEmailCookie(config).serialize(email) } : undefined;
}

/** The address the sign-in form starts with, if an account step left one. */
export async function signInEmailOf(config: AppConfig, request: Request) {
  const value: unknown = await signInEmailCookie(config).parse(request.headers.get("cookie"));
  return typeof value === "string" && value.length <= 254 ? value : null;
}
