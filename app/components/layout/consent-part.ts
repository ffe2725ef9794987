import { deferredPart } from "../kit/deferred-part";

// The cookie bar and its dialog, hydrated after the page (decision 0128): until its code came,
// its choices are plain form posts and 'Customize' a link, as without JavaScript.
export const CookieConsent = deferredPart(() => import("./cookie-consent"), "CookieConsent");
