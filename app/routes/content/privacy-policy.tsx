import { Link } from "react-router";
import type { Route } from "./+types/privacy-policy";
import { appContext } from "../../context";
import { pageContent } from "../../data/content.server";
import { LegalLayout, LegalSection, Paragraphs } from "../../components/prose";
import { formatLongDate } from "../../domain/dates";
import { sharedPage } from "../../services/page-cache.server";

// The same for every anonymous visitor: the Worker may reuse it briefly (services/page-cache).
export const headers = sharedPage;
// Signed-in visitors get it too, with their personal parts filled in (services/personal-page.server.tsx).
export const sharedWhenSignedIn = true;

export const meta: Route.MetaFunction = () => [
  { title: "Privacy Policy | Closetloop" },
  { name: "description", content: "How Closetloop collects, uses and protects your personal data." },
];

// 'Last updated' shows today's date (shopper.md §2.12). The spec's 15 sections always show; what
// staff write for page privacy_policy in the admin Content tab (decision 0034) is added after
// them as 'Additional information', never instead of them (issue 24).
export async function loader({ context }: Route.LoaderArgs) {
  const page = await pageContent(context.get(appContext).db, "privacy_policy");
  return { updated: formatLongDate(Date.now()), addition: page?.content?.trim() ? page.content : null };
}

const PRIVACY_MAILBOX = "privacy@closetloop.co.uk";

export default function PrivacyPolicy({ loaderData }: Route.ComponentProps) {
  return (
    <LegalLayout title="Privacy Policy" updated={loaderData.updated}>
      <LegalSection n={1} title="Introduction">
        <p>
          Closetloop is a marketplace for pre-owned fashion where you can rent items for up to 7 days or buy them
          outright. This policy explains what personal data we collect when you use Closetloop, why we collect it and
          the choices you have.
        </p>
      </LegalSection>
      <LegalSection n={2} title="Data controller">
        <p>
          Closetloop Ltd, registered in England and Wales, is the controller of your personal data. You can reach us
          about anything in this policy at{" "}
          <a className="underline" href={`mailto:${PRIVACY_MAILBOX}`}>
            {PRIVACY_MAILBOX}
          </a>
          .
        </p>
      </LegalSection>
      <LegalSection n={3} title="Information we collect">
        <p>
          Account details (name, e-mail address, password, profile picture); order details (billing and delivery
          addresses, phone number, what you rent or buy); listings you create; messages to our team; and technical data
          such as your device, browser and the pages you visit, where you allow it.
        </p>
      </LegalSection>
      <LegalSection n={4} title="Legal basis for processing">
        <p>
          We process your data to perform our contract with you (running your account, orders and rentals), to meet
          legal obligations (tax and accounting records), for our legitimate interests (keeping the marketplace safe and
          improving it) and, for marketing and optional cookies, with your consent.
        </p>
      </LegalSection>
      <LegalSection n={5} title="How we use your information">
        <p>
          To create and secure your account, to process orders, rentals, returns and payouts, to check listings, to send
          service e-mails, to prevent fraud and, if you agreed, to send you our newsletter and offers.
        </p>
      </LegalSection>
      <LegalSection n={6} title="Sharing your information">
        <p>
          We share what is needed with the seller or partner store handling your order, delivery companies, our payment,
          e-mail and hosting providers, and authorities when the law requires it. We never sell your personal data.
        </p>
      </LegalSection>
      <LegalSection n={7} title="Cookies">
        <p>
          We use necessary cookies to run the site and, with your consent, analytics, marketing and preference cookies.
          See our{" "}
          <a className="underline" href="/cookie-policy">
            Cookie Policy
          </a>{" "}
          for details and how to change your choice.
        </p>
      </LegalSection>
      <LegalSection n={8} title="Your rights under GDPR">
        <p>
          You have the right to access, correct, delete or export your data, to restrict or object to processing, and to
          withdraw consent at any time. You can export or delete your data from{" "}
          <Link className="underline" to="/account?tab=profile">
            your account page
          </Link>{" "}
          (Data privacy), or write to us.
        </p>
      </LegalSection>
      <LegalSection n={9} title="Data security">
        <p>
          Passwords are stored only as salted hashes, connections are encrypted, and access to personal data is limited
          to staff who need it for their role.
        </p>
      </LegalSection>
      <LegalSection n={10} title="Data retention">
        <p>
          We keep account data while your account is open, and order and financial records for six years to meet UK tax
          law. Data we no longer need is deleted or anonymised.
        </p>
      </LegalSection>
      <LegalSection n={11} title="International transfers">
        <p>
          Some of our providers process data outside the UK. When they do, we rely on adequacy decisions or the UK
          International Data Transfer Agreement to protect it.
        </p>
      </LegalSection>
      <LegalSection n={12} title="Children under 16">
        <p>
          Closetloop is not intended for anyone under 16, and we do not knowingly collect data from children under 16.
          If you believe a child has given us data, contact us and we will delete it.
        </p>
      </LegalSection>
      <LegalSection n={13} title="Changes to this policy">
        <p>
          We may update this policy. When we make important changes we will tell you by e-mail or on the site, and the
          date at the top always shows the latest version.
        </p>
      </LegalSection>
      <LegalSection n={14} title="Contact us">
        <p>
          For any privacy question or to exercise your rights, write to{" "}
          <a className="underline" href={`mailto:${PRIVACY_MAILBOX}`}>
            {PRIVACY_MAILBOX}
          </a>
          .
        </p>
      </LegalSection>
      <LegalSection n={15} title="Supervisory authority">
        <p>
          If you are unhappy with how we handle your data, you can complain to the Information Commissioner's Office
          (ICO), the UK supervisory authority, at ico.org.uk or on 0303 123 1113.
        </p>
      </LegalSection>
      {loaderData.addition ? (
        <section aria-labelledby="privacy-addition">
          <h2 id="privacy-addition" className="mt-8 text-xl font-semibold">
            Additional information
          </h2>
          <Paragraphs text={loaderData.addition} />
        </section>
      ) : null}
    </LegalLayout>
  );
}
