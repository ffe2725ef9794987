import { Form } from "react-router";
import { deadlineFor } from "../../domain/dates";
import { DEFAULT_TURNAROUND_DAYS, MAX_TURNAROUND_DAYS } from "../../domain/rental-dates";
import { EmptyState, Panel } from "../kit/panel";
import { Field } from "../forms";

/**
 * 'Being prepared' (issue 44, item 4; decision 0080): returned rentals cleaned before they are
 * live again, each with 'Mark ready' for its handler, and the handler's turnaround setting. Staff
 * see the list without the forms (action null).
 */
export function BeingPrepared({
  items,
  action,
  turnaroundDays,
  error,
  zone = null,
}: {
  items: { id: string; name: string; preparedUntil: number }[];
  action: string | null;
  turnaroundDays?: number;
  error?: string;
  zone?: string | null;
}) {
  return (
    <Panel title={`Being prepared (${items.length})`}>
      {items.length === 0 ? (
        <EmptyState>No returned item is being prepared.</EmptyState>
      ) : (
        <ul className="space-y-2 text-sm">
          {items.map((item) => (
            <li key={item.id} className="flex flex-wrap items-center justify-between gap-2">
              <span>{`${item.name} · live again ${deadlineFor(item.preparedUntil, zone)}`}</span>
              {action ? (
                <Form method="post" action={action} aria-label={`Mark ${item.name} ready`}>
                  <input type="hidden" name="intent" value="mark_ready" />
                  <input type="hidden" name="productId" value={item.id} />
                  <button type="submit" className="rounded-md border border-stone-300 bg-white px-3 py-1.5 font-medium">
                    Mark ready
                  </button>
                </Form>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {action ? (
        <Form method="post" action={action} className="mt-4 flex flex-wrap items-end gap-3" aria-label="Turnaround">
          <input type="hidden" name="intent" value="set_turnaround" />
          <Field
            label="Turnaround (days before a returned rental is live again)"
            name="turnaroundDays"
            id="turnaround-days"
            type="number"
            min={0}
            max={MAX_TURNAROUND_DAYS}
            defaultValue={String(turnaroundDays ?? DEFAULT_TURNAROUND_DAYS)}
            error={error}
          />
          <button type="submit" className="rounded-md bg-stone-900 px-4 py-2 font-semibold text-white">
            Save turnaround
          </button>
        </Form>
      ) : null}
    </Panel>
  );
}
