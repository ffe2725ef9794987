import { Fragment, type ReactNode } from "react";

/** A record's facts as terms and their values, two columns (a product's details, a request's prices). */
export function Details({
  items,
  className,
}: {
  items: readonly (readonly [string, ReactNode])[];
  className?: string;
}) {
  return (
    <dl className={`grid grid-cols-2 gap-x-3 gap-y-1 text-sm ${className ?? ""}`}>
      {items.map(([term, value]) => (
        <Fragment key={term}>
          <dt className="text-stone-700">{term}</dt>
          <dd>{value}</dd>
        </Fragment>
      ))}
    </dl>
  );
}
