import { Link } from "react-router";
import { pageLinks } from "./paging";
import { EmptyState } from "./panel";

/** Previous / next links for a paged list (50 a page in the admin): plain links, so every page is a URL. */
export function Pagination({
  page,
  hasNext,
  href,
}: {
  page: number;
  hasNext: boolean;
  href: (page: number) => string;
}) {
  const links = pageLinks(page, hasNext, href);
  if (!links) return null;
  return (
    <nav aria-label="Pages" className="mt-4 flex items-center justify-between text-sm">
      {links.previous ? (
        <Link to={links.previous} className="text-brand underline">
          Previous
        </Link>
      ) : (
        <span />
      )}
      <span className="text-stone-600">Page {page}</span>
      {links.next ? (
        <Link to={links.next} className="text-brand underline">
          Next
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}

/** A page past the end of a list (an old link, a typed address): not 'nothing yet', but where the list is. */
export function PastTheEnd({ page, firstPage }: { page: number; firstPage: string }) {
  return (
    <EmptyState>
      {`There is nothing on page ${page}. `}
      <Link to={firstPage} className="text-brand underline">
        Go to the first page
      </Link>
    </EmptyState>
  );
}
