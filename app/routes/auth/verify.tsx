import { Link } from "react-router";
import type { Route } from "./+types/verify";
import { appContext, requestState } from "../../context";
import { applyEmailChange, consumeAuthToken, emailOfUser, markEmailVerified } from "../../data/users.server";
import { hashToken } from "../../services/auth.server";
import { redirectWithToast } from "../../services/toast.server";
import { signInEmailHeaders } from "../../services/sign-in-email.server";

export const meta: Route.MetaFunction = () => [{ title: "Verify your email | Closetloop" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const now = Date.now();
  if (token.length < 20 || token.length > 200) return { ok: false, taken: false };
  const tokenHash = await hashToken(token);
  const userId = await consumeAuthToken(app.db, tokenHash, "verify_email", now);
  if (userId) {
    const [, email] = await Promise.all([markEmailVerified(app.db, userId, now), emailOfUser(app.db, userId)]);
    return redirectWithToast(
      app.config,
      "/auth?tab=signin",
      {
        type: "success",
        title: "Email verified",
        description: "Your email address is confirmed. You can now sign in.",
      },
      { headers: await signInEmailHeaders(app.config, email) },
    );
  }
  // The same kind of link confirms a new address for an account (the account page's e-mail change).
  const change = await applyEmailChange(app.db, tokenHash, now);
  if (!change.ok) return { ok: false, taken: change.reason === "taken" };
  const signedIn = context.get(requestState).user?.id === change.userId;
  return redirectWithToast(
    app.config,
    signedIn ? "/account?tab=profile" : "/auth?tab=signin",
    {
      type: "success",
      title: "Email updated",
      description: `Your account now uses ${change.email}.${signedIn ? "" : " Sign in with it from now on."}`,
    },
    { headers: signedIn ? undefined : await signInEmailHeaders(app.config, change.email) },
  );
}

export default function Verify({ loaderData }: Route.ComponentProps) {
  if (loaderData.taken) {
    return (
      <section className="mx-auto max-w-md py-12 text-center">
        <h1 className="text-2xl font-bold">This e-mail address is already used by another account</h1>
        <p className="mt-3 text-stone-700">
          Your account keeps its current address. Choose another one on your account page.
        </p>
        <Link
          to="/account?tab=profile"
          className="mt-6 inline-block rounded-md bg-brand px-4 py-2 font-medium text-white"
        >
          Go to your account
        </Link>
      </section>
    );
  }
  return (
    <section className="mx-auto max-w-md py-12 text-center">
      <h1 className="text-2xl font-bold">This link has expired or was already used</h1>
      <p className="mt-3 text-stone-700">
        Verification links work once and expire after 24 hours. Sign in to get a new one.
      </p>
      <Link to="/auth" className="mt-6 inline-block rounded-md bg-brand px-4 py-2 font-medium text-white">
        Go to Sign In
      </Link>
    </section>
  );
}
