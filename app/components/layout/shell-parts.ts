import { deferredPart } from "../kit/deferred-part";

// The shell around every page, hydrated after the page (decisions 0128 and 0130): the server
// renders each whole, and until its code came each is that HTML, as without JavaScript: the
// header's links and search form, its basket link (to /cart) and account menu (a <details>), the
// footer's links and forms, the server's toast, the cookie bar's choices as form posts and its
// 'Customize' as a link. Then each hydrates in place and its enhancements start.
export const Header = deferredPart(() => import("./header"), "Header");
export const Footer = deferredPart(() => import("./footer"), "Footer");
export const Toaster = deferredPart(() => import("../toaster"), "Toaster");
export const CookieConsent = deferredPart(() => import("./cookie-consent"), "CookieConsent");
