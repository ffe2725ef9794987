import { useEffect } from "react";
import { data, Form, Link, redirect } from "react-router";
import { tellStoreRequestReceived, tellStoreRequestWaiting } from "../../services/notices.server";
import type { Route } from "./+types/auth";
import { appContext, requestState } from "../../context";
import { SignUpForm, StoreRequestForm, ForgotPasswordForm } from "../../domain/auth-forms";
import { checkForm, type FieldErrors } from "../../domain/submission";
import { echoField } from "../../domain/form-body";
import { readIntent } from "../../domain/intents";
import { safeRedirect } from "../../domain/safe-redirect";
import { insertStoreRequest } from "../../data/users.server";
import { authenticator, FormInvalidError, registerUser, requestAccountEmail, SignInError } from "../../services/auth.server";
import { clearSignInFailures, clientIp, LIMITS, rateLimited, recordSignInFailure, signInThrottled } from "../../services/rate-limit.server";
import { createSession } from "../../services/session.server";
import { accountCurrency } from "../../data/rates.server";
import { currencyCookie } from "../../services/display-currency.server";
import { dataWithToast, redirectWithToast } from "../../services/toast.server";
import { signInEmailHeaders, signInEmailOf } from "../../services/sign-in-email.server";
import { Field, FormAlert, SubmitButton, useSubmitting } from "../../components/forms";
import { showToast } from "../../components/toaster";

export const meta: Route.MetaFunction = () => [{ title: "Sign in or create an account | Closetloop" }];

type Tab = "signin" | "signup";

export async function loader({ request, context }: Route.LoaderArgs) {
  if (context.get(requestState).user) throw redirect("/");
  const url = new URL(request.url);
  const tab: Tab = url.searchParams.get("tab") === "signup" ? "signup" : "signin";
  const signUpAs = url.searchParams.get("as") === "store" ? "store" : "user";
  // The address an account step just used, so signing in starts with it (decision 0069).
  const email = await signInEmailOf(context.get(appContext).config, request);
  return { tab, signUpAs, redirectTo: safeRedirect(url.searchParams.get("redirectTo"), ""), email };
}

export interface AuthActionData {
  intent: string;
  errors?: FieldErrors;
  alert?: { title: string; message: string };
  unverifiedEmail?: string;
  values?: Record<string, string>;
}

const reply = (body: AuthActionData, status = 400) => data(body, { status });

// The store request's fields and the most of each shown back after an error (StoreRequestForm).
const STORE_REQUEST_FIELDS = { contactName: 120, storeName: 120, storeAddress: 300, storeWebsite: 300, contactEmail: 254 };

export const intents = ["signin", "resend", "signup", "store_request"] as const;

export async function action({ request, context }: Route.ActionArgs) {
  const app = context.get(appContext);
  const form = await request.clone().formData();
  const intent = readIntent(form, intents);
  const origin = new URL(request.url).origin;
  const ip = clientIp(request);
  const now = new Date();
  const emailField = String(form.get("email") ?? form.get("contactEmail") ?? "").trim().toLowerCase();
  const values = { email: echoField(form, "email", 254), fullName: echoField(form, "fullName", 120) };

  if (intent === "signin") {
    const [busyAddress, throttled] = await Promise.all([rateLimited(app.env.CACHE, [[LIMITS.signInIp, ip]]), signInThrottled(app.env.CACHE, emailField, ip)]);
    const limited = throttled ?? busyAddress;
    if (limited) return reply({ intent, values, alert: { title: "Error signing in", message: limited } }, 429);
    try {
      const userId = await authenticator(app).authenticate("form", request);
      const [cookie, , currency] = await Promise.all([createSession(app, userId), clearSignInFailures(app.env.CACHE, emailField, ip), accountCurrency(app.db, userId)]);
      // Their saved display currency comes back with them (decision 0084).
      if (currency) context.get(requestState).setCookies.push(currencyCookie(currency, !app.config.isDev));
      return redirectWithToast(app.config, safeRedirect(form.get("redirectTo")), { type: "success", title: "Welcome back!" }, { headers: { "set-cookie": cookie } });
    } catch (error) {
      if (error instanceof FormInvalidError) return reply({ intent, values, errors: error.errors });
      if (error instanceof SignInError) {
        if (error.reason === "invalid") await recordSignInFailure(app.env.CACHE, emailField, ip);
        return reply(
          { intent, values, alert: { title: "Error signing in", message: error.message }, unverifiedEmail: error.reason === "unverified" ? error.email : undefined },
          error.reason === "invalid" ? 401 : 403,
        );
      }
      throw error;
    }
  }

  if (intent === "resend") {
    const limited = await rateLimited(app.env.CACHE, [[LIMITS.resetIp, ip], [LIMITS.resetEmail, emailField || ip]]);
    if (limited) return reply({ intent, alert: { title: "Error", message: limited } }, 429);
    const parsed = checkForm(form, ForgotPasswordForm);
    // Whether the account exists and waits for verification is looked up by the queue consumer,
    // so this answer is the same, in the same time, either way (decision 0017).
    if (parsed.ok) await requestAccountEmail(app, "verify_email", parsed.value.email, origin);
    return redirectWithToast(app.config, "/auth", { type: "success", title: "Verification email sent", description: "If that account is waiting for verification, a new link is on its way." });
  }

  if (intent === "signup") {
    // Every attempt counts against the address it comes from; only a form that would create an
    // account (and send an e-mail) counts against its e-mail, so typing mistakes lock no one out.
    const limited = await rateLimited(app.env.CACHE, [[LIMITS.signUpIp, ip]]);
    if (limited) return reply({ intent, values, alert: { title: "Error creating account", message: limited } }, 429);
    const parsed = checkForm(form, SignUpForm);
    if (!parsed.ok) {
      const mismatch = parsed.errors.confirmPassword === "Passwords do not match";
      return reply({ intent, values, errors: parsed.errors, alert: mismatch ? { title: "Error", message: "Passwords do not match" } : undefined });
    }
    const mailed = await rateLimited(app.env.CACHE, [[LIMITS.signUpEmail, parsed.value.email]]);
    if (mailed) return reply({ intent, values, alert: { title: "Error creating account", message: mailed } }, 429);
    // A taken e-mail gets the same answer; its owner gets an e-mail instead (decision 0017).
    await registerUser(app, parsed.value, origin, now);
    return redirectWithToast(app.config, "/auth?tab=signin", { type: "success", title: "Account created!", description: "Please check your email to verify your account." }, { headers: await signInEmailHeaders(app.config, parsed.value.email) });
  }

  if (intent === "store_request") {
    const storeValues = Object.fromEntries(Object.entries(STORE_REQUEST_FIELDS).map(([name, max]) => [name, echoField(form, name, max)]));
    const limited = await rateLimited(app.env.CACHE, [[LIMITS.storeRequestIp, ip]]);
    if (limited) return reply({ intent, values: storeValues, alert: { title: "Error submitting request", message: limited } }, 429);
    const parsed = checkForm(form, StoreRequestForm);
    if (!parsed.ok) return reply({ intent, values: storeValues, errors: parsed.errors });
    const mailed = await rateLimited(app.env.CACHE, [[LIMITS.storeRequestEmail, parsed.value.contactEmail]]);
    if (mailed) return reply({ intent, values: storeValues, alert: { title: "Error submitting request", message: mailed } }, 429);
    const requestId = await insertStoreRequest(app.db, parsed.value, now.getTime());
    // The applicant is told it arrived (issue 23).
    await tellStoreRequestReceived(app, { id: requestId, ...parsed.value });
    await tellStoreRequestWaiting(app, { id: requestId, storeName: parsed.value.storeName });
    return redirectWithToast(app.config, "/", { type: "success", title: "Store request submitted!", description: "We will review your request and get back to you soon." });
  }

  return dataWithToast(app.config, { intent: echoField(form, "intent", 32), alert: { title: "Error", message: "An unexpected error occurred" } } as AuthActionData, { type: "error", title: "Error", description: "An unexpected error occurred" }, { status: 400 });
}

function Tabs({ tab, redirectTo }: { tab: Tab; redirectTo: string }) {
  const suffix = redirectTo ? `&redirectTo=${encodeURIComponent(redirectTo)}` : "";
  const link = (t: Tab, label: string) => (
    <Link
      to={`/auth?tab=${t}${suffix}`}
      aria-current={tab === t ? "page" : undefined}
      className={`flex-1 rounded-md px-4 py-2 text-center font-medium ${tab === t ? "bg-white shadow" : "text-stone-600"}`}
      preventScrollReset
      replace
    >
      {label}
    </Link>
  );
  return (
    <nav aria-label="Sign in or sign up" className="flex gap-1 rounded-lg bg-stone-200 p-1">
      {link("signin", "Sign In")}
      {link("signup", "Sign Up")}
    </nav>
  );
}

function SignInPanel({ redirectTo, email, result }: { redirectTo: string; email: string | null; result?: AuthActionData }) {
  const busy = useSubmitting("signin");
  const mine = result?.intent === "signin" ? result : undefined;
  return (
    <section aria-labelledby="signin-title" className="space-y-4">
      <h2 id="signin-title" className="text-xl font-semibold">Sign In</h2>
      {mine?.alert ? <FormAlert {...mine.alert} /> : null}
      <Form method="post" action="/auth" className="space-y-4" noValidate>
        <input type="hidden" name="intent" value="signin" />
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <Field label="Email" name="email" type="email" autoComplete="email" required defaultValue={mine?.values?.email ?? email ?? undefined} error={mine?.errors?.email} />
        <Field label="Password" name="password" type="password" autoComplete="current-password" required error={mine?.errors?.password} />
        <div className="flex items-center justify-between">
          <SubmitButton busy={busy} busyLabel="Signing in...">Sign In</SubmitButton>
          <Link to="/auth/forgot" className="text-sm text-brand underline">Forgot password?</Link>
        </div>
      </Form>
      {mine?.unverifiedEmail ? (
        <Form method="post" action="/auth" className="rounded-md border border-stone-200 bg-stone-50 p-3 text-sm">
          <input type="hidden" name="intent" value="resend" />
          <input type="hidden" name="email" value={mine.unverifiedEmail} />
          <p>Did not get the e-mail?</p>
          <button type="submit" className="mt-1 font-medium text-brand underline">Resend verification email</button>
        </Form>
      ) : null}
    </section>
  );
}

function SignUpPanel({ signUpAs, result }: { signUpAs: "user" | "store"; result?: AuthActionData }) {
  const creating = useSubmitting("signup");
  const requesting = useSubmitting("store_request");
  const user = result?.intent === "signup" ? result : undefined;
  const store = result?.intent === "store_request" ? result : undefined;
  const initial = store ? "store" : user ? "user" : signUpAs;
  // The radios switch the forms with CSS (:has), so the choice works without JavaScript.
  return (
    <section aria-labelledby="signup-title" className="group/signup space-y-4">
      <h2 id="signup-title" className="text-xl font-semibold">Sign Up</h2>
      <fieldset className="flex gap-6">
        <legend className="mb-2 text-sm font-medium">Sign up as</legend>
        <label className="flex items-center gap-2">
          <input type="radio" name="signup-as" value="user" defaultChecked={initial === "user"} className="peer/user" id="signup-as-user" />
          User
        </label>
        <label className="flex items-center gap-2">
          <input type="radio" name="signup-as" value="store" defaultChecked={initial === "store"} id="signup-as-store" />
          Store
        </label>
      </fieldset>

      <div className="group-has-[#signup-as-store:checked]/signup:hidden">
        {user?.alert ? <FormAlert title={user.alert.title} message={user.alert.message} /> : null}
        <Form method="post" action="/auth" className="mt-2 space-y-4" noValidate aria-label="Create a user account">
          <input type="hidden" name="intent" value="signup" />
          <Field label="Full name" name="fullName" autoComplete="name" required defaultValue={user?.values?.fullName} error={user?.errors?.fullName} />
          <Field label="Email" name="email" type="email" autoComplete="email" required defaultValue={user?.values?.email} error={user?.errors?.email} id="signup-email" />
          <Field label="Password" name="password" type="password" autoComplete="new-password" required error={user?.errors?.password} id="signup-password" hint="At least 6 characters" />
          <Field label="Confirm password" name="confirmPassword" type="password" autoComplete="new-password" required error={user?.errors?.confirmPassword} />
          <SubmitButton busy={creating} busyLabel="Creating account...">Create Account</SubmitButton>
        </Form>
      </div>

      <div className="hidden group-has-[#signup-as-store:checked]/signup:block">
        <p className="text-sm text-stone-700">Partner stores join through a request that our team reviews.</p>
        {store?.alert ? <FormAlert title={store.alert.title} message={store.alert.message} /> : null}
        <Form method="post" action="/auth" className="mt-2 space-y-4" noValidate aria-label="Request a store account">
          <input type="hidden" name="intent" value="store_request" />
          <Field label="Contact name" name="contactName" required defaultValue={store?.values?.contactName} error={store?.errors?.contactName} />
          <Field label="Store name" name="storeName" required defaultValue={store?.values?.storeName} error={store?.errors?.storeName} />
          <Field label="Store address" name="storeAddress" required defaultValue={store?.values?.storeAddress} error={store?.errors?.storeAddress} />
          <Field label="Store website (optional)" name="storeWebsite" type="url" placeholder="https://" defaultValue={store?.values?.storeWebsite} error={store?.errors?.storeWebsite} />
          <Field label="Contact email" name="contactEmail" type="email" required defaultValue={store?.values?.contactEmail} error={store?.errors?.contactEmail} />
          <SubmitButton busy={requesting} busyLabel="Submitting request...">Submit Request</SubmitButton>
        </Form>
      </div>
    </section>
  );
}

export default function AuthPage({ loaderData, actionData }: Route.ComponentProps) {
  const result = actionData as AuthActionData | undefined;
  const tab: Tab = result ? (result.intent === "signin" || result.intent === "resend" ? "signin" : "signup") : loaderData.tab;
  useEffect(() => {
    if (result?.alert) showToast({ type: "error", title: result.alert.title, description: result.alert.message });
  }, [result]);
  return (
    <div className="mx-auto max-w-md space-y-6 py-6">
      <h1 className="text-center text-2xl font-bold">Welcome to Closetloop</h1>
      <Tabs tab={tab} redirectTo={loaderData.redirectTo} />
      <div className="rounded-lg border border-stone-200 bg-white p-6">
        {tab === "signin" ? <SignInPanel redirectTo={loaderData.redirectTo} email={loaderData.email} result={result} /> : <SignUpPanel signUpAs={loaderData.signUpAs as "user" | "store"} result={result} />}
      </div>
    </div>
  );
}
