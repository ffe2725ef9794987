import { Form, Link } from "react-router";
import { Field, FormAlert, SubmitButton, useSubmitting } from "../forms";
import type { AuthActionData } from "./auth-answer";

// /auth's Sign In tab: the form, and a way to resend the verification e-mail when the account
// waits for it.

export function SignInPanel({
  redirectTo,
  email,
  result,
}: {
  redirectTo: string;
  email: string | null;
  result?: AuthActionData;
}) {
  const busy = useSubmitting("signin");
  const mine = result?.intent === "signin" ? result : undefined;
  return (
    <section aria-labelledby="signin-title" className="space-y-4">
      <h2 id="signin-title" className="text-xl font-semibold">
        Sign In
      </h2>
      {mine?.alert ? <FormAlert {...mine.alert} /> : null}
      <Form method="post" action="/auth" className="space-y-4" noValidate>
        <input type="hidden" name="intent" value="signin" />
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <Field
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          required
          defaultValue={mine?.values?.email ?? email ?? undefined}
          error={mine?.errors?.email}
        />
        <Field
          label="Password"
          name="password"
          type="password"
          autoComplete="current-password"
          required
          error={mine?.errors?.password}
        />
        <div className="flex items-center justify-between">
          <SubmitButton busy={busy} busyLabel="Signing in...">
            Sign In
          </SubmitButton>
          <Link to="/auth/forgot" className="text-sm text-brand underline">
            Forgot password?
          </Link>
        </div>
      </Form>
      {mine?.unverifiedEmail ? (
        <Form method="post" action="/auth" className="rounded-md border border-stone-200 bg-stone-50 p-3 text-sm">
          <input type="hidden" name="intent" value="resend" />
          <input type="hidden" name="email" value={mine.unverifiedEmail} />
          <p>Did not get the e-mail?</p>
          <button type="submit" className="mt-1 font-medium text-brand underline">
            Resend verification email
          </button>
        </Form>
      ) : null}
    </section>
  );
}
