import { Link } from "react-router";
import type { Route } from "./+types/verify";
import { appContext } from "../../context";
import { consumeAuthToken, markEmailVerified } from "../../data/users.server";
import { hashToken } from "../../services/auth.server";
import { redirectWithToast } from "../../services/toast.server";

export const meta: Route.MetaFunction = () => [{ title: "Verify your email | Closetloop" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const now = Date.now();
  const userId = token.length >= 20 && token.length <= 200 ? await consumeAuthToken(app.db, await hashToken(token), "verify_email", now) : null;
  if (!userId) return { ok: false };
  await markEmailVerified(app.db, userId, now);
  return redirectWithToast(app.config, "/auth?tab=signin", { type: "success", title: "Email verified", description: "Your email address is confirmed. You can now sign in." });
}

export default function Verify() {
  return (
    <section className="mx-auto max-w-md py-12 text-center">
      <h1 className="text-2xl font-bold">This link has expired or was already used</h1>
      <p className="mt-3 text-stone-700">Verification links work once and expire after 24 hours. Sign in to get a new one.</p>
      <Link to="/auth" className="mt-6 inline-block rounded-md bg-brand px-4 py-2 font-medium text-white">Go to Sign In</Link>
    </section>
  );
}
