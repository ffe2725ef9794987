import { data, Form, Link } from "react-router";
import type { Route } from "./+types/forgot";
import { appContext } from "../../context";
import { ForgotPasswordForm } from "../../domain/auth-forms";
import { echoField } from "../../domain/form-body";
import { checkForm } from "../../domain/submission";
import { requestAccountEmail } from "../../services/auth.server";
import { clientIp, LIMITS, rateLimited } from "../../services/rate-limit.server";
import { redirectWithToast } from "../../services/toast.server";
import { Field, FormAlert, SubmitButton, useSubmitting } from "../../components/forms";

export const meta: Route.MetaFunction = () => [{ title: "Forgot password | Closetloop" }];

export async function action({ request, context }: Route.ActionArgs) {
  const app = context.get(appContext);
  const form = await request.formData();
  const parsed = checkForm(form, ForgotPasswordForm);
  // What was typed comes back in the field when the form is refused.
  const email = echoField(form, "email", 254);
  if (!parsed.ok) return data({ errors: parsed.errors, alert: null, email }, { status: 400 });
  const limited = await rateLimited(app.env.CACHE, [
    [LIMITS.resetIp, clientIp(request)],
    [LIMITS.resetEmail, parsed.value.email],
  ]);
  if (limited)
    return data({ errors: {} as Record<string, string | undefined>, alert: limited, email }, { status: 429 });
  // Whether the account exists is looked up by the queue consumer, which sends the link: the
  // answer is the same, in the same time, either way, so the form reveals no e-mail addresses
  // (decision 0017).
  await requestAccountEmail(app, "password_reset", parsed.value.email, new URL(request.url).origin);
  return redirectWithToast(app.config, "/auth?tab=signin", {
    type: "success",
    title: "Check your email",
    description: "If an account exists for that address, we have sent a link to reset your password.",
  });
}

export default function Forgot({ actionData }: Route.ComponentProps) {
  const busy = useSubmitting("forgot");
  return (
    <section className="mx-auto max-w-md space-y-4 py-6">
      <h1 className="text-2xl font-bold">Forgot password?</h1>
      <p className="text-stone-700">
        Enter the e-mail address of your account and we will send you a link to choose a new password.
      </p>
      {actionData?.alert ? <FormAlert title="Error" message={actionData.alert} /> : null}
      <Form method="post" noValidate className="space-y-4 rounded-lg border border-stone-200 bg-white p-6">
        <input type="hidden" name="intent" value="forgot" />
        <Field
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          required
          defaultValue={actionData?.email}
          error={actionData?.errors?.email}
        />
        <div className="flex items-center justify-between">
          <SubmitButton busy={busy} busyLabel="Sending...">
            Send reset link
          </SubmitButton>
          <Link to="/auth" className="text-sm text-brand underline">
            Back to Sign In
          </Link>
        </div>
      </Form>
    </section>
  );
}
