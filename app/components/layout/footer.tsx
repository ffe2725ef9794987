import { Link, useLocation } from "react-router";
import type { PublicSettings, SocialLinks } from "../../domain/site";
import { cookieSettingsHref } from "../../domain/consent";
import { deferredPart } from "../kit/deferred-part";
import { KeptMarkup } from "../kit/kept-markup";
import type { DisplayCurrency } from "../../domain/currency";

// Hydrated after the page (decision 0128): both are plain forms until their code came.
const NewsletterSignup = deferredPart(() => import("./newsletter"), "NewsletterSignup");
const CurrencyPicker = deferredPart(() => import("./currency-picker"), "CurrencyPicker");

// bluesky is read from the settings but not rendered (shopper.md §2.3).
const SOCIAL = [
  ["facebook_url", "Facebook"],
  ["instagram_url", "Instagram"],
  ["tiktok_url", "TikTok"],
  ["x_url", "X"],
] as const;

export function Footer({
  social,
  settings,
  year,
  currency,
}: {
  social: SocialLinks;
  settings: PublicSettings;
  year: number;
  currency?: { chosen: DisplayCurrency; ratesUnavailable: boolean } | null;
}) {
  const shown = SOCIAL.filter(([key]) => social[key]);
  // The newsletter page shows the same form in its body; one form per page keeps ids unique.
  const location = useLocation();
  const onNewsletterPage = location.pathname === "/newsletter";
  // The page's address is a value of the footer (its forms come back to it): on the server its
  // markup is rendered once per everything it shows (decision 0142), the address included.
  const address = location.pathname + location.search;
  return (
    <KeptMarkup
      as="footer"
      className="mt-16 bg-brand text-stone-100"
      inputs={[social, settings, year, currency, address]}
    >
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-10 sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <p className="text-lg font-bold">{settings.siteTitle}</p>
          <p className="mt-2 text-sm text-stone-300">{settings.siteDescription}</p>
          {settings.contactEmail ? (
            <p className="mt-2 text-sm">
              <a href={`mailto:${settings.contactEmail}`} className="hover:underline">
                {settings.contactEmail}
              </a>
            </p>
          ) : null}
        </div>
        <nav aria-labelledby="footer-company">
          <h2 id="footer-company" className="font-semibold">
            Company
          </h2>
          <ul className="mt-2 space-y-1 text-sm">
            <li>
              <Link to="/pages/about_us" className="hover:underline">
                About us
              </Link>
            </li>
            <li>
              <Link to="/pages/terms_conditions" className="hover:underline">
                Terms &amp; Conditions
              </Link>
            </li>
            <li>
              <Link to="/privacy-policy" className="hover:underline">
                Privacy Policy
              </Link>
            </li>
            <li>
              <Link to="/cookie-policy" className="hover:underline">
                Cookie Policy
              </Link>
            </li>
            <li>
              <Link
                to={cookieSettingsHref(location.pathname, location.search)}
                preventScrollReset
                className="hover:underline"
              >
                Cookie settings
              </Link>
            </li>
          </ul>
        </nav>
        <nav aria-labelledby="footer-service">
          <h2 id="footer-service" className="font-semibold">
            Customer Service
          </h2>
          <ul className="mt-2 space-y-1 text-sm">
            <li>
              <Link to="/account?tab=orders" className="hover:underline">
                Track your order
              </Link>
            </li>
            <li>
              <Link to="/pages/contact" className="hover:underline">
                Contact us
              </Link>
            </li>
            <li>
              <Link to="/pages/delivery" className="hover:underline">
                Delivery
              </Link>
            </li>
            <li>
              <Link to="/pages/returns" className="hover:underline">
                Returns
              </Link>
            </li>
            <li>
              <Link to="/pages/faq" className="hover:underline">
                FAQ
              </Link>
            </li>
          </ul>
        </nav>
        <div>
          {onNewsletterPage ? null : <NewsletterSignup returnTo={address} />}
          {currency && location.pathname !== "/currency" ? (
            <CurrencyPicker chosen={currency.chosen} ratesUnavailable={currency.ratesUnavailable} returnTo={address} />
          ) : null}
          {shown.length > 0 ? (
            <ul className="mt-4 flex gap-4 text-sm" aria-label="Social media">
              {shown.map(([key, label]) => (
                <li key={key}>
                  <a href={social[key]} rel="noopener noreferrer" target="_blank" className="hover:underline">
                    {label}
                  </a>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      </div>
      <p className="border-t border-white/10 py-4 text-center text-xs text-stone-300">
        © {year} Closetloop. All rights reserved.
      </p>
    </KeptMarkup>
  );
}
