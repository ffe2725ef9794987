import { data, redirect } from "react-router";
import type { Route } from "./+types/consent";
import { appContext, requestState } from "../../context";
import { decideConsent, type ConsentChoice } from "../../domain/consent";
import { safeRedirect } from "../../domain/safe-redirect";
import { consentSetCookie } from "../../services/consent.server";

const CHOICES: ConsentChoice[] = ["accept_all", "reject_non_essential", "save"];

export async function action({ request, context }: Route.ActionArgs) {
  const app = context.get(appContext);
  const form = await request.formData();
  const intent = form.get("intent");
  if (!CHOICES.includes(intent as ConsentChoice)) {
    return data({ ok: false, message: "Choose Accept All, Reject Non-Essential or Save Preferences." }, { status: 400 });
  }
  const consent = decideConsent(
    intent as ConsentChoice,
    { analytics: form.get("analytics") === "on", marketing: form.get("marketing") === "on", preferences: form.get("preferences") === "on" },
    new Date(),
  );
  context.get(requestState).setCookies.push(await consentSetCookie(consent, !app.config.isDev));
  if (form.get("enhanced") === "1") return { ok: true, consent };
  return redirect(safeRedirect(form.get("returnTo")));
}

export function loader() {
  return redirect("/cookie-policy");
}
