import { data, redirect } from "react-router";
import type { Route } from "./+types/consent";
import { appContext, requestState } from "../../context";
import { decideConsent, type ConsentChoice } from "../../domain/consent";
import { readIntent } from "../../domain/intents";
import { safeRedirect } from "../../domain/safe-redirect";
import { consentSetCookie } from "../../services/consent.server";

export const intents = ["accept_all", "reject_non_essential", "save"] as const satisfies readonly ConsentChoice[];

export async function action({ request, context }: Route.ActionArgs) {
  const app = context.get(appContext);
  const form = await request.formData();
  const intent = readIntent(form, intents);
  if (!intent) {
    return data(
      { ok: false, message: "Choose Accept All, Reject Non-Essential or Save Preferences." },
      { status: 400 },
    );
  }
  const consent = decideConsent(
    intent,
    {
      analytics: form.get("analytics") === "on",
      marketing: form.get("marketing") === "on",
      preferences: form.get("preferences") === "on",
    },
    new Date(),
  );
  context.get(requestState).setCookies.push(await consentSetCookie(consent, !app.config.isDev));
  if (form.get("enhanced") === "1") return { ok: true, consent };
  return redirect(safeRedirect(form.get("returnTo")));
}

export function loader() {
  return redirect("/cookie-policy");
}
