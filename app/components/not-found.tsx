import { isRouteErrorResponse, Link } from "react-router";

type NotFoundProps = { title: string; message?: string; back?: { to: string; label: string } };

/** A page's own "not found" state with a way back ('Product not found', 'Store not found' ...). */
export function NotFoundSection({ title, message, back = { to: "/", label: "Back to Home" } }: NotFoundProps) {
  return (
    <section className="mx-auto max-w-xl py-16 text-center">
      <h1 className="text-3xl font-bold">{title}</h1>
      {message ? <p className="mt-3 text-stone-700">{message}</p> : null}
      <Link to={back.to} className="mt-6 inline-block rounded-md bg-brand px-4 py-2 font-medium text-white">
        {back.label}
      </Link>
    </section>
  );
}

/**
 * A route's ErrorBoundary for the "not found" its loader throws (a 404): the page explains it
 * in place; anything else goes on to the root's error screen.
 */
export function notFoundBoundary(props: NotFoundProps) {
  return function ErrorBoundary({ error }: { error: unknown }) {
    if (!isRouteErrorResponse(error) || error.status !== 404) throw error;
    return <NotFoundSection {...props} />;
  };
}

/** The way back from a conversation's pages when the record is missing, or not the visitor's. */
export const MESSAGES_BACK = { to: "/account/messages", label: "Back to your messages" };

/** The site's own 404 (shopper.md §2.1): an address with no page, or a record a page does not name in its own words. */
export function PageNotFound() {
  return <NotFoundSection title="404" message="Oops! Page not found" back={{ to: "/", label: "Return to Home" }} />;
}
