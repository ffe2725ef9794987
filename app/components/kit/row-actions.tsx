import type { ReactNode } from "react";
import { Form, useLocation } from "react-router";
import { buttonClass, linkButtonClass, primaryButtonClass } from "./buttons";

// A row's actions (docs/dashboard-kit.md): each one a plain POST form that works without
// JavaScript, naming its record by hidden fields and its action by the button's intent.

/** The current page with its search and page number: where a row's form returns after saving. */
export function ReturnTo() {
  const location = useLocation();
  return <input type="hidden" name="returnTo" value={location.pathname + location.search} />;
}

/** The hidden inputs that name a row's record. */
export function HiddenFields({ fields }: { fields: Record<string, string> }) {
  return Object.entries(fields).map(([name, value]) => <input key={name} type="hidden" name={name} value={value} />);
}

const LOOKS = { button: buttonClass, primary: primaryButtonClass, link: linkButtonClass } as const;

/**
 * One action of a row: `fields` name the record, `intent` the action; `label` says which record
 * to a screen reader ('Save status of order …'). What goes before the button (a select and its
 * label, a badge) is `children`. With `returnTo` the form comes back to this page (its search and
 * page), as the tab's action allows (tabReturnTo).
 */
export function RowAction({
  intent,
  text,
  label,
  fields,
  returnTo,
  action,
  look = "button",
  disabled,
  className,
  children,
}: {
  intent: string;
  text: string;
  label?: string;
  fields: Record<string, string>;
  returnTo?: boolean;
  action?: string;
  look?: keyof typeof LOOKS;
  disabled?: boolean;
  className?: string;
  children?: ReactNode;
}) {
  return (
    <Form method="post" action={action} className={className}>
      {returnTo ? <ReturnTo /> : null}
      <HiddenFields fields={fields} />
      {children}
      <button type="submit" name="intent" value={intent} disabled={disabled} className={LOOKS[look]} aria-label={label}>
        {text}
      </button>
    </Form>
  );
}

/**
 * A destructive action behind a confirmation that needs no JavaScript: the first button opens
 * (a native <details>), the second posts the form.
 */
export function ConfirmForm({
  label,
  question,
  confirmLabel,
  action,
  fields,
  intent,
}: {
  label: string;
  question: string;
  confirmLabel: string;
  action?: string;
  fields?: Record<string, string>;
  intent: string;
}) {
  return (
    <details className="relative inline-block">
      <summary className="cursor-pointer list-none text-sm font-medium text-red-700 underline">{label}</summary>
      <div
        role="dialog"
        aria-label={label}
        className="absolute right-0 z-30 mt-2 w-64 rounded-md border border-stone-200 bg-white p-3 text-sm shadow-lg"
      >
        <p>{question}</p>
        <Form method="post" action={action} className="mt-2">
          <HiddenFields fields={fields ?? {}} />
          <button
            type="submit"
            name="intent"
            value={intent}
            className="rounded-md bg-red-700 px-3 py-1.5 font-medium text-white"
          >
            {confirmLabel}
          </button>
        </Form>
      </div>
    </details>
  );
}
