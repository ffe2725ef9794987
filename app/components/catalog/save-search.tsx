import { Form } from "react-router";

/**
 * 'Save this search' on a listing (issue 25, item 7): the listing's own address (its search and
 * filters) with a name, posted to the account's saved searches. A <details> and a plain form, so
 * it works without JavaScript; the same for every visitor (signed out, the post leads to sign-in).
 */
export function SaveSearch({ canonical }: { canonical: string }) {
  const url = new URL(canonical);
  return (
    <details className="mb-4 text-sm">
      <summary className="cursor-pointer font-semibold text-brand">Save this search</summary>
      <Form
        method="post"
        action="/account/saved-searches"
        className="mt-2 flex flex-wrap items-end gap-2"
        aria-label="Save this search"
      >
        <input type="hidden" name="intent" value="save" />
        <input type="hidden" name="url" value={url.pathname + url.search} />
        <label className="flex flex-col gap-1">
          <span>Name this search</span>
          <input
            name="name"
            required
            maxLength={60}
            className="rounded-md border border-stone-300 bg-white px-3 py-2"
          />
        </label>
        <button type="submit" className="rounded-md bg-brand px-4 py-2 font-semibold text-white">
          Save search
        </button>
      </Form>
    </details>
  );
}
