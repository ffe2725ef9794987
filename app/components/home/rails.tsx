import { Link } from "react-router";

// The home page's rails (app/routes/shop/home.tsx): a row of cards that scrolls sideways, and its section.

/** A row of cards that scrolls sideways, reachable by keyboard. */
export function Rail({ children, label }: { children: React.ReactNode; label: string }) {
  return (
    <ul className="mt-5 flex snap-x snap-mandatory gap-4 overflow-x-auto pb-2" tabIndex={0} aria-label={label}>
      {children}
    </ul>
  );
}

/** A home page rail with its heading and 'view all' link, or what it says when it has nothing to show. */
export function RailSection({
  id,
  title,
  link,
  empty,
  children,
}: {
  id: string;
  title: string;
  link: { to: string; label: string };
  empty: string | null;
  children: React.ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="mt-12">
      <div className="flex items-baseline justify-between gap-4">
        <h2 id={id} className="font-display text-2xl font-semibold tracking-tight sm:text-3xl">
          {title}
        </h2>
        <Link to={link.to} className="text-sm font-medium text-brand underline underline-offset-4">
          {link.label}
        </Link>
      </div>
      {empty ? <p className="mt-4 text-stone-700">{empty}</p> : children}
    </section>
  );
}
