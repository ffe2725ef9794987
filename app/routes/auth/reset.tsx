import { data, Form, Link } from "react-router";
import type { Route } from "./+types/reset";
import { appContext } from "../../context";
import { ResetPasswordForm } from "../../domain/auth-forms";
import { checkForm } from "../../domain/submission";
import { consumePasswordToken, markEmailVerified, peekPasswordToken, setPassword } from "../../data/users.server";
import { hashToken } from "../../services/auth.server";
import { hashPassword } from "../../services/password.server";
import { endAllSessions } from "../../services/session.server";
import { redirectWithToast } from "../../services/toast.server";
import { signInEmailHeaders } from "../../services/sign-in-email.server";
import { Field, SubmitButton, useSubmitting } from "../../components/forms";

export const meta: Route.MetaFunction = () => [{ title: "Choose a new password | Closetloop" }];

const validToken = (token: string) => token.length >= 20 && token.length <= 200;

export async function loader({ request, context }: Route.LoaderArgs) {
  const app = context.get(appContext);
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const found = validToken(token) ? await peekPasswordToken(app.db, await hashToken(token), Date.now()) : null;
  // A set-password link is a new store account's first password (decision 0032): same page, its own words.
  return { token: found ? token : null, firstPassword: found?.purpose === "set_password" };
}

export async function action({ request, context }: Route.ActionArgs) {
  const app = context.get(appContext);
  const form = await request.formData();
  const parsed = checkForm(form, ResetPasswordForm);
  if (!parsed.ok) return data({ errors: parsed.errors }, { status: 400 });
  const now = Date.now();
  const found = validToken(parsed.value.token)
    ? await consumePasswordToken(app.db, await hashToken(parsed.value.token), now)
    : null;
  if (!found)
    return data(
      {
        errors: { form: "This reset link has expired or was already used. Ask for a new one." } as Record<
          string,
          string
        >,
      },
      { status: 400 },
    );
  const { userId, purpose } = found;
  const email = await setPassword(
    app.db,
    userId,
    await hashPassword(parsed.value.password, app.config.PASSWORD_PEPPER),
    now,
  );
  // The link reached the account's address: that verifies it (a store account made by staff starts unverified).
  if (purpose === "set_password") await markEmailVerified(app.db, userId, now);
  // A reset ends every session of the account, wherever it was signed in.
  await endAllSessions(app, userId);
  return redirectWithToast(
    app.config,
    "/auth?tab=signin",
    purpose === "set_password"
      ? {
          type: "success",
          title: "Password set",
          description: "Sign in with your e-mail address and your new password.",
        }
      : { type: "success", title: "Password updated", description: "Sign in with your new password." },
    { headers: await signInEmailHeaders(app.config, email) },
  );
}

export default function Reset({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useSubmitting("reset");
  const errors = actionData?.errors as Record<string, string> | undefined;
  if (!loaderData.token) {
    return (
      <section className="mx-auto max-w-md py-12 text-center">
        <h1 className="text-2xl font-bold">This reset link has expired or was already used</h1>
        <Link to="/auth/forgot" className="mt-6 inline-block rounded-md bg-brand px-4 py-2 font-medium text-white">
          Ask for a new link
        </Link>
      </section>
    );
  }
  return (
    <section className="mx-auto max-w-md space-y-4 py-6">
      <h1 className="text-2xl font-bold">
        {loaderData.firstPassword ? "Choose your password" : "Choose a new password"}
      </h1>
      {errors?.form ? (
        <p role="alert" className="text-red-700">
          {errors.form}
        </p>
      ) : null}
      <Form method="post" noValidate className="space-y-4 rounded-lg border border-stone-200 bg-white p-6">
        <input type="hidden" name="intent" value="reset" />
        <input type="hidden" name="token" value={loaderData.token} />
        <Field
          label="New password"
          name="password"
          type="password"
          autoComplete="new-password"
          required
          error={errors?.password}
          hint="At least 6 characters"
        />
        <Field
          label="Confirm password"
          name="confirmPassword"
          type="password"
          autoComplete="new-password"
          required
          error={errors?.confirmPassword}
        />
        <SubmitButton busy={busy} busyLabel="Saving...">
          Update password
        </SubmitButton>
      </Form>
    </section>
  );
}
