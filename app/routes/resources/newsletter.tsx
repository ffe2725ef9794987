import { data } from "react-router";
import type { Route } from "./+types/newsletter";
import { tellNewsletterWelcome } from "../../services/notices.server";
import { appContext } from "../../context";
import { echoField } from "../../domain/form-body";
import { checkForm } from "../../domain/submission";
import { NewsletterForm, NEWSLETTER_FAILURE, NEWSLETTER_SUCCESS } from "../../domain/newsletter";
import { safeRedirect } from "../../domain/safe-redirect";
import { subscribeToNewsletter } from "../../services/marketing.server";
import { clientIp, LIMITS, rateLimited } from "../../services/rate-limit.server";
import { redirectWithToast } from "../../services/toast.server";
import { NewsletterSignup, type NewsletterResult } from "../../components/layout/newsletter";

export const meta: Route.MetaFunction = () => [{ title: "Newsletter | Closetloop" }];

export async function action({ request, context }: Route.ActionArgs) {
  const app = context.get(appContext);
  const form = await request.formData();
  const enhanced = form.get("enhanced") === "1";
  const returnTo = safeRedirect(form.get("returnTo"));
  const parsed = checkForm(form, NewsletterForm);
  if (!parsed.ok) {
    const fieldError = parsed.errors.email ?? NEWSLETTER_FAILURE;
    // Without JavaScript this page renders the form again with the message at the field.
    return data<NewsletterResult>(
      { ok: false, message: fieldError, fieldError, email: echoField(form, "email", 254) },
      { status: 400 },
    );
  }
  const limited = await rateLimited(app.env.CACHE, [
    [LIMITS.newsletterIp, clientIp(request)],
    [LIMITS.newsletterEmail, parsed.value.email],
  ]);
  if (limited)
    return data<NewsletterResult>(
      { ok: false, message: limited, fieldError: limited, email: parsed.value.email },
      { status: 429 },
    );
  try {
    await subscribeToNewsletter(app.env, parsed.value.email, new Date());
    // The welcome e-mail carries the one-click unsubscribe link (issue 23).
    await tellNewsletterWelcome(app, parsed.value.email, null);
  } catch (error) {
    console.error("newsletter: subscription failed", error);
    if (enhanced) return data<NewsletterResult>({ ok: false, message: NEWSLETTER_FAILURE }, { status: 502 });
    return redirectWithToast(app.config, returnTo, { type: "error", title: NEWSLETTER_FAILURE });
  }
  if (enhanced) return data<NewsletterResult>({ ok: true, message: NEWSLETTER_SUCCESS });
  return redirectWithToast(app.config, returnTo, { type: "success", title: NEWSLETTER_SUCCESS });
}

export default function NewsletterPage({ actionData }: Route.ComponentProps) {
  return (
    <section className="mx-auto max-w-md rounded-lg bg-brand p-6 text-stone-100">
      <h1 className="mb-2 text-xl font-semibold">Newsletter</h1>
      <p className="mb-4 text-sm text-stone-300">
        New arrivals, styling ideas and Rent-Now-Buy-Later news, once a week at most.
      </p>
      <NewsletterSignup result={actionData} />
    </section>
  );
}
