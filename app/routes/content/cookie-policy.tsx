import { Link } from "react-router";
import type { Route } from "./+types/cookie-policy";
import { LegalLayout, LegalSection } from "../../components/prose";
import { formatLongDate } from "../../domain/dates";
import { sharedPage } from "../../services/page-cache.server";

// The same for every anonymous visitor: the Worker may reuse it briefly (services/page-cache).
export const headers = sharedPage;
// Signed-in visitors get it too, with their personal parts filled in (services/personal-page.server.tsx).
export const sharedWhenSignedIn = true;

export const meta: Route.MetaFunction = () => [
  { title: "Cookie Policy | Closetloop" },
  { name: "description", content: "The cookies Closetloop uses and how to manage them." },
];

export function loader() {
  return { updated: formatLongDate(Date.now()) };
}

export default function CookiePolicy({ loaderData }: Route.ComponentProps) {
  return (
    <LegalLayout title="Cookie Policy" updated={loaderData.updated}>
      <LegalSection n={1} title="Necessary cookies (always active)">
        <p>
          These keep the site working: signing in, your basket, security checks and remembering your cookie choice. They
          cannot be switched off.
        </p>
      </LegalSection>
      <LegalSection n={2} title="Analytics cookies (optional)">
        <p>
          With your consent, these count visits and show us which pages help people find what they love, so we can
          improve Closetloop.
        </p>
      </LegalSection>
      <LegalSection n={3} title="Marketing cookies (optional)">
        <p>With your consent, these help us show you relevant offers and measure our campaigns.</p>
      </LegalSection>
      <LegalSection n={4} title="Preference cookies (optional)">
        <p>With your consent, these remember choices such as how you like listings sorted.</p>
      </LegalSection>
      <LegalSection n={5} title="Third-party cookies">
        <p>
          Analytics and marketing partners may set their own cookies only when you have accepted that category. They are
          bound by their own privacy policies.
        </p>
      </LegalSection>
      <LegalSection n={6} title="How long cookies last">
        <p>
          Most of our cookies persist for 1 to 2 years. Our own: <code>cl_consent</code> keeps your choice for 1 year,{" "}
          <code>cl_session</code> keeps you signed in for up to 30 days, <code>cl_toast</code> carries a message between
          two pages for 60 seconds, and <code>cl_currency</code> keeps the currency you chose to read prices in for 1
          year (set only when you choose one).
        </p>
      </LegalSection>
      <LegalSection n={7} title="Managing your preferences">
        <p>
          Use the cookie banner to accept, reject or choose categories. You can change your mind at any time, and
          withdraw your consent as easily as you gave it, from the{" "}
          <Link className="underline" to="/cookie-policy?cookies=customize" preventScrollReset>
            Cookie settings
          </Link>{" "}
          (also at the foot of every page). Your browser's settings also let you block or delete cookies, and the main
          analytics providers offer opt-out tools on their sites.
        </p>
      </LegalSection>
      <LegalSection n={8} title="Do Not Track">
        <p>
          We respect the Do Not Track and Global Privacy Control signals of your browser: when one is on and you have
          not made a choice in the banner, we treat the optional categories as refused and do not ask.
        </p>
      </LegalSection>
    </LegalLayout>
  );
}
