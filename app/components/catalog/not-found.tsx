import { Link } from "react-router";

/** A page's own "not found" state with a way home ('Product not found', 'Store not found' ...). */
export function NotFoundSection({ title, message, back = { to: "/", label: "Back to Home" } }: { title: string; message?: string; back?: { to: string; label: string } }) {
  return (
    <section className="mx-auto max-w-xl py-16 text-center">
      <h1 className="text-3xl font-bold">{title}</h1>
      {message ? <p className="mt-3 text-stone-700">{message}</p> : null}
      <Link to={back.to} className="mt-6 inline-block rounded-md bg-brand px-4 py-2 font-medium text-white">{back.label}</Link>
    </section>
  );
}
