import { data, redirect } from "react-router";
import type { Route } from "./+types/page";
import { appContext } from "../../context";
import { contactSettings, PAGE_KEYS, pageContent } from "../../data/content.server";
import { Paragraphs } from "../../components/prose";
import { sharedPage } from "../../services/page-cache.server";
import { BadgesHelp } from "../../components/badges-help";

// DECISIONS.md (Routes): the footer's pages render admin-managed content at /pages/{key};
// "Contact us" shows the contact details from site settings.
//
// The same for every anonymous visitor: the Worker may reuse it briefly (services/page-cache).
export const headers = sharedPage;
// Signed-in visitors get it too, with their personal parts filled in (services/personal-page.server.tsx).
export const sharedWhenSignedIn = true;

export async function loader({ context, params }: Route.LoaderArgs) {
  const app = context.get(appContext);
  if (params.key === "privacy_policy") throw redirect("/privacy-policy", 301);
  // The badges' help page (issue 46 item 2; decision 0091): its rules are the domain's, not admin content.
  if (params.key === "badges") return { kind: "badges" as const, title: "Ratings and badges" };
  if (params.key === "contact")
    return { kind: "contact" as const, title: "Contact us", contact: await contactSettings(app.db) };
  if (!(PAGE_KEYS as readonly string[]).includes(params.key)) throw data(null, { status: 404 });
  const page = await pageContent(app.db, params.key);
  if (!page?.content) throw data(null, { status: 404 });
  return { kind: "page" as const, title: page.title ?? params.key, content: page.content };
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData ? [{ title: `${loaderData.title} | Closetloop` }] : [];

export default function ContentPage({ loaderData }: Route.ComponentProps) {
  return (
    <article className="mx-auto max-w-3xl">
      <a href="/" className="text-sm text-brand underline">
        ← Back to Home
      </a>
      <h1 className="mt-4 text-3xl font-bold">{loaderData.title}</h1>
      {loaderData.kind === "page" ? (
        <Paragraphs text={loaderData.content} />
      ) : loaderData.kind === "badges" ? (
        <BadgesHelp />
      ) : (
        <dl className="mt-6 grid grid-cols-[10rem_1fr] gap-y-2">
          {loaderData.contact.contact_email ? (
            <>
              <dt className="font-medium">Email</dt>
              <dd>
                <a className="underline" href={`mailto:${loaderData.contact.contact_email}`}>
                  {loaderData.contact.contact_email}
                </a>
              </dd>
            </>
          ) : null}
          {loaderData.contact.support_email ? (
            <>
              <dt className="font-medium">Support</dt>
              <dd>
                <a className="underline" href={`mailto:${loaderData.contact.support_email}`}>
                  {loaderData.contact.support_email}
                </a>
              </dd>
            </>
          ) : null}
          {loaderData.contact.phone_number ? (
            <>
              <dt className="font-medium">Phone</dt>
              <dd>
                <a className="underline" href={`tel:${loaderData.contact.phone_number.replace(/\s/g, "")}`}>
                  {loaderData.contact.phone_number}
                </a>
              </dd>
            </>
          ) : null}
        </dl>
      )}
    </article>
  );
}
