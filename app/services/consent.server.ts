import { createCookie } from "react-router";
import { parseConsent, type Consent } from "../domain/consent";

// About a year, as the cookie policy says of most cookies (shopper.md §9).
export const consentCookie = createCookie("cl_consent", {
  httpOnly: true,
  sameSite: "lax",
  path: "/",
  maxAge: 60 * 60 * 24 * 365,
});

export async function readConsent(request: Request): Promise<Consent | null> {
  const header = request.headers.get("cookie");
  if (!header?.includes("cl_consent")) return null;
  return parseConsent(await consentCookie.parse(header));
}

export async function consentSetCookie(consent: Consent, secure: boolean) {
  return consentCookie.serialize(consent, { secure });
}
