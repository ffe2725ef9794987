import type { ReactNode } from "react";
import { Form } from "react-router";
import { SEARCH_MAX } from "../domain/admin-lists";
import { FieldError, FormAlert, invalidProps } from "./forms";
import { RejectForm } from "./reject-form";
import { ReturnTo, RowAction } from "./kit/row-actions";
import { DataTable, type DataTableProps } from "./kit/data-table";
import { listHref } from "./kit/paging";

// Pieces the admin tabs share (decision 0031): the GET search form, the answer of a refused
// action, and the hidden field that brings a form back to the page (search, page) it came from.

/** A search box that submits with GET, so results are a URL that works without JavaScript. */
export function SearchForm({
  label,
  q,
  error,
  children,
}: {
  label: string;
  q: string;
  error?: string | null;
  children?: ReactNode;
}) {
  return (
    <Form method="get" role="search" aria-label={label} className="mb-4 flex flex-wrap items-end gap-2">
      <div className="flex flex-col gap-1">
        <label htmlFor="admin-search" className="text-sm font-medium">
          {label}
        </label>
        <input
          id="admin-search"
          type="search"
          name="q"
          defaultValue={q}
          maxLength={SEARCH_MAX}
          {...invalidProps("admin-search", error ?? undefined)}
          className="w-72 rounded-md border border-stone-300 bg-white px-3 py-2 aria-invalid:border-red-600"
        />
        <FieldError id="admin-search-error" error={error ?? undefined} />
      </div>
      {children}
      <button type="submit" className="rounded-md border border-stone-300 bg-white px-4 py-2 font-medium">
        Search
      </button>
    </Form>
  );
}

/** A filter select inside the search form. */
export function FilterSelect({
  name,
  label,
  value,
  options,
}: {
  name: string;
  label: string;
  value: string | null;
  options: readonly { value: string; label: string }[];
}) {
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={`filter-${name}`} className="text-sm font-medium">
        {label}
      </label>
      <select
        id={`filter-${name}`}
        name={name}
        defaultValue={value ?? ""}
        className="rounded-md border border-stone-300 bg-white px-3 py-2"
      >
        <option value="">All</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * An admin tab's searchable list (decision 0031): the search form (with its filter), then the
 * table, 50 rows a page, every page link keeping the search. Its empty text says whether the
 * search found nothing or there is nothing yet ('No orders match your search.', 'No orders yet.').
 */
export function SearchableTable<Row>({
  tab,
  noun,
  search,
  filter,
  page,
  hasNext,
  ...table
}: {
  tab: string;
  noun: string;
  search: { label: string; q: string; error?: string | null };
  filter?: { name: string; label: string; value: string | null; options: readonly { value: string; label: string }[] };
  page: number;
  hasNext: boolean;
} & Omit<DataTableProps<Row>, "empty" | "paging">) {
  const params = { q: search.q, ...(filter ? { [filter.name]: filter.value } : {}) };
  const searched = Object.values(params).some(Boolean);
  return (
    <>
      <SearchForm label={search.label} q={search.q} error={search.error}>
        {filter ? <FilterSelect {...filter} /> : null}
      </SearchForm>
      <DataTable<Row>
        {...table}
        empty={searched ? `No ${noun} match your search.` : `No ${noun} yet.`}
        paging={{ page, hasNext, href: (n) => listHref(tab, params, n) }}
      />
    </>
  );
}

export interface ActionFailure {
  error: { title: string; message: string };
}

/** What a refused action said, shown on the page (the toast says it too, with JavaScript or without). */
export function ActionAlert({ data }: { data: unknown }) {
  const failure = data as ActionFailure | undefined;
  if (!failure?.error) return null;
  return (
    <div className="mb-4">
      <FormAlert title={failure.error.title} message={failure.error.message} />
    </div>
  );
}

/** The spec's 'Access Denied - …' message as a page: its title, then the reason. */
export function AccessDenied({ message }: { message: string }) {
  const [title, ...rest] = message.split(" - ");
  return (
    <section role="alert" className="mx-auto max-w-xl py-16 text-center">
      <h1 className="text-3xl font-bold">{title}</h1>
      <p className="mt-3 text-stone-700">{rest.join(" - ")}</p>
    </section>
  );
}

/**
 * A staff decision on a record waiting for them: Approve (one click), and Reject… with its reason
 * and confirmation (RejectForm). Both forms name the record by `field` and come back to this tab.
 */
export function ReviewActions({
  id,
  name,
  field,
  shownTo,
  answer,
}: {
  id: string;
  name: string;
  field: string;
  shownTo: string;
  answer: unknown;
}) {
  return (
    <>
      <RowAction intent="approve" text="Approve" label={`Approve ${name}`} fields={{ [field]: id }} returnTo />
      <RejectForm id={id} name={name} shownTo={shownTo} answer={answer}>
        <ReturnTo />
        <input type="hidden" name={field} value={id} />
      </RejectForm>
    </>
  );
}
