import { Form, Link } from "react-router";
import { CONTENT_PAGES } from "../../domain/admin-content";
import { primaryButtonClass } from "../kit/buttons";
import { fieldErrors, Section, sentValues, TextArea } from "../admin-content";
import { Field } from "../forms";

// The admin Content tab's page content (seller-store-admin.md §3; decision 0034): the footer's
// pages, one at a time, with where each is shown.

export function PageContentSection({
  pageKey,
  page,
  actionData,
}: {
  pageKey: string;
  page: { title: string; content: string };
  actionData: unknown;
}) {
  const errors = (form: string) => fieldErrors(actionData, form);
  const sent = (form: string) => sentValues(actionData, form);
  return (
    <Section id="pages" title="Page content">
      <nav aria-label="Pages" className="mb-3 flex flex-wrap gap-2 text-sm">
        {CONTENT_PAGES.map((p) => (
          <Link
            key={p.key}
            to={`?page=${p.key}#pages`}
            aria-current={p.key === pageKey ? "page" : undefined}
            className="rounded-full border border-stone-300 px-3 py-1 aria-[current=page]:border-brand aria-[current=page]:bg-brand aria-[current=page]:text-white"
          >
            {p.label}
          </Link>
        ))}
      </nav>
      <Form
        key={pageKey}
        method="post"
        action={`?page=${pageKey}`}
        className="grid max-w-3xl gap-3"
        aria-label="Page content"
      >
        <input type="hidden" name="pageKey" value={pageKey} />
        {errors("page").pageKey ? <p className="text-sm text-red-700">{errors("page").pageKey}</p> : null}
        <Field
          label="Title"
          name="title"
          required
          maxLength={200}
          defaultValue={sent("page")?.title ?? page.title}
          error={errors("page").title}
        />
        <TextArea
          label="Content"
          name="content"
          rows={12}
          maxLength={100_000}
          defaultValue={sent("page")?.content ?? page.content}
          error={errors("page").content}
          hint="Plain text; a blank line starts a new paragraph."
        />
        {pageKey === "privacy_policy" ? (
          <p className="text-sm text-stone-700">
            Added after the policy&apos;s 15 standard sections as &lsquo;Additional information&rsquo;: it cannot
            replace them.
          </p>
        ) : null}
        <p className="text-sm">
          Shown at{" "}
          <Link to={pageKey === "privacy_policy" ? "/privacy-policy" : `/pages/${pageKey}`} className="underline">
            {pageKey === "privacy_policy" ? "/privacy-policy" : `/pages/${pageKey}`}
          </Link>
        </p>
        <div>
          <button type="submit" name="intent" value="page" className={primaryButtonClass}>
            Save page
          </button>
        </div>
      </Form>
    </Section>
  );
}
