import { createCookieSessionStorage, data, redirect } from "react-router";
import type { AppConfig } from "../env.server";
import type { Toast } from "../domain/toast";

// The flash lives in its own short-lived signed cookie: it survives one redirect without
// JavaScript, and anonymous visitors cost no KV write (docs/decisions/0005-toasts.md).
const storages = new WeakMap<
  AppConfig,
  ReturnType<typeof createCookieSessionStorage<{ toast: Toast }, { toast: Toast }>>
>();

const cookieName = (config: AppConfig) => (config.isDev ? "cl_toast" : "__Host-cl_toast");

function toastStorage(config: AppConfig) {
  let storage = storages.get(config);
  if (!storage) {
    storage = createCookieSessionStorage<{ toast: Toast }, { toast: Toast }>({
      cookie: {
        name: cookieName(config),
        httpOnly: true,
        sameSite: "lax",
        path: "/",
        secure: !config.isDev,
        secrets: [config.SESSION_SECRET],
        maxAge: 60,
      },
    });
    storages.set(config, storage);
  }
  return storage;
}

export async function toastHeaders(config: AppConfig, toast: Toast) {
  const storage = toastStorage(config);
  const session = await storage.getSession();
  session.flash("toast", toast);
  return new Headers({ "set-cookie": await storage.commitSession(session) });
}

export async function redirectWithToast(config: AppConfig, url: string, toast: Toast, init?: ResponseInit) {
  const headers = await toastHeaders(config, toast);
  new Headers(init?.headers).forEach((value, key) => headers.append(key, value));
  return redirect(url, { ...init, headers });
}

export async function dataWithToast<T>(config: AppConfig, value: T, toast: Toast, init?: ResponseInit) {
  const headers = await toastHeaders(config, toast);
  return data(value, { ...init, headers });
}

/**
 * Reads the pending toast and ends its cookie (not an empty one kept for a minute: a request
 * with a toast cookie is never served a shared page); `headers` must go out with the response.
 */
export async function takeToast(request: Request, config: AppConfig) {
  const cookie = request.headers.get("cookie");
  const storage = toastStorage(config);
  if (!cookie?.includes("cl_toast")) return { toast: null, headers: null };
  const session = await storage.getSession(cookie);
  const toast = (session.get("toast") as Toast | undefined) ?? null;
  if (!toast) return { toast: null, headers: null };
  return { toast, headers: new Headers({ "set-cookie": await storage.destroySession(session) }) };
}

/**
 * A page drawn in answer to a form sent without JavaScript (a refused one, most often) shows its
 * message itself; the toast cookie its action set would show it once more on the next page
 * (decision 0067), so that cookie does not go out. With JavaScript the answer is data, and the
 * shell's revalidation takes the toast from the cookie at once.
 */
export function keepToastForDataOnly(request: Request, response: Response, config: AppConfig) {
  if (
    request.method === "GET" ||
    request.method === "HEAD" ||
    !response.headers.get("content-type")?.startsWith("text/html")
  )
    return;
  const name = `${cookieName(config)}=`;
  const cookies = response.headers.getSetCookie();
  if (!cookies.some((c) => c.startsWith(name))) return;
  response.headers.delete("set-cookie");
  for (const cookie of cookies) if (!cookie.startsWith(name)) response.headers.append("set-cookie", cookie);
}
