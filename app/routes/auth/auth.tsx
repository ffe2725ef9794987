import { useEffect } from "react";
import { data, redirect } from "react-router";
import { tellStoreRequestReceived, tellStoreRequestWaiting } from "../../services/notices.server";
import type { Route } from "./+types/auth";
import { appContext, requestState } from "../../context";
import { SignUpForm, StoreRequestForm, ForgotPasswordForm } from "../../domain/auth-forms";
import { checkForm } from "../../domain/submission";
import { echoField } from "../../domain/form-body";
import { readIntent } from "../../domain/intents";
import { safeRedirect } from "../../domain/safe-redirect";
import { insertStoreRequest } from "../../data/users.server";
import {
  authenticator,
  FormInvalidError,
  registerUser,
  requestAccountEmail,
  SignInError,
} from "../../services/auth.server";
import {
  clearSignInFailures,
  clientIp,
  LIMITS,
  rateLimited,
  recordSignInFailure,
  signInThrottled,
} from "../../services/rate-limit.server";
import { createSession } from "../../services/session.server";
import { accountCurrency } from "../../data/rates.server";
import { currencyCookie } from "../../services/display-currency.server";
import { dataWithToast, redirectWithToast } from "../../services/toast.server";
import { signInEmailHeaders, signInEmailOf } from "../../services/sign-in-email.server";
import { showToast } from "../../components/toasts";
import type { AuthActionData } from "../../components/auth/auth-answer";
import { AuthTabs, type Tab } from "../../components/auth/auth-tabs";
import { SignInPanel } from "../../components/auth/sign-in-panel";
import { SignUpPanel } from "../../components/auth/sign-up-panel";
import { rememberTimeZone } from "../../services/time-zone.server";

export const meta: Route.MetaFunction = () => [{ title: "Sign in or create an account | Closetloop" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  if (context.get(requestState).user) throw redirect("/");
  const url = new URL(request.url);
  const tab: Tab = url.searchParams.get("tab") === "signup" ? "signup" : "signin";
  const signUpAs = url.searchParams.get("as") === "store" ? "store" : "user";
  // The address an account step just used, so signing in starts with it (decision 0069).
  const email = await signInEmailOf(context.get(appContext).config, request);
  return { tab, signUpAs, redirectTo: safeRedirect(url.searchParams.get("redirectTo"), ""), email };
}

const reply = (body: AuthActionData, status = 400) => data(body, { status });

// The store request's fields and the most of each shown back after an error (StoreRequestForm).
const STORE_REQUEST_FIELDS = {
  contactName: 120,
  storeName: 120,
  storeAddress: 300,
  storeWebsite: 300,
  contactEmail: 254,
};

export const intents = ["signin", "resend", "signup", "store_request"] as const;

export async function action({ request, context }: Route.ActionArgs) {
  const app = context.get(appContext);
  const form = await request.clone().formData();
  const intent = readIntent(form, intents);
  const origin = new URL(request.url).origin;
  const ip = clientIp(request);
  const now = new Date();
  const emailField = String(form.get("email") ?? form.get("contactEmail") ?? "")
    .trim()
    .toLowerCase();
  const values = { email: echoField(form, "email", 254), fullName: echoField(form, "fullName", 120) };

  if (intent === "signin") {
    const [busyAddress, throttled] = await Promise.all([
      rateLimited(app.env.CACHE, [[LIMITS.signInIp, ip]]),
      signInThrottled(app.env.CACHE, emailField, ip),
    ]);
    const limited = throttled ?? busyAddress;
    if (limited) return reply({ intent, values, alert: { title: "Error signing in", message: limited } }, 429);
    try {
      const userId = await authenticator(app).authenticate("form", request);
      const [cookie, , currency] = await Promise.all([
        createSession(app, userId),
        clearSignInFailures(app.env.CACHE, emailField, ip),
        accountCurrency(app.db, userId),
        // Their zone, for the e-mails and jobs that have no request (decision 0095): a seller may never order.
        rememberTimeZone(app.db, userId, context.get(requestState).timeZone).catch((error) =>
          console.error("sign-in: could not remember the time zone", error),
        ),
      ]);
      // Their saved display currency comes back with them (decision 0084).
      if (currency) context.get(requestState).setCookies.push(currencyCookie(currency, !app.config.isDev));
      return redirectWithToast(
        app.config,
        safeRedirect(form.get("redirectTo")),
        { type: "success", title: "Welcome back!" },
        { headers: { "set-cookie": cookie } },
      );
    } catch (error) {
      if (error instanceof FormInvalidError) return reply({ intent, values, errors: error.errors });
      if (error instanceof SignInError) {
        if (error.reason === "invalid") await recordSignInFailure(app.env.CACHE, emailField, ip);
        return reply(
          {
            intent,
            values,
            alert: { title: "Error signing in", message: error.message },
            unverifiedEmail: error.reason === "unverified" ? error.email : undefined,
          },
          error.reason === "invalid" ? 401 : 403,
        );
      }
      throw error;
    }
  }

  if (intent === "resend") {
    const limited = await rateLimited(app.env.CACHE, [
      [LIMITS.resetIp, ip],
      [LIMITS.resetEmail, emailField || ip],
    ]);
    if (limited) return reply({ intent, alert: { title: "Error", message: limited } }, 429);
    const parsed = checkForm(form, ForgotPasswordForm);
    // Whether the account exists and waits for verification is looked up by the queue consumer,
    // so this answer is the same, in the same time, either way (decision 0017).
    if (parsed.ok) await requestAccountEmail(app, "verify_email", parsed.value.email, origin);
    return redirectWithToast(app.config, "/auth", {
      type: "success",
      title: "Verification email sent",
      description: "If that account is waiting for verification, a new link is on its way.",
    });
  }

  if (intent === "signup") {
    // Every attempt counts against the address it comes from; only a form that would create an
    // account (and send an e-mail) counts against its e-mail, so typing mistakes lock no one out.
    const limited = await rateLimited(app.env.CACHE, [[LIMITS.signUpIp, ip]]);
    if (limited) return reply({ intent, values, alert: { title: "Error creating account", message: limited } }, 429);
    const parsed = checkForm(form, SignUpForm);
    if (!parsed.ok) {
      const mismatch = parsed.errors.confirmPassword === "Passwords do not match";
      return reply({
        intent,
        values,
        errors: parsed.errors,
        alert: mismatch ? { title: "Error", message: "Passwords do not match" } : undefined,
      });
    }
    const mailed = await rateLimited(app.env.CACHE, [[LIMITS.signUpEmail, parsed.value.email]]);
    if (mailed) return reply({ intent, values, alert: { title: "Error creating account", message: mailed } }, 429);
    // A taken e-mail gets the same answer; its owner gets an e-mail instead (decision 0017).
    await registerUser(app, parsed.value, origin, now);
    return redirectWithToast(
      app.config,
      "/auth?tab=signin",
      { type: "success", title: "Account created!", description: "Please check your email to verify your account." },
      { headers: await signInEmailHeaders(app.config, parsed.value.email) },
    );
  }

  if (intent === "store_request") {
    const storeValues = Object.fromEntries(
      Object.entries(STORE_REQUEST_FIELDS).map(([name, max]) => [name, echoField(form, name, max)]),
    );
    const limited = await rateLimited(app.env.CACHE, [[LIMITS.storeRequestIp, ip]]);
    if (limited)
      return reply(
        { intent, values: storeValues, alert: { title: "Error submitting request", message: limited } },
        429,
      );
    const parsed = checkForm(form, StoreRequestForm);
    if (!parsed.ok) return reply({ intent, values: storeValues, errors: parsed.errors });
    const mailed = await rateLimited(app.env.CACHE, [[LIMITS.storeRequestEmail, parsed.value.contactEmail]]);
    if (mailed)
      return reply({ intent, values: storeValues, alert: { title: "Error submitting request", message: mailed } }, 429);
    const requestId = await insertStoreRequest(app.db, parsed.value, now.getTime());
    // The applicant is told it arrived (issue 23).
    await tellStoreRequestReceived(app, { id: requestId, ...parsed.value });
    await tellStoreRequestWaiting(app, { id: requestId, storeName: parsed.value.storeName });
    return redirectWithToast(app.config, "/", {
      type: "success",
      title: "Store request submitted!",
      description: "We will review your request and get back to you soon.",
    });
  }

  return dataWithToast(
    app.config,
    {
      intent: echoField(form, "intent", 32),
      alert: { title: "Error", message: "An unexpected error occurred" },
    } as AuthActionData,
    { type: "error", title: "Error", description: "An unexpected error occurred" },
    { status: 400 },
  );
}

export default function AuthPage({ loaderData, actionData }: Route.ComponentProps) {
  const result = actionData as AuthActionData | undefined;
  const tab: Tab = result
    ? result.intent === "signin" || result.intent === "resend"
      ? "signin"
      : "signup"
    : loaderData.tab;
  useEffect(() => {
    if (result?.alert) showToast({ type: "error", title: result.alert.title, description: result.alert.message });
  }, [result]);
  return (
    <div className="mx-auto max-w-md space-y-6 py-6">
      <h1 className="text-center text-2xl font-bold">Welcome to Closetloop</h1>
      <AuthTabs tab={tab} redirectTo={loaderData.redirectTo} />
      <div className="rounded-lg border border-stone-200 bg-white p-6">
        {tab === "signin" ? (
          <SignInPanel redirectTo={loaderData.redirectTo} email={loaderData.email} result={result} />
        ) : (
          <SignUpPanel signUpAs={loaderData.signUpAs as "user" | "store"} result={result} />
        )}
      </div>
    </div>
  );
}
