import { Link } from "react-router";
import { lastAuthor, type InboxRow } from "../../domain/messages";

/** Conversations newest first: the item's photo and name, the other party, the last message and the unread count. */
export function InboxList({
  rows,
  ago,
  label = "Conversations",
}: {
  rows: readonly InboxRow[];
  ago: (at: number) => string;
  label?: string;
}) {
  return (
    <ul className="divide-y divide-stone-200 rounded-lg border border-stone-200 bg-white" aria-label={label}>
      {rows.map((c) => (
        <li key={c.id} data-testid="conversation" className={c.unread > 0 ? "bg-amber-50/60" : ""}>
          <Link to={`/account/messages/${c.id}`} className="flex items-center gap-3 p-4 hover:bg-stone-50">
            {c.productImage ? (
              <img
                src={c.productImage}
                alt=""
                width={48}
                height={60}
                className="h-15 w-12 shrink-0 rounded object-cover"
              />
            ) : (
              <div className="h-15 w-12 shrink-0 rounded bg-stone-200" aria-hidden="true" />
            )}
            <div className="min-w-0 flex-1">
              <p className="flex items-baseline justify-between gap-2">
                <span className="truncate font-semibold">{c.otherName}</span>
                <span className="shrink-0 text-xs text-stone-600">{ago(c.lastAt)}</span>
              </p>
              <p className="truncate text-sm text-stone-700">
                {c.productName}
                {c.as === "reader" ? " · your item, handled by the store" : ""}
              </p>
              <p className="truncate text-sm text-stone-600">
                {c.lastBody === null ? "No messages yet" : `${lastAuthor(c)}${c.lastBody}`}
              </p>
            </div>
            {c.unread > 0 ? (
              <span
                className="shrink-0 rounded-full bg-brand px-2 py-0.5 text-xs font-semibold text-white"
                data-testid="unread"
              >
                {c.unread}
                <span className="sr-only"> unread</span>
              </span>
            ) : null}
          </Link>
        </li>
      ))}
    </ul>
  );
}
